import { ChatServer } from '../core';
import { badRequest } from '../errors';
import { getAccessibleMessage } from '../messaging';
import { Ctx, Route } from '../router';
import { Message, User } from '../types';

/**
 * The real service's rule: anyone in `can_delete_any_message_group` deletes any message; others
 * only their own (or their bots'), when in `can_delete_own_message_group` and within
 * `message_content_delete_limit_seconds` of sending (null: no limit).
 */
function checkCanDelete(srv: ChatServer, user: User, m: Message): void {
  const st = srv.state;
  if (st.inGroup(user, srv.realmSetting<number>('can_delete_any_message_group'))) return;
  const sender = srv.user(m.senderId);
  const own = m.senderId === user.id || (sender.isBot && sender.botOwnerId === user.id);
  if (!own || !st.inGroup(user, srv.realmSetting<number>('can_delete_own_message_group'))) {
    throw badRequest("You don't have permission to delete this message");
  }
  const limit = srv.realmSetting<number | null>('message_content_delete_limit_seconds');
  if (limit !== null && srv.now() - m.timestamp > limit) throw badRequest('The time limit for deleting this message has passed');
}

/** Removes a message from every index, then tells everyone who had it (`delete_message`). */
export function deleteMessage(srv: ChatServer, m: Message): void {
  const st = srv.state;
  const audience = srv.messageAudience(m);
  st.messages.delete(m.id);
  const i = st.messageOrder.indexOf(m.id);
  if (i >= 0) st.messageOrder.splice(i, 1);
  for (const um of st.userMessages.values()) um.delete(m.id);
  if (m.type === 'stream') {
    st.streamMessagesVersion++;
    const ids = st.streams.get(m.streamId!)!.messageIds;
    const j = ids.indexOf(m.id);
    if (j >= 0) ids.splice(j, 1);
  }
  for (const a of st.attachments.values()) a.messageIds.delete(m.id);
  const where = m.type === 'stream' ? { message_type: 'stream', stream_id: m.streamId, topic: m.topic } : { message_type: 'private' };
  srv.queues.send(audience, 'delete_message', (q) => q.opts.capabilities.bulk_message_deletion
    ? { type: 'delete_message', message_ids: [m.id], ...where }
    : { type: 'delete_message', message_id: m.id, ...where });
}

function deleteMessageRoute(ctx: Ctx): Record<string, unknown> {
  const { srv, user } = ctx;
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  checkCanDelete(srv, user, m);
  deleteMessage(srv, m);
  return {};
}

export const deleteRoutes: Route[] = [
  { method: 'DELETE', path: '/messages/{message_id:int}', handler: deleteMessageRoute },
];
