import { ChatServer } from '../core';
import { User } from '../types';

/** Zulip keeps (and sends) at most this many recent direct conversations. */
export const MAX_RECENT_PRIVATE_CONVERSATIONS = 1000;

/**
 * `recent_private_conversations` of `/register`: one entry per direct conversation the user has
 * messages in, `user_ids` the other participants ascending (empty for the conversation with
 * oneself), newest conversation (highest `max_message_id`) first.
 */
export function recentPrivateConversations(srv: ChatServer, user: User): { max_message_id: number; user_ids: number[] }[] {
  const st = srv.state;
  const latest = new Map<string, { max_message_id: number; user_ids: number[] }>();
  for (const id of st.userMessages.get(user.id)?.keys() ?? []) {
    const m = st.messages.get(id);
    if (!m || m.type !== 'private') continue;
    const others = [...new Set(m.dmUsers!)].filter((u) => u !== user.id).sort((a, b) => a - b);
    const key = others.join(',');
    const seen = latest.get(key);
    if (!seen || seen.max_message_id < id) latest.set(key, { max_message_id: id, user_ids: others });
  }
  return [...latest.values()].sort((a, b) => b.max_message_id - a.max_message_id).slice(0, MAX_RECENT_PRIVATE_CONVERSATIONS);
}
