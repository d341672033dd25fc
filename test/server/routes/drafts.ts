/**
 * Message drafts kept on the server (`/drafts`), as the real service does them: every endpoint is
 * refused while the user's `enable_drafts_synchronization` is off; each change sends a `drafts`
 * event to the user's own queues; `to` of a direct-message draft names the other users (the own
 * ID alone for a note to self); timestamps are UNIX seconds (fractions accepted, whole ones shown).
 */
import { ChatServer } from '../core';
import { badRequest, notFound } from '../errors';
import { checkTopic } from '../messaging';
import { isInt, objArray, isObject } from '../params';
import { Ctx, Route } from '../router';
import { ServerDraftRecord, User } from '../types';

/** How many drafts `/register` returns at most (the service's MAX_DRAFTS_IN_REGISTER_RESPONSE). */
const MAX_DRAFTS_IN_REGISTER = 1000;
const TRUNCATED = '\n[message truncated]';
const FIELDS = new Set(['type', 'to', 'topic', 'content', 'timestamp']);

export function draftJson(d: ServerDraftRecord): Record<string, unknown> {
  return { id: d.id, type: d.type, to: d.to, topic: d.topic, content: d.content, timestamp: Math.floor(d.timestamp) };
}

/** The `drafts` register key: newest edit first, empty while synchronisation is off. */
export function registerDrafts(srv: ChatServer, user: User): Record<string, unknown>[] {
  return ownDrafts(srv, user)
    .sort((a, b) => b.timestamp - a.timestamp || b.id - a.id)
    .slice(0, MAX_DRAFTS_IN_REGISTER)
    .map(draftJson);
}

function ownDrafts(srv: ChatServer, user: User): ServerDraftRecord[] {
  return [...srv.state.drafts.values()].filter((d) => d.userId === user.id);
}

function requireSync(srv: ChatServer, user: User): void {
  if (srv.state.setting(user, 'enable_drafts_synchronization') !== true)
    throw badRequest('User has disabled synchronizing drafts.');
}

function invalid(name: string, why: string): never {
  throw badRequest(`${name} ${why}`, 'REQUEST_VARIABLE_INVALID', { var_name: name });
}

/** One draft dictionary, checked and normalised as the service does (`DraftData`, then its own rules). */
function validDraft(
  srv: ChatServer,
  user: User,
  raw: Record<string, unknown>,
  name: string,
): Omit<ServerDraftRecord, 'id' | 'userId'> {
  for (const k of Object.keys(raw)) if (!FIELDS.has(k)) invalid(`${name}.${k}`, 'is not allowed');
  const { type, to, topic, content, timestamp } = raw;
  if (type !== 'stream' && type !== 'private' && type !== '')
    invalid(`${name}.type`, 'is not one of "private", "stream", ""');
  if (!Array.isArray(to) || !to.every(isInt)) invalid(`${name}.to`, 'is not a list of integers');
  if (typeof topic !== 'string') invalid(`${name}.topic`, 'is not a string');
  if (typeof content !== 'string') invalid(`${name}.content`, 'is not a string');
  if (content.trim() === '') invalid(`${name}.content`, 'cannot be blank');
  if (timestamp !== undefined && timestamp !== null && typeof timestamp !== 'number')
    invalid(`${name}.timestamp`, 'is not a number');
  let body = content.trimEnd();
  if (body.includes('\0')) throw badRequest('Message must not contain null bytes');
  const max = srv.realmSetting<number>('max_message_length');
  if ([...body].length > max) body = [...body].slice(0, max - TRUNCATED.length).join('') + TRUNCATED;
  const ts = Math.round((typeof timestamp === 'number' ? timestamp : Date.now() / 1000) * 1e6) / 1e6;
  if (ts < 0) throw badRequest('Timestamp must not be negative.');
  const ids = to as number[];
  if (type === 'stream') {
    if (topic.includes('\0')) throw badRequest('Topic must not contain null bytes');
    const cleanTopic = checkTopic(srv, topic, true);
    if (ids.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages');
    const s = srv.state.streams.get(ids[0]!);
    if (!s || !srv.state.canAccessStream(user, s)) throw badRequest('Invalid channel ID');
    return { type, to: [s.id], topic: cleanTopic, content: body, timestamp: ts };
  }
  if (type === 'private' && ids.length > 0) {
    for (const id of ids) {
      const u = srv.state.users.get(id);
      if (!u || u.isSystemBot) throw badRequest(`Invalid user ID ${id}`);
    }
    const others = [...new Set(ids)].filter((id) => id !== user.id).sort((a, b) => a - b);
    return { type, to: others.length > 0 ? others : [user.id], topic: '', content: body, timestamp: ts };
  }
  // Unaddressed (or a direct message without recipients yet): no recipient is kept.
  return { type: type === 'private' ? 'private' : '', to: [], topic: '', content: body, timestamp: ts };
}

function ownDraft(ctx: Ctx): ServerDraftRecord {
  const d = ctx.srv.state.drafts.get(Number(ctx.path.draft_id));
  if (!d || d.userId !== ctx.user.id) throw notFound('Draft does not exist');
  return d;
}

export const draftRoutes: Route[] = [
  {
    method: 'GET',
    path: '/drafts',
    since: 87,
    handler: ({ srv, user }) => {
      requireSync(srv, user);
      const drafts = ownDrafts(srv, user)
        .sort((a, b) => a.timestamp - b.timestamp || a.id - b.id)
        .map(draftJson);
      return { count: drafts.length, drafts };
    },
  },
  {
    method: 'POST',
    path: '/drafts',
    since: 87,
    params: { drafts: { t: 'json', req: true, check: objArray } },
    handler: ({ srv, user, p }) => {
      requireSync(srv, user);
      const list = (p.drafts as Record<string, unknown>[]).map((raw, i) => validDraft(srv, user, raw, `drafts[${i}]`));
      const created = list.map((d) => ({ ...d, id: srv.state.nextId('draft'), userId: user.id }));
      for (const d of created) srv.state.drafts.set(d.id, d);
      srv.queues.send([user.id], 'drafts', { type: 'drafts', op: 'add', drafts: created.map(draftJson) });
      return { ids: created.map((d) => d.id) };
    },
  },
  {
    method: 'PATCH',
    path: '/drafts/{draft_id:int}',
    since: 87,
    params: { draft: { t: 'json', req: true, check: isObject } },
    handler: (ctx) => {
      const { srv, user, p } = ctx;
      requireSync(srv, user);
      const d = ownDraft(ctx);
      Object.assign(d, validDraft(srv, user, p.draft as Record<string, unknown>, 'draft'));
      srv.queues.send([user.id], 'drafts', { type: 'drafts', op: 'update', draft: draftJson(d) });
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/drafts/{draft_id:int}',
    since: 87,
    handler: (ctx) => {
      requireSync(ctx.srv, ctx.user);
      const d = ownDraft(ctx);
      ctx.srv.state.drafts.delete(d.id);
      ctx.srv.queues.send([ctx.user.id], 'drafts', { type: 'drafts', op: 'remove', draft_id: d.id });
      return {};
    },
  },
];
