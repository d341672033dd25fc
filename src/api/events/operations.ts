import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { normalizePresenceMap } from './parse';
import { RegisterSnapshot } from './register';
import { defineOperation, envelope } from '../operation';
import { renameKeys } from '../normalize';
import { isRecord } from '../../guards';

/** A narrow term for `/register`'s `narrow`: `{operator, operand, negated?}` or the legacy `[operator, operand]`. */
const NarrowTerm = z.union([
  z.object({
    operator: z.string(),
    operand: z.union([z.string(), z.number().int(), z.array(z.number().int())]),
    negated: z.boolean().optional(),
  }),
  z.array(z.string()),
]);

/** `POST /register` — a snapshot of the sections in `fetch_event_types` and a new event queue. */
export const registerQueue = defineOperation({
  method: 'POST',
  path: '/register',
  params: z.object({
    apply_markdown: z.boolean().optional(),
    client_gravatar: z.boolean().optional(),
    include_subscribers: z.union([z.boolean(), z.literal('partial')]).optional(),
    slim_presence: z.boolean().optional(),
    /** How far back presence data goes, in days (feature level 288; default 14). */
    presence_history_limit_days: z.number().int().positive().optional(),
    /** Omit for all types. */
    event_types: z.array(z.string()).optional(),
    all_public_streams: z.boolean().optional(),
    client_capabilities: z.record(z.string(), z.boolean()).optional(),
    /** Defaults to `event_types` on the server. */
    fetch_event_types: z.array(z.string()).optional(),
    narrow: z.array(NarrowTerm).optional(),
  }),
  response: envelope(RegisterSnapshot.shape),
  normalize: (body) => normalizeRegister(body),
});

/**
 * `GET /events` — long-polls the queue. Events stay raw here (`parseEvent` parses them one by one),
 * so one malformed event cannot fail the whole batch.
 */
export const getEvents = defineOperation({
  method: 'GET',
  path: '/events',
  params: z.object({
    queue_id: z.string().min(1, { error: () => l10n.t('The event queue id is required.') }),
    last_event_id: z.number().int().min(-1).optional(),
    dont_block: z.boolean().optional(),
  }),
  response: envelope({
    events: z.array(z.unknown()),
    queue_id: z.string().optional(),
  }),
});

/** `DELETE /events` — frees a queue (on shutdown). */
export const deleteQueue = defineOperation({
  method: 'DELETE',
  path: '/events',
  params: z.object({
    queue_id: z.string().min(1, { error: () => l10n.t('The event queue id is required.') }),
  }),
  response: envelope({}),
});

/** `POST /register`, `GET /events`, `DELETE /events`. */
export const eventOperations = {
  'POST /register': registerQueue,
  'GET /events': getEvents,
  'DELETE /events': deleteQueue,
} as const;

/** Upgrades a `/register` body from an older server or the other name flavour. */
export function normalizeRegister(body: Record<string, unknown>): Record<string, unknown> {
  const out = renameKeys(body, {
    zulip_feature_level: 'chat_feature_level',
    zulip_version: 'chat_version',
    zulip_merge_base: 'chat_merge_base',
  });
  // FL.realmUrl: older servers send only the deprecated `realm_uri`.
  if (out.realm_url === undefined && typeof out.realm_uri === 'string') out.realm_url = out.realm_uri;
  const unread = out.unread_msgs;
  if (isRecord(unread) && Array.isArray(unread.pms)) {
    // Before feature level 119 a 1:1 conversation was named by `sender_id`.
    out.unread_msgs = {
      ...unread,
      pms: unread.pms.map((p) =>
        isRecord(p) && p.other_user_id === undefined && p.sender_id !== undefined
          ? { ...p, other_user_id: p.sender_id }
          : p,
      ),
    };
  }
  // Legacy `{website, aggregated}` entries (servers without simplified presence) to the modern form.
  if (isRecord(out.presences)) out.presences = normalizePresenceMap(out.presences);
  return out;
}
