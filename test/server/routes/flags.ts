import { checkModifiable } from '../channelPolicy';
import { ChatServer } from '../core';
import { badRequest } from '../errors';
import { checkEmoji } from '../emoji';
import { getAccessibleMessage } from '../messaging';
import { ANCHOR_DATE_FL, resolveDateAnchor } from '../anchorDate';
import { buildFilter, candidateIds, parseNarrow, rangeQuery } from '../narrow';
import { intArray, nonNegative, oneOf } from '../params';
import { Ctx, Route } from '../router';
import { EDITABLE_FLAGS, FLAG_BITS, Message, User } from '../types';

function checkFlag(flag: string): number {
  const bit = flag === 'wildcard_mentioned' ? FLAG_BITS.stream_wildcard_mentioned : FLAG_BITS[flag];
  if (bit === undefined) throw badRequest(`Invalid flag: '${flag}'`);
  if (!EDITABLE_FLAGS.has(flag)) throw badRequest(`Flag not editable: '${flag}'`);
  return bit;
}

function messageDetails(srv: ChatServer, user: User, ids: number[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const id of ids) {
    const m = srv.state.messages.get(id)!;
    const mentioned = ((srv.state.userMessageFlags(user.id, id) ?? 0) & FLAG_BITS.mentioned) !== 0;
    out[id] =
      m.type === 'stream'
        ? {
            type: 'stream',
            stream_id: m.streamId,
            topic: m.topic,
            unmuted_stream_msg: !srv.state.sub(user.id, m.streamId!)?.isMuted,
            ...(mentioned ? { mentioned } : {}),
          }
        : { type: 'private', user_ids: m.dmUsers!.filter((u) => u !== user.id), ...(mentioned ? { mentioned } : {}) };
  }
  return out;
}

/** Apply a flag change to the given messages; returns ids whose flag actually changed, and sends the event. */
export function applyFlag(srv: ChatServer, user: User, msgs: Message[], flag: string, op: 'add' | 'remove'): number[] {
  const bit = checkFlag(flag);
  const st = srv.state;
  const changed: number[] = [];
  for (const m of msgs) {
    let bits = st.userMessageFlags(user.id, m.id);
    if (bits === undefined) {
      // Historical message (no user message yet): starring creates one, as the service does.
      if (flag !== 'starred' && flag !== 'collapsed') continue;
      bits = FLAG_BITS.read | FLAG_BITS.historical;
    }
    const has = (bits & bit) !== 0;
    if (has === (op === 'add')) continue;
    st.setUserMessage(user.id, m.id, op === 'add' ? bits | bit : bits & ~bit);
    changed.push(m.id);
  }
  if (changed.length) {
    const event: Record<string, unknown> & { type: string } = {
      type: 'update_message_flags',
      op,
      operation: op,
      flag,
      messages: changed,
      all: false,
    };
    if (flag === 'read' && op === 'remove') event.message_details = messageDetails(srv, user, changed);
    srv.queues.send([user.id], 'update_message_flags', event);
  }
  return changed;
}

function postFlags(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  checkFlag(p.flag);
  const msgs = (p.messages as number[]).map((id) => getAccessibleMessage(srv, user, id));
  applyFlag(srv, user, msgs, p.flag, p.op);
  return { messages: p.messages };
}

function flagsNarrow(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  checkFlag(p.flag);
  const filter = buildFilter(srv, user, parseNarrow(p.narrow));
  const numBefore = Math.min(p.num_before, 5000);
  const numAfter = Math.min(p.num_after, 5000 - numBefore);
  const candidates = candidateIds(srv, user, filter, false);
  const r = rangeQuery(
    srv,
    user,
    candidates,
    filter,
    resolveDateAnchor(srv, candidates, filter, p.anchor, p.anchor_date),
    p.include_anchor,
    numBefore,
    numAfter,
  );
  let msgs = r.ids.map((id) => srv.state.messages.get(id)!);
  const out: Record<string, unknown> = {};
  if (p.flag === 'read' && p.op === 'remove') {
    const ignored = new Set<number>();
    msgs = msgs.filter((m) => {
      if (m.type === 'stream' && !srv.state.streams.get(m.streamId!)!.subscribers.has(user.id)) {
        ignored.add(m.streamId!);
        return false;
      }
      return true;
    });
    out.ignored_because_not_subscribed_channels = [...ignored];
  }
  const changed = applyFlag(srv, user, msgs, p.flag, p.op);
  return {
    processed_count: r.ids.length,
    updated_count: changed.length,
    first_processed_id: r.ids.length ? r.ids[0] : null,
    last_processed_id: r.ids.length ? r.ids[r.ids.length - 1] : null,
    found_oldest: r.foundOldest,
    found_newest: r.foundNewest,
    ...out,
  };
}

