import { ChatServer } from '../core';
import { badRequest } from '../errors';
import { User } from '../types';

/** Zulip keeps (and sends) at most this many recent direct conversations. */
export const MAX_RECENT_PRIVATE_CONVERSATIONS = 1000;

/**
 * `recent_private_conversations` of `/register`: one entry per direct conversation the user has
 * messages in, `user_ids` the other participants ascending (empty for the conversation with
 * oneself), newest conversation (highest `max_message_id`) first.
 */
export function recentPrivateConversations(
  srv: ChatServer,
  user: User,
): { max_message_id: number; user_ids: number[] }[] {
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
  return [...latest.values()]
    .sort((a, b) => b.max_message_id - a.max_message_id)
    .slice(0, MAX_RECENT_PRIVATE_CONVERSATIONS);
}

/** A group setting as stored: a system group id, or an anonymous group. */
type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

function userInSetting(srv: ChatServer, user: User, setting: GroupSettingValue): boolean {
  if (typeof setting === 'number') return srv.state.inGroup(user, setting);
  return (
    (user.isActive && setting.direct_members.includes(user.id)) ||
    setting.direct_subgroups.some((g) => srv.state.inGroup(user, g))
  );
}

/**
 * Zulip's direct message permission checks (`POST /messages`, type private): conversations of a
 * bot, or with bots only, are always allowed; otherwise some participant (the sender included)
 * must be in `direct_message_permission_group`, and a conversation without messages yet needs
 * the sender in `direct_message_initiator_group`.
 */
export function checkDirectMessagePermission(srv: ChatServer, sender: User, recipientIds: readonly number[]): void {
  const st = srv.state;
  if (sender.isBot) return;
  const recipients = recipientIds.filter((id) => id !== sender.id).map((id) => st.users.get(id)!);
  if (recipients.length > 0 && recipients.every((u) => u.isBot)) return;
  const authorize = srv.realmSetting<GroupSettingValue>('direct_message_permission_group');
  if (![sender, ...recipients].some((u) => userInSetting(srv, u, authorize))) {
    throw badRequest('This conversation does not include any users who can authorize it.');
  }
  const participants = [...new Set([...recipientIds, sender.id])].sort((a, b) => a - b).join(',');
  const exists = [...st.messages.values()].some((m) => m.type === 'private' && m.dmUsers!.join(',') === participants);
  if (!exists && !userInSetting(srv, sender, srv.realmSetting<GroupSettingValue>('direct_message_initiator_group'))) {
    throw badRequest('You do not have permission to initiate direct message conversations.');
  }
}
