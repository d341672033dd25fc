// The routes behind a channel's own permission groups: the group settings of
// `PATCH /streams/{stream_id}` (routes/streamUpdate.ts; a `stream` update event each), `PATCH /realm` for the
// organisation's groups they widen (a `realm` update_dict event), and the organisation's
// own user groups: listed in `realm_user_groups`, members changed with
// `POST /user_groups/{user_group_id}/members` (`user_group` events). Only organisation
// administrators administer channels and groups here.
import type { ChatServer } from '../core';
import { CHANNEL_GROUP_SETTINGS, channelGroup } from '../channelPermissions';
import { badRequest } from '../errors';
import { intArray, type ParamSpecs } from '../params';
import type { Ctx, Route } from '../router';
import { GROUP, GROUP_NAMES } from '../state';
import type { GroupValue, Stream } from '../types';

function isGroupValue(v: unknown): v is GroupValue {
  if (typeof v === 'number') return Number.isSafeInteger(v);
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return intArray(o.direct_members) === null && intArray(o.direct_subgroups) === null && Object.keys(o).length === 2;
}

/** `{"new": …, "old": …}`: the update of a group-setting value. */
function groupChange(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return '$ is not a dict';
  const o = v as Record<string, unknown>;
  if (!isGroupValue(o.new)) return '$["new"] is not a group-setting value';
  if (o.old !== undefined && !isGroupValue(o.old)) return '$["old"] is not a group-setting value';
  return null;
}

function sameValue(a: GroupValue, b: GroupValue): boolean {
  const norm = (v: GroupValue) =>
    typeof v === 'number'
      ? v
      : { direct_members: [...v.direct_members].sort(), direct_subgroups: [...v.direct_subgroups].sort() };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

function knownGroup(srv: ChatServer, id: number): boolean {
  return id in GROUP_NAMES || srv.state.customGroups.has(id);
}

/** Who sees a channel's settings: everyone for a public channel, else its subscribers and the administrators. */
function channelAudience(srv: ChatServer, s: Stream): number[] {
  if (!s.inviteOnly) return srv.activeUserIds();
  return srv.activeUserIds().filter((id) => s.subscribers.has(id) || srv.state.isAdmin(srv.user(id)));
}

/**
 * The group settings of `PATCH /streams/{stream_id}` (test/server/routes/streamUpdate.ts), checked
 * (an `old` that does not match, an unknown group or user): the changes to make, nothing changed yet.
 */
export function streamGroupChanges(srv: ChatServer, s: Stream, p: Record<string, unknown>): [string, GroupValue][] {
  const changes: [string, GroupValue][] = [];
  for (const key of Object.keys(CHANNEL_GROUP_SETTINGS)) {
    const change = p[key] as { new: GroupValue; old?: GroupValue } | undefined;
    if (change === undefined) continue;
    if (change.old !== undefined && !sameValue(change.old, channelGroup(s, key)))
      throw badRequest("'old' value does not match the expected value.");
    const ids = typeof change.new === 'number' ? [change.new] : change.new.direct_subgroups;
    if (typeof change.new !== 'number' && change.new.direct_members.some((id) => !srv.state.users.get(id)?.isActive))
      throw badRequest('Invalid user ID');
    for (const id of ids) if (!knownGroup(srv, id)) throw badRequest(`Invalid user group ID: ${id}`);
    changes.push([key, change.new]);
  }
  return changes;
}

/** Makes the changes, a `stream` update event each to everyone who sees the channel's settings. */
export function setStreamGroups(srv: ChatServer, s: Stream, changes: readonly [string, GroupValue][]): void {
  for (const [key, value] of changes) {
    (s.groups ??= {})[key] = value;
    srv.queues.send(channelAudience(srv, s), 'stream', {
      type: 'stream',
      op: 'update',
      stream_id: s.id,
      name: s.name,
      property: key,
      value,
    });
  }
}

/** The group settings' parameters of `PATCH /streams/{stream_id}`. */
export const streamGroupParams: ParamSpecs = Object.fromEntries(
  Object.entries(CHANNEL_GROUP_SETTINGS).map(([key, { since }]) => [
    key,
    { t: 'json' as const, since, check: groupChange },
  ]),
);

/** The organisation's own groups, as `realm_user_groups` lists them (after the system groups). */
export function customGroupRecords(srv: ChatServer): Record<string, unknown>[] {
  return [...srv.state.customGroups.values()].map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    members: [...g.members].filter((id) => srv.state.users.get(id)?.isActive).sort((a, b) => a - b),
    direct_subgroup_ids: [...g.subgroups],
    is_system_group: false,
    date_created: null,
    creator_id: null,
    deactivated: false,
    can_add_members_group: GROUP.administrators,
    can_join_group: GROUP.nobody,
    can_leave_group: GROUP.everyone,
    can_manage_group: GROUP.administrators,
    can_mention_group: GROUP.everyone,
    can_remove_members_group: GROUP.administrators,
  }));
}

