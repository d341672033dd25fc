import { badRequest } from '../errors';
import { getAccessibleMessage } from '../messaging';
import { intArray, oneOf } from '../params';
import { Ctx, Route } from '../router';
import type { ChatServer } from '../core';
import { Stream, User } from '../types';

// Typing notifications, as the real service sends them: events only, no state. Who is told
// follows the receivers' `receives_typing_notifications`; channels above the realm's
// `max_stream_size_for_typing_notifications` get no typing events at all.

function receivers(ctx: { srv: ChatServer }, ids: Iterable<number>): number[] {
  const st = ctx.srv.state;
  return [...ids].filter((id) => {
    const u = st.users.get(id);
    return u !== undefined && u.isActive && st.setting(u, 'receives_typing_notifications') !== false;
  });
}

function channelReceivers(ctx: Ctx, s: Stream): number[] {
  if (s.subscribers.size > ctx.srv.realmSetting<number>('max_stream_size_for_typing_notifications')) return [];
  return receivers(ctx, s.subscribers);
}

/** The channel typed in: one the user can see (`Invalid channel ID`) and may post to. */
function typingChannel(ctx: Ctx, streamId: number): Stream {
  const { srv, user } = ctx;
  const st = srv.state;
  const s = st.streams.get(streamId);
  if (!s || !st.canAccessStream(user, s)) throw badRequest('Invalid channel ID');
  if (s.isArchived) throw badRequest(`Not authorized to send to channel '${s.name}'`);
  if (!st.canPostToStream(user, s)) throw badRequest('You do not have permission to post in this channel.');
  return s;
}

/** `to` as the service reads it: every id a user of the realm (deactivated ones too), the sender appended. */
function typingRecipients(ctx: Ctx, to: number[]): number[] {
  const st = ctx.srv.state;
  const ids = [...to];
  if (!ids.includes(ctx.user.id)) ids.push(ctx.user.id);
  for (const id of ids) if (!st.users.has(id)) throw badRequest(`Invalid user ID ${id}`);
  return ids;
}

function whoTyping(ctx: Ctx): { user_id: number; email: string } {
  return { user_id: ctx.user.id, email: ctx.srv.state.apiEmail(ctx.user) };
}

/** The message type names this feature level accepts: `direct` from 174, `private` until 215, `channel` from 248. */
function typingType(ctx: Ctx): 'direct' | 'stream' {
  const { fl } = ctx.srv;
  const type: string = ctx.p.type ?? (fl >= 174 ? 'direct' : 'private');
  if ((type === 'channel' && fl < 248) || (type === 'private' && fl >= 215) || (type === 'direct' && fl < 174))
    throw badRequest('Invalid type');
  return type === 'stream' || type === 'channel' ? 'stream' : 'direct';
}

/**
 * `POST /typing`: start or stop typing in a conversation, checked in the service's order.
 * Channel typing events reach only queues registered with the `stream_typing_notifications`
 * capability.
 */
function postTyping(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  if (typingType(ctx) === 'stream') {
    if (p.stream_id === undefined) throw badRequest("Missing 'stream_id' argument");
    if (p.topic === undefined) throw badRequest('Missing topic');
    if (st.setting(user, 'send_stream_typing_notifications') === false)
      throw badRequest('User has disabled typing notifications for channel messages');
    const s = typingChannel(ctx, p.stream_id);
    const event = {
      type: 'typing',
      op: p.op,
      message_type: 'stream',
      sender: whoTyping(ctx),
      stream_id: s.id,
      topic: srv.topicIn(p.topic),
    };
    srv.queues.send(channelReceivers(ctx, s), 'typing', (q) =>
      q.opts.capabilities.stream_typing_notifications === true ? event : null,
    );
    return {};
  }
  const to: number[] | undefined = p.to;
  if (to === undefined) throw badRequest("Missing 'to' argument");
  if (to.length === 0) throw badRequest("Empty 'to' list");
  if (st.setting(user, 'send_private_typing_notifications') === false)
    throw badRequest('User has disabled typing notifications for direct messages');
  sendDirectTyping(srv, user, typingRecipients(ctx, to), p.op);
  return {};
}

/** The `typing` event of a direct conversation (`ids`: every participant, the sender included), to those who receive it. */
export function sendDirectTyping(srv: ChatServer, sender: User, ids: number[], op: 'start' | 'stop'): void {
  const st = srv.state;
  const recipients = ids.map((id) => ({ user_id: id, email: st.apiEmail(srv.user(id)) }));
  srv.queues.send(receivers({ srv }, ids), 'typing', {
    type: 'typing',
    op,
    message_type: srv.fl >= 215 ? 'direct' : 'private',
    sender: { user_id: sender.id, email: st.apiEmail(sender) },
    recipients,
  });
}

/** `POST /messages/{message_id}/typing`: start or stop editing a message (its sender only, while it may be edited). */
function postEditTyping(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  if (!srv.realmSetting('allow_message_editing') || m.senderId !== user.id)
    throw badRequest("You don't have permission to edit this message");
  const limit = srv.realmSetting<number | null>('message_content_edit_limit_seconds');
  if (limit !== null && srv.now() - m.timestamp > limit)
    throw badRequest('The time limit for editing this message has passed');
  const direct = m.type === 'private';
  const setting = direct ? 'send_private_typing_notifications' : 'send_stream_typing_notifications';
  if (st.setting(user, setting) === false)
    throw badRequest(`User has disabled typing notifications for ${direct ? 'direct' : 'channel'} messages`);
  const base = { type: 'typing_edit_message', op: p.op, sender_id: user.id, message_id: m.id };
  if (direct) {
    // A 1:1 conversation lists the sender first; the event names only those it is sent to.
    const others = m.dmUsers!.filter((id) => id !== user.id);
    const ids = m.dmUsers!.length <= 2 ? [user.id, others[0] ?? user.id] : m.dmUsers!;
    const notified = receivers(ctx, ids);
    srv.queues.send(notified, 'typing_edit_message', { ...base, recipient: { type: 'direct', user_ids: notified } });
  } else {
    const s = st.streams.get(m.streamId!)!;
    srv.queues.send(channelReceivers(ctx, s), 'typing_edit_message', {
      ...base,
      recipient: { type: 'channel', channel_id: s.id, topic: m.topic },
    });
  }
  return {};
}

export const typingRoutes: Route[] = [
  {
    method: 'POST',
    path: '/typing',
    handler: postTyping,
    params: {
      type: { t: 'str', check: oneOf('direct', 'private', 'stream', 'channel') },
      op: { t: 'str', req: true, check: oneOf('start', 'stop') },
      to: { t: 'json', check: intArray },
      stream_id: { t: 'int', since: 215 },
      topic: { t: 'str' },
    },
  },
  {
    method: 'POST',
    path: '/messages/{message_id:int}/typing',
    since: 351,
    handler: postEditTyping,
    params: { op: { t: 'str', req: true, check: oneOf('start', 'stop') } },
  },
];
