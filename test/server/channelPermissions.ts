// A channel's own permission groups, as the real server keeps and applies them
// (zerver/lib/streams.py, zerver/actions/message_edit.py, zerver/views/message_delete.py):
// each widens the organisation's permission in that channel only, from its feature level on.
//   - moving within the channel (396): the realm's `can_move_messages_between_topics_group`, the
//     organisation's and the channel's administrators, or this group (of the original or target channel);
//   - moving out of the channel (396): the realm's `can_move_messages_between_channels_group`, the
//     administrators (organisation, channel), or this group;
//   - resolving (402): the realm's `can_resolve_topics_group` or this group (original or target channel);
//   - deleting (407): the realm's groups, or the channel's (any message; own messages within the
//     organisation's time limit);
//   - starting a topic (441): only this group (a bot: it or its owner), besides posting permission.
import type { ChatServer } from './core';
import { badRequest } from './errors';
import { GROUP } from './state';
import type { GroupValue, Stream, User } from './types';

/** Each setting, the feature level that introduced it, and its default for a new channel. */
export const CHANNEL_GROUP_SETTINGS: Record<string, { since: number; dflt: number }> = {
  can_move_messages_within_channel_group: { since: 396, dflt: GROUP.nobody },
  can_move_messages_out_of_channel_group: { since: 396, dflt: GROUP.nobody },
  can_resolve_topics_group: { since: 402, dflt: GROUP.nobody },
  can_delete_any_message_group: { since: 407, dflt: GROUP.nobody },
  can_delete_own_message_group: { since: 407, dflt: GROUP.nobody },
  can_create_topic_group: { since: 441, dflt: GROUP.everyone },
};

export function channelGroup(s: Stream, key: string): GroupValue {
  return s.groups?.[key] ?? CHANNEL_GROUP_SETTINGS[key]!.dflt;
}

/** The settings a stream object carries at the server's feature level. */
export function channelGroupFields(srv: ChatServer, s: Stream): Record<string, GroupValue> {
  const out: Record<string, GroupValue> = {};
  for (const [key, { since }] of Object.entries(CHANNEL_GROUP_SETTINGS))
    if (srv.fl >= since) out[key] = channelGroup(s, key);
  return out;
}

/** Membership of a group-setting value (a group id, or an anonymous group). */
export function inGroupValue(srv: ChatServer, user: User, value: GroupValue): boolean {
  if (typeof value === 'number') return srv.state.inGroup(user, value);
  if (!user.isActive) return false;
  return value.direct_members.includes(user.id) || value.direct_subgroups.some((id) => srv.state.inGroup(user, id));
}

function has(srv: ChatServer, user: User, s: Stream, key: string): boolean {
  return srv.fl >= CHANNEL_GROUP_SETTINGS[key]!.since && inGroupValue(srv, user, channelGroup(s, key));
}

/** Organisation administrators administer every channel; the local server's channels name no other administrators. */
function administers(srv: ChatServer, user: User): boolean {
  return srv.state.isAdmin(user);
}

export function mayMoveWithin(srv: ChatServer, user: User, orig: Stream, target: Stream): boolean {
  if (srv.state.inGroup(user, srv.realmSetting('can_move_messages_between_topics_group'))) return true;
  if (srv.fl < 396) return false;
  return (
    administers(srv, user) ||
    has(srv, user, orig, 'can_move_messages_within_channel_group') ||
    has(srv, user, target, 'can_move_messages_within_channel_group')
  );
}

export function mayMoveOut(srv: ChatServer, user: User, orig: Stream): boolean {
  if (srv.state.inGroup(user, srv.realmSetting('can_move_messages_between_channels_group'))) return true;
  if (srv.fl < 396) return false;
  return administers(srv, user) || has(srv, user, orig, 'can_move_messages_out_of_channel_group');
}

export function mayResolve(srv: ChatServer, user: User, orig: Stream, target: Stream): boolean {
  const realmKey = srv.fl >= 367 ? 'can_resolve_topics_group' : 'can_move_messages_between_topics_group';
  if (srv.state.inGroup(user, srv.realmSetting(realmKey))) return true;
  return has(srv, user, orig, 'can_resolve_topics_group') || has(srv, user, target, 'can_resolve_topics_group');
}

export function mayDeleteAny(srv: ChatServer, user: User, s: Stream | undefined): boolean {
  return (
    srv.state.inGroup(user, srv.realmSetting('can_delete_any_message_group')) ||
    (s !== undefined && has(srv, user, s, 'can_delete_any_message_group'))
  );
}

export function mayDeleteOwn(srv: ChatServer, user: User, s: Stream | undefined): boolean {
  return (
    srv.state.inGroup(user, srv.realmSetting('can_delete_own_message_group')) ||
    (s !== undefined && has(srv, user, s, 'can_delete_own_message_group'))
  );
}

/** `check_for_can_create_topic_group_violation`: a topic the channel does not have yet needs the group. */
export function checkNewTopic(srv: ChatServer, user: User, s: Stream, topic: string): void {
  if (srv.fl < 441 || user.isSystemBot) return;
  const group = channelGroup(s, 'can_create_topic_group');
  if (group === GROUP.everyone) return;
  const lower = topic.toLowerCase();
  if (s.messageIds.some((id) => srv.state.messages.get(id)?.topic.toLowerCase() === lower)) return;
  const owner = user.isBot && user.botOwnerId !== null ? srv.state.users.get(user.botOwnerId) : undefined;
  if (inGroupValue(srv, user, group) || (owner !== undefined && inGroupValue(srv, owner, group))) return;
  throw badRequest('You do not have permission to create new topics in this channel.');
}