function updateMembers(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const g = srv.state.customGroups.get(Number(ctx.path.user_group_id));
  if (!g) throw badRequest('Invalid user group');
  if (!srv.state.isAdmin(user)) throw badRequest('Insufficient permission');
  const add = (p.add ?? []) as number[];
  const remove = (p.delete ?? []) as number[];
  for (const id of add) {
    if (!srv.state.users.get(id)?.isActive) throw badRequest('Invalid user ID');
    if (g.members.has(id)) throw badRequest(`User ${id} is already a member of this group`);
  }
  for (const id of remove) if (!g.members.has(id)) throw badRequest(`There is no member '${id}' in this user group`);
  for (const id of add) g.members.add(id);
  for (const id of remove) g.members.delete(id);
  const everyone = srv.activeUserIds();
  if (add.length > 0)
    srv.queues.send(everyone, 'user_group', { type: 'user_group', op: 'add_members', group_id: g.id, user_ids: add });
  if (remove.length > 0)
    srv.queues.send(everyone, 'user_group', {
      type: 'user_group',
      op: 'remove_members',
      group_id: g.id,
      user_ids: remove,
    });
  return {};
}

/** The organisation's permission groups the channel's widen (`PATCH /realm`, owners and administrators). */
const REALM_GROUPS = [
  'can_move_messages_between_topics_group',
  'can_move_messages_between_channels_group',
  'can_resolve_topics_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
];

function updateRealm(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  if (!srv.state.isAdmin(user)) throw badRequest('Must be an organization administrator');
  const data: Record<string, number> = {};
  for (const key of REALM_GROUPS) {
    const change = p[key] as { new: GroupValue; old?: GroupValue } | undefined;
    if (change === undefined) continue;
    // The local server's organisation settings name system groups only.
    if (typeof change.new !== 'number' || !(change.new in GROUP_NAMES))
      throw badRequest(`Invalid user group ID: ${JSON.stringify(change.new)}`);
    if (change.old !== undefined && !sameValue(change.old, srv.realmSetting<number>(key)))
      throw badRequest("'old' value does not match the expected value.");
    data[key] = change.new;
  }
  if (Object.keys(data).length === 0) throw badRequest('No property was updated');
  Object.assign(srv.state.realm.settings, data);
  srv.queues.send(srv.activeUserIds(), 'realm', { type: 'realm', op: 'update_dict', property: 'default', data });
  return {};
}

export const channelPermissionRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/realm',
    handler: updateRealm,
    params: Object.fromEntries(REALM_GROUPS.map((key) => [key, { t: 'json' as const, check: groupChange }])),
  },
  {
    method: 'POST',
    path: '/user_groups/{user_group_id:int}/members',
    handler: updateMembers,
    params: { add: { t: 'json', check: intArray }, delete: { t: 'json', check: intArray } },
  },
];