function reactionEvent(ctx: Ctx, m: Message, op: 'add' | 'remove', name: string, code: string, type: string): void {
  const { srv, user } = ctx;
  srv.queues.send(srv.messageAudience(m), 'reaction', {
    type: 'reaction',
    op,
    message_id: m.id,
    user_id: user.id,
    emoji_name: name,
    emoji_code: code,
    reaction_type: type === 'extra_emoji' ? srv.extraEmojiType : type,
    user: { user_id: user.id, email: srv.state.apiEmail(user), full_name: user.fullName },
  });
}

function addReaction(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  checkModifiable(srv, user, m);
  const { code, type } = checkEmoji(srv, p.emoji_name, p.emoji_code, p.reaction_type);
  if (m.reactions.some((r) => r.userId === user.id && r.emojiCode === code && r.reactionType === type)) {
    throw badRequest('Reaction already exists.', 'REACTION_ALREADY_EXISTS');
  }
  m.reactions.push({ emojiName: p.emoji_name, emojiCode: code, reactionType: type, userId: user.id });
  reactionEvent(ctx, m, 'add', p.emoji_name, code, type);
  return {};
}

function removeReaction(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  checkModifiable(srv, user, m);
  if (p.emoji_name === undefined && p.emoji_code === undefined) {
    throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
  }
  const type =
    p.reaction_type === undefined
      ? 'unicode_emoji'
      : p.reaction_type === srv.extraEmojiType
        ? 'extra_emoji'
        : p.reaction_type;
  if (!['unicode_emoji', 'realm_emoji', 'extra_emoji'].includes(type))
    throw badRequest('Invalid reaction_type', 'REQUEST_VARIABLE_INVALID', { var_name: 'reaction_type' });
  let code: string | undefined = p.emoji_code;
  if (code === undefined) code = checkEmoji(srv, p.emoji_name, undefined, p.reaction_type).code;
  else if (type === 'unicode_emoji' && !/^[0-9a-f]+(-[0-9a-f]+)*$/.test(code)) throw badRequest('Invalid emoji code.');
  else if (type === 'realm_emoji' && !srv.state.realmEmoji.has(code)) throw badRequest('Invalid emoji code.');
  const i = m.reactions.findIndex((r) => r.userId === user.id && r.emojiCode === code && r.reactionType === type);
  if (i < 0) throw badRequest("Reaction doesn't exist.", srv.fl >= 193 ? 'REACTION_DOES_NOT_EXIST' : 'BAD_REQUEST');
  const [r] = m.reactions.splice(i, 1);
  reactionEvent(ctx, m, 'remove', r.emojiName, r.emojiCode, r.reactionType);
  return {};
}

/** `POST /mark_all_as_read` (deprecated, still served): one event with `all: true` and no ids, as the service sends it. */
function markAllAsRead(ctx: Ctx): Record<string, unknown> {
  const { srv, user } = ctx;
  const st = srv.state;
  for (const [id, bits] of st.userMessages.get(user.id) ?? []) {
    if ((bits & FLAG_BITS.read) === 0) st.setUserMessage(user.id, id, bits | FLAG_BITS.read);
  }
  srv.queues.send([user.id], 'update_message_flags', {
    type: 'update_message_flags',
    op: 'add',
    operation: 'add',
    flag: 'read',
    messages: [],
    all: true,
  });
  return { complete: true };
}

const flagOp = { t: 'str' as const, req: true, check: oneOf('add', 'remove') };

export const flagRoutes: Route[] = [
  {
    method: 'POST',
    path: '/messages/flags',
    handler: postFlags,
    params: { messages: { t: 'json', req: true, check: intArray }, op: flagOp, flag: { t: 'str', req: true } },
  },
  {
    method: 'POST',
    path: '/messages/flags/narrow',
    handler: flagsNarrow,
    params: {
      anchor: { t: 'str', req: true },
      include_anchor: { t: 'bool', dflt: true },
      num_before: { t: 'int', req: true, check: nonNegative },
      num_after: { t: 'int', req: true, check: nonNegative },
      narrow: { t: 'json', req: true },
      op: flagOp,
      flag: { t: 'str', req: true },
      anchor_date: { t: 'str', since: ANCHOR_DATE_FL },
    },
  },
  { method: 'POST', path: '/mark_all_as_read', handler: markAllAsRead, params: {} },
  {
    method: 'POST',
    path: '/messages/{message_id:int}/reactions',
    handler: addReaction,
    params: { emoji_name: { t: 'str', req: true }, emoji_code: { t: 'str' }, reaction_type: { t: 'str' } },
  },
  {
    method: 'DELETE',
    path: '/messages/{message_id:int}/reactions',
    handler: removeReaction,
    params: { emoji_name: { t: 'str' }, emoji_code: { t: 'str' }, reaction_type: { t: 'str' } },
  },
];
