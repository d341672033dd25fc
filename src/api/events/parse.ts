/**
 * Parsing of raw events: `parseEvent` upgrades shapes of older servers first (`normalizeEvent`),
 * maps a type or op this client does not know to an `UnknownEvent`, and reports a malformed event
 * instead of throwing, so one bad event never stops the queue.
 */
import type * as z from 'zod';
import { parseOrRefuse, REFUSED } from '../parse';
import { ChatEvent, PresenceTimes } from './models';
import { isRecord } from '../../guards';

/** The ops this client knows, per type; `undefined`: the type has no `op`. */
const KNOWN: Record<string, readonly string[] | undefined> = {
  heartbeat: undefined,
  message: undefined,
  update_message: undefined,
  delete_message: undefined,
  reaction: ['add', 'remove'],
  update_message_flags: ['add', 'remove'],
  submessage: undefined,
  subscription: ['add', 'remove', 'update', 'peer_add', 'peer_remove'],
  stream: ['create', 'delete', 'update'],
  user_topic: undefined,
  presence: undefined,
  user_status: undefined,
  realm_user: ['add', 'remove', 'update'],
  realm: ['update', 'update_dict'],
  realm_linkifiers: undefined,
  realm_emoji: ['update'],
  realm_playgrounds: undefined,
  channel_folder: ['add', 'update', 'reorder'],
  saved_snippets: ['add', 'update', 'remove'],
  scheduled_messages: ['add', 'update', 'remove'],
  reminders: ['add', 'remove'],
  drafts: ['add', 'update', 'remove'],
  user_settings: ['update'],
  // Old servers sent `op: "add"`; the list is complete either way.
  custom_profile_fields: undefined,
  typing: ['start', 'stop'],
  user_group: ['add', 'update', 'add_members', 'remove_members', 'add_subgroups', 'remove_subgroups', 'remove'],
};

export type ParsedEvent = { ok: true; event: ChatEvent } | { ok: false; raw: unknown; error: z.ZodError | Error };

/** Parses one raw event: normalises it, maps unknown types/ops to `unknown`, and never throws. */
export function parseEvent(raw: unknown): ParsedEvent {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, raw, error: new Error('An event is not a JSON object.') };
  }
  let body: Record<string, unknown>;
  try {
    body = normalizeEvent(raw as Record<string, unknown>);
  } catch (error) {
    return { ok: false, raw, error: error instanceof Error ? error : new Error(String(error)) };
  }
  const event = parseOrRefuse(ChatEvent, body);
  if (event !== REFUSED) return { ok: true, event };
  const result = ChatEvent.safeParse(body);
  return result.success ? { ok: true, event: result.data } : { ok: false, raw, error: result.error };
}

/**
 * Upgrades one raw event to the shapes of `ChatEvent`: older servers' spellings and singular
 * fields, and unknown types or ops to `unknown`.
 * The input is never modified: it is copied on the first change, and returned as it is when a
 * modern server's event needs none (the common case, thousands of times a minute).
 */
export function normalizeEvent(raw: Record<string, unknown>): Record<string, unknown> {
  let e = raw;
  /** `e`, copied from the input first if it still is the input. */
  const edit = (): Record<string, unknown> => (e === raw ? (e = { ...raw }) : e);
  const type = e.type;
  // Before feature level 32 `update_message_flags` said `operation` instead of `op`.
  if (e.op === undefined && typeof e.operation === 'string') edit().op = e.operation;
  if (typeof type !== 'string' || !Object.hasOwn(KNOWN, type)) {
    return { ...e, type: 'unknown', event_type: String(type), event_op: typeof e.op === 'string' ? e.op : undefined };
  }
  const ops = KNOWN[type];
  if (ops && !(typeof e.op === 'string' && ops.includes(e.op))) {
    return { ...e, type: 'unknown', event_type: type, event_op: typeof e.op === 'string' ? e.op : undefined };
  }
  switch (type) {
    case 'update_message':
    case 'delete_message':
      if (!Array.isArray(e.message_ids) && typeof e.message_id === 'number') edit().message_ids = [e.message_id];
      break;
    case 'reaction':
      // Old servers named the reacting user only in a `user` object.
      if (e.user_id === undefined && isRecord(e.user)) edit().user_id = e.user.user_id ?? e.user.id;
      break;
    case 'subscription':
      if (e.op === 'peer_add' || e.op === 'peer_remove') {
        if (!Array.isArray(e.stream_ids) && typeof e.stream_id === 'number') edit().stream_ids = [e.stream_id];
        if (!Array.isArray(e.user_ids) && typeof e.user_id === 'number') edit().user_ids = [e.user_id];
      }
      break;
    case 'stream':
      if (e.op === 'delete' && !Array.isArray(e.stream_ids) && Array.isArray(e.streams)) {
        edit().stream_ids = e.streams.map((s) => (isRecord(s) ? s.stream_id : undefined));
      }
      break;
    case 'presence': {
      const presences = normalizePresenceEvent(e);
      if (presences !== e.presences) edit().presences = presences;
      break;
    }
  }
  return e;
}

/** The `presences` map of a presence event, from either the modern or the legacy form. */
function normalizePresenceEvent(e: Record<string, unknown>): unknown {
  if (isRecord(e.presences)) return normalizePresenceMap(e.presences);
  if (typeof e.user_id === 'number' && isRecord(e.presence)) return { [String(e.user_id)]: legacyToTimes(e.presence) };
  return e.presences ?? {};
}

/** A presence map (event or `/register`) with every entry in the modern form. */
export function normalizePresenceMap(map: Record<string, unknown>): Record<string, unknown> {
  // Modern servers send only the modern form (thousands of entries at sign-in): nothing to copy.
  if (isModernPresenceMap(map)) return map;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(map)) out[key] = isRecord(value) ? toPresenceTimes(value) : value;
  return out;
}

function isModernPresenceMap(map: Record<string, unknown>): boolean {
  // Object.keys: user-id keys are array indices, which for-in and Object.values walk slowly.
  const keys = Object.keys(map);
  for (let i = 0; i < keys.length; i++) {
    const v = map[keys[i]!];
    if (isRecord(v) && !('active_timestamp' in v) && !('idle_timestamp' in v)) return false;
  }
  return true;
}

/**
 * One user's presence in the modern form, from either form: modern `{active_timestamp,
 * idle_timestamp}`, or legacy per-client reports (`{website: {status, timestamp}, aggregated}`).
 */
export function toPresenceTimes(value: Record<string, unknown>): Record<string, unknown> {
  if ('active_timestamp' in value || 'idle_timestamp' in value) return value;
  return legacyToTimes(value);
}

/** Legacy per-client reports: active at t means active and online at t; idle at t means online at t. */
function legacyToTimes(perClient: Record<string, unknown>): PresenceTimes {
  let active: number | undefined;
  let online: number | undefined;
  for (const report of Object.values(perClient)) {
    if (!isRecord(report) || typeof report.timestamp !== 'number') continue;
    const t = report.timestamp;
    online = Math.max(online ?? t, t);
    if (report.status === 'active') active = Math.max(active ?? t, t);
  }
  const out: PresenceTimes = {};
  if (active !== undefined) out.active_timestamp = active;
  if (online !== undefined) out.idle_timestamp = online;
  return out;
}
