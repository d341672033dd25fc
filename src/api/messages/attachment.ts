import * as z from 'zod';
import { FL } from '../features';

/**
 * An uploaded file (`GET /attachments`, and `detached_uploads` of a message edit). Bodies from
 * older servers are upgraded by {@link normalizeAttachment} before parsing.
 */
export const Attachment = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  /** The file's URL is `{server_url}/user_uploads/<path_id>`. */
  path_id: z.string(),
  size: z.number().int(),
  /** Upload time, UNIX seconds. */
  create_time: z.number().int(),
  /** Messages, by anyone in the organisation, that link to the file. */
  message_ids: z.array(z.number().int()),
});
export type Attachment = z.infer<typeof Attachment>;

/** `detached_uploads` of `PATCH /messages/{message_id}`: files no message links to any more. */
export const DetachedUploads = z.array(Attachment);

/** The fields of `GET /attachments`. */
export const AttachmentsShape = {
  attachments: z.array(Attachment),
  /** Bytes used by the current user's uploads. */
  upload_space_used: z.number().int().optional(),
};

/**
 * Upgrades one raw attachment object to the current shape:
 * - FL.attachmentMessageIds: older servers send `messages: [{id, date_sent}]` instead of `message_ids`;
 * - FL.attachmentCreateTimeSeconds: older servers send `create_time` in milliseconds.
 */
export function normalizeAttachment(raw: unknown, featureLevel: number): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  // Tolerated above the gate too when `message_ids` is missing.
  const oldMessages = featureLevel < FL.attachmentMessageIds || out.message_ids === undefined;
  if (oldMessages && Array.isArray(out.messages)) {
    out.message_ids = out.messages
      .map((m) => (typeof m === 'object' && m !== null ? (m as Record<string, unknown>).id : undefined))
      .filter((id): id is number => typeof id === 'number');
  }
  if (featureLevel < FL.attachmentCreateTimeSeconds && typeof out.create_time === 'number') {
    out.create_time = Math.floor(out.create_time / 1000);
  }
  return out;
}

/** {@link normalizeAttachment} over a list (non-lists pass unchanged, for zod to report). */
export function normalizeAttachments(raw: unknown, featureLevel: number): unknown {
  return Array.isArray(raw) ? raw.map((a) => normalizeAttachment(a, featureLevel)) : raw;
}
