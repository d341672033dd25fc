// The organisation's user groups as `/register` sends them (`realm_user_groups`). The local server
// has Zulip's system groups only; like Zulip's, each holds the users of exactly its role and has
// the next higher role's group as its subgroup (owners ⊂ administrators ⊂ … ⊂ everyone).
import { ChatServer } from '../core';
import { customGroupRecords } from './channelPermissions';
import { GROUP, GROUP_NAMES } from '../state';
import { ROLE } from '../types';

/** Each system group: the role its direct members have (none for nobody) and its direct subgroup. */
const SYSTEM: { id: number; role?: number; subgroup?: number; description: string }[] = [
  { id: GROUP.owners, role: ROLE.owner, description: 'Owners of this organization' },
  {
    id: GROUP.administrators,
    role: ROLE.admin,
    subgroup: GROUP.owners,
    description: 'Administrators of this organization, including owners',
  },
  {
    id: GROUP.moderators,
    role: ROLE.moderator,
    subgroup: GROUP.administrators,
    description: 'Moderators of this organization, including administrators',
  },
  {
    id: GROUP.fullMembers,
    role: ROLE.member,
    subgroup: GROUP.moderators,
    description: 'Members of this organization, not including new accounts and guests',
  },
  { id: GROUP.members, subgroup: GROUP.fullMembers, description: 'Members of this organization, not including guests' },
  {
    id: GROUP.everyone,
    role: ROLE.guest,
    subgroup: GROUP.members,
    description: 'Everyone in this organization, including guests',
  },
  { id: GROUP.nobody, description: 'Nobody' },
];

export function systemGroups(srv: ChatServer): Record<string, unknown>[] {
  const users = [...srv.state.users.values()].filter((u) => u.isActive && !u.isSystemBot);
  const system = SYSTEM.map((g) => ({
    id: g.id,
    name: GROUP_NAMES[g.id],
    description: g.description,
    members: g.role === undefined ? [] : users.filter((u) => u.role === g.role).map((u) => u.id),
    direct_subgroup_ids: g.subgroup === undefined ? [] : [g.subgroup],
    is_system_group: true,
    date_created: null,
    creator_id: null,
    deactivated: false,
    can_add_members_group: GROUP.nobody,
    can_join_group: GROUP.nobody,
    can_leave_group: GROUP.nobody,
    can_manage_group: GROUP.nobody,
    can_mention_group: GROUP.everyone,
    can_remove_members_group: GROUP.nobody,
  }));
  return [...system, ...customGroupRecords(srv)];
}
