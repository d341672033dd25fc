import * as z from 'zod';
import type { ServerInfo } from './features';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Limits of the organisation, learned from `POST /register` (docs/API.md defaults apply when unknown). */
export interface RealmLimits {
  maxTopicLength?: number;
  maxMessageLength?: number;
  /** `realm_mandatory_topics`: topics are required in channel messages. */
  mandatoryTopics?: boolean;
  /**
   * `realm_topics_policy` (FL 392): when known, each channel's `topics_policy` decides about the
   * empty topic (src/store/channelPolicy.ts), not `mandatoryTopics`.
   */
  topicsPolicy?: string;
  /** `realm_empty_topic_display_name`. */
  emptyTopicDisplayName?: string;
  maxReminderNoteLength?: number;
  maxSavedSnippetTitleLength?: number;
  /** `max_file_upload_size_mib`: the largest upload in MiB; 0 when uploads are disabled. */
  maxFileUploadSizeMib?: number;
}

/** What an operation's hooks may read about the call and the connected server. */
export interface CallContext {
  /** The operation key, e.g. `"PATCH /messages/{message_id}"`. */
  readonly route: string;
  readonly server: ServerInfo;
  readonly limits: RealmLimits;
}

/**
 * One API operation: how to send it and what comes back. Keyed in `operations` by docs/API.md's own
 * string (`"METHOD /path"`). Tools outside the client read this table, so keep its shape.
 */
export interface Operation<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Path below `/api/v1`, with `{name}` placeholders filled from `params` (percent-encoded). */
  path: string;
  /** Every parameter the client may send, including path parameters. */
  params: P;
  /** The success body. */
  response: R;
  /** For endpoints the service calls (outgoing webhooks): the body it sends; the client never sends it. */
  payload?: z.ZodType;
  /** False for the few endpoints that need no credentials (`GET /server_settings`). */
  auth?: boolean;
  /** Checks that need the server's version or limits; throw `ValidationError`. */
  check?: (params: z.output<P>, ctx: CallContext) => void;
  /** Rewrites validated params into what this server version understands. */
  encode?: (params: z.output<P>, ctx: CallContext) => Record<string, unknown>;
  /** Upgrades a raw success body from an older server to the current shape, before parsing. */
  normalize?: (body: Record<string, unknown>, ctx: CallContext) => Record<string, unknown>;
}

/** Declares an operation with its types kept (a typed identity function). */
export function defineOperation<P extends z.ZodObject, R extends z.ZodType>(op: Operation<P, R>): Operation<P, R> {
  return op;
}

/** The success envelope every response shares, extended with the operation's own fields. */
export function envelope<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject({
    result: z.literal('success'),
    msg: z.string(),
    ignored_parameters_unsupported: z.array(z.string()).optional(),
    ...shape,
  });
}
