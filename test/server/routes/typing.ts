import { badRequest } from '../errors';
import { getAccessibleMessage, resolveUsers } from '../messaging';
import { intArray, oneOf } from '../params';
import { Ctx, Route } from '../router';
import { Stream } from '../types';

// Typing notifications, as the real service sends them: events only, no state. Who is told
// follows the receivers' `receives_typing_notifications`; channels above the realm's
// `max_stream_size_for_typing_notifications` get no typing events at all.

function receivers(ctx: Ctx, ids: Iterable<number>): number[] {
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

function typingChannel(ctx: Ctx, streamId: number | undefined): Stream {
  const { srv, user } = ctx;
  if (streamId === undefined) throw badRequest("Missing 'stream_id' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'stream_id' });
  const s = srv.state.streams.get(streamId);
  if (!s || !srv.state.canAccessStream(user, s)) throw badRequest('Invalid channel ID', 'BAD_REQUEST');
  return s;
}

function whoTyping(ctx: Ctx): { user_id: number; email: string } {
  return { user_id: ctx.user.id, email: ctx.srv.state.apiEmail(ctx.user) };
}

/** `POST /typing`: start or stop typing in a conversation. */
function postTyping(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const type: string = p.type;
  if (type === 'channel' && srv.fl < 248) throw badRequest('Invalid type');
  if (type === 'stream' || type === 'channel') {
    if (st.setting(user, 'send_stream_typing_notifications') === false) throw badRequest('User has disabled typing notifications for channel messages');
    if (p.topic === undefined) throw badRequest("Missing 'topic' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'topic' });
    const s = typingChannel(ctx, p.stream_id);
    srv.queues.send(channelReceivers(ctx, s), 'typing', {
      type: 'typing', op: p.op, message_type: 'stream', sender: whoTyping(ctx), stream_id: s.id, topic: srv.topicIn(p.topic),
    });
    return {};
  }
  if (st.setting(user, 'send_private_typing_notifications') === false) throw badRequest('User has disabled typing notifications for direct messages');
  const to: number[] | undefined = p.to;
  if (!to || to.length === 0) throw badRequest("Missing 'to' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'to' });
  const ids = [...new Set([...resolveUsers(srv, to), user.id])].sort((a, b) => a - b);
  const recipients = ids.map((id) => ({ user_id: id, email: st.apiEmail(srv.user(id)) }));
  srv.queues.send(receivers(ctx, ids), 'typing', {
    type: 'typing', op: p.op, message_type: srv.fl >= 215 ? 'direct' : 'private', sender: whoTyping(ctx), recipients,
  });
  return {};
}

/** `POST /messages/{message_id}/typing`: start or stop editing a message. */
function postEditTyping(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  const direct = m.type === 'private';
  const setting = direct ? 'send_private_typing_notifications' : 'send_stream_typing_notifications';
  if (st.setting(user, setting) === false) throw badRequest(`User has disabled typing notifications for ${direct ? 'direct' : 'channel'} messages`);
  const base = { type: 'typing_edit_message', op: p.op, sender_id: user.id, message_id: m.id };
  if (direct) {
    srv.queues.send(receivers(ctx, m.dmUsers!), 'typing_edit_message', { ...base, recipient: { type: 'direct', user_ids: m.dmUsers! } });
  } else {
    const s = st.streams.get(m.streamId!)!;
    srv.queues.send(channelReceivers(ctx, s), 'typing_edit_message', { ...base, recipient: { type: 'channel', channel_id: s.id, topic: m.topic } });
  }
  return {};
}

export const typingRoutes: Route[] = [
  {
    method: 'POST', path: '/typing', handler: postTyping,
    params: {
      type: { t: 'str', dflt: 'direct', check: oneOf('direct', 'private', 'stream', 'channel') },
      op: { t: 'str', req: true, check: oneOf('start', 'stop') },
      to: { t: 'json', check: intArray }, stream_id: { t: 'int', since: 215 }, topic: { t: 'str' },
    },
  },
  {
    method: 'POST', path: '/messages/{message_id:int}/typing', since: 351, handler: postEditTyping,
    params: { op: { t: 'str', req: true, check: oneOf('start', 'stop') } },
  },
];
