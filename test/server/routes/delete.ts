import { checkModifiable } from '../channelPolicy';
import { ChatServer } from '../core';
import { mayDeleteAny, mayDeleteOwn } from '../channelPermissions';
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
  // The channel's own groups widen the organisation's (feature level 407, channelPermissions.ts).
  const channel = m.type === 'stream' ? st.streams.get(m.streamId!) : undefined;
  if (mayDeleteAny(srv, user, channel)) return;
  const sender = srv.user(m.senderId);
  const own = m.senderId === user.id || (sender.isBot && sender.botOwnerId === user.id);
  if (!own || !mayDeleteOwn(srv, user, channel)) {
    throw badRequest("You don't have permission to delete this message");
  }
  const limit = srv.realmSetting<number | null>('message_content_delete_limit_seconds');
  if (limit !== null && srv.now() - m.timestamp > limit)
    throw badRequest('The time limit for deleting this message has passed');
}

/** Removes a message from every index, then tells everyone who had it (`delete_message`). */
export function deleteMessage(srv: ChatServer, m: Message): void {
  const audience = srv.messageAudience(m);
  srv.state.removeMessage(m);
  const where =
    m.type === 'stream'
      ? { message_type: 'stream', stream_id: m.streamId, topic: srv.topicOut(m.topic, false) }
      : { message_type: 'private' };
  srv.queues.send(audience, 'delete_message', (q) =>
    q.opts.capabilities.bulk_message_deletion
      ? { type: 'delete_message', message_ids: [m.id], ...where }
      : { type: 'delete_message', message_id: m.id, ...where },
  );
}

function deleteMessageRoute(ctx: Ctx): Record<string, unknown> {
  const { srv, user } = ctx;
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  checkModifiable(srv, user, m);
  checkCanDelete(srv, user, m);
  deleteMessage(srv, m);
  return {};
}

export const deleteRoutes: Route[] = [
  { method: 'DELETE', path: '/messages/{message_id:int}', handler: deleteMessageRoute },
];
