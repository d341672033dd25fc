/**
 * The organisation's user groups (`realm_user_groups`, kept current by `user_group` events) and
 * membership in the groups that permission settings name: system groups by role, others by their
 * members and subgroups. No `vscode`.
 */

/** A permission group setting: a group id, or an anonymous group. */
export type GroupSetting = number | { direct_members?: number[]; direct_subgroups?: number[] };

export function isGroupSetting(v: unknown): v is GroupSetting {
  return typeof v === 'number' || (typeof v === 'object' && v !== null && !Array.isArray(v));
}

/** A group's direct members, indexed on the first membership question (system groups list thousands at sign-in). */
class Members {
  #set: Set<number> | undefined;
  constructor(readonly ids: readonly number[]) {}
  has(userId: number): boolean {
    this.#set ??= new Set(this.ids);
    return this.#set.has(userId);
  }
}

interface UserGroup {
  id: number;
  name: string;
  members: Members;
  subgroups: number[];
  isSystem: boolean;
  description: string;
  deactivated: boolean;
}

/** The user groups by id. */
export class UserGroups {
  readonly #groups = new Map<number, UserGroup>();

  /** Rebuilds from a snapshot's `realm_user_groups`. */
  reset(groups: unknown): void {
    this.#groups.clear();
    if (Array.isArray(groups)) for (const g of groups) this.set(g);
  }

  /** One group of `realm_user_groups` (or an `add` event's), replacing the kept one of its id. */
  set(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const g = raw as Record<string, unknown>;
    if (typeof g.id !== 'number') return;
    this.#groups.set(g.id, {
      id: g.id,
      name: typeof g.name === 'string' ? g.name : '',
      members: new Members(Array.isArray(g.members) ? (g.members as number[]) : []),
      subgroups: Array.isArray(g.direct_subgroup_ids) ? (g.direct_subgroup_ids as number[]) : [],
      isSystem: g.is_system_group === true,
      description: typeof g.description === 'string' ? g.description : '',
      deactivated: g.deactivated === true,
    });
  }

  /** A `user_group` event; false when it names a group this index does not know. */
  apply(e: {
    op: string;
    group?: unknown;
    group_id?: number;
    data?: Record<string, unknown>;
    user_ids?: number[];
    direct_subgroup_ids?: number[];
  }): boolean {
    if (e.op === 'add') {
      this.set(e.group);
      return true;
    }
    const g = e.group_id === undefined ? undefined : this.#groups.get(e.group_id);
    if (!g) return false;
    if (e.op === 'remove') this.#groups.delete(g.id);
    else if (e.op === 'update') this.set({ ...groupRecord(g), ...e.data });
    else if (e.op === 'add_members' || e.op === 'remove_members') {
      const ids = new Set(g.members.ids);
      for (const id of e.user_ids ?? []) {
        if (e.op === 'add_members') ids.add(id);
        else ids.delete(id);
      }
      g.members = new Members([...ids]);
    } else {
      const add = e.op === 'add_subgroups';
      const ids = new Set(g.subgroups);
      for (const id of e.direct_subgroup_ids ?? []) {
        if (add) ids.add(id);
        else ids.delete(id);
      }
      g.subgroups = [...ids];
    }
    return true;
  }

  /** The organisation's user groups as `/register` sent them (system ones and deactivated ones too). */
  list(): { id: number; name: string; description: string; isSystem: boolean; deactivated: boolean }[] {
    return [...this.#groups.values()].map(({ id, name, description, isSystem, deactivated }) => ({
      id,
      name,
      description,
      isSystem,
      deactivated,
    }));
  }

  /** The name of a user group (system groups as `role:…`); undefined when unknown. */
  name(id: number): string | undefined {
    return this.#groups.get(id)?.name;
  }

  /**
   * Whether a user (by id and role) is in the group a setting names, subgroups included; undefined
   * when the group is unknown (a server that did not send `realm_user_groups`).
   */
  has(setting: GroupSetting, userId: number, role: number, seen = new Set<number>()): boolean | undefined {
    if (typeof setting === 'number') {
      if (seen.has(setting)) return false;
      seen.add(setting);
      const group = this.#groups.get(setting);
      if (!group) return undefined;
      const byRole = group.isSystem ? systemGroupByRole(group.name, role) : undefined;
      if (byRole !== undefined) return byRole;
      if (group.members.has(userId)) return true;
      return group.subgroups.some((id) => this.has(id, userId, role, seen) === true);
    }
    if (setting.direct_members?.includes(userId)) return true;
    return (setting.direct_subgroups ?? []).some((id) => this.has(id, userId, role, seen) === true);
  }
}

/** A kept group in the shape of `realm_user_groups` (an `update` event merges its fields into it). */
function groupRecord(g: UserGroup): Record<string, unknown> {
  return {
    id: g.id,
    name: g.name,
    members: g.members.ids,
    direct_subgroup_ids: g.subgroups,
    is_system_group: g.isSystem,
    description: g.description,
    deactivated: g.deactivated,
  };
}

/** System groups follow roles; computing from the role stays right when the role changes. */
function systemGroupByRole(name: string, role: number): boolean | undefined {
  switch (name) {
    case 'role:internet':
    case 'role:everyone':
      return true;
    case 'role:members':
    case 'role:fullmembers':
      return role <= 400;
    case 'role:moderators':
      return role <= 300;
    case 'role:administrators':
      return role <= 200;
    case 'role:owners':
      return role <= 100;
    case 'role:nobody':
      return false;
    default:
      return undefined;
  }
}
