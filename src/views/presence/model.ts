/**
 * The people tree's model: the store's active / idle / offline grouping, kept as plain data, and
 * a change event naming exactly which nodes changed (a group whose members moved, or single users
 * whose status or record changed while staying put). No `vscode` import.
 */
import type { ChatStore, PresenceGroups, PresenceState, StoreChange } from '../../store';
import type { Event } from '../../base/event';
import { Emitter } from '../../base/event';
import { Disposable } from '../../base/lifecycle';

export const PRESENCE_STATES: readonly PresenceState[] = ['active', 'idle', 'offline'];

export interface GroupNode {
  readonly kind: 'group';
  readonly state: PresenceState;
}

export interface UserNode {
  readonly kind: 'user';
  readonly state: PresenceState;
  readonly userId: number;
}

export type PeopleNode = GroupNode | UserNode;

/** What to refresh: the whole tree, or these nodes. */
export type PeopleTreeChange = { readonly all: true } | { readonly all: false; readonly nodes: readonly PeopleNode[] };

const EMPTY: PresenceGroups = { active: [], idle: [], offline: [] };

export class PeopleTreeModel extends Disposable {
  #store: ChatStore | undefined;
  #groups: PresenceGroups = EMPTY;
  readonly #groupNodes = new Map<PresenceState, GroupNode>(
    PRESENCE_STATES.map((state) => [state, { kind: 'group', state }]),
  );
  /** One node object per (group, user): the same object is handed back so partial refreshes find it. */
  readonly #userNodes = new Map<string, UserNode>();

  readonly #onDidChange = this._register(new Emitter<PeopleTreeChange>());
  readonly onDidChange: Event<PeopleTreeChange> = this.#onDidChange.event;

  get store(): ChatStore | undefined {
    return this.#store;
  }

  /** A new session (or none): everything reloads. */
  setStore(store: ChatStore | undefined): void {
    this.#store = store;
    this.#userNodes.clear();
    this.#groups = store?.ready ? store.presenceGroups() : EMPTY;
    this.#onDidChange.fire({ all: true });
  }

  groups(): PresenceGroups {
    return this.#groups;
  }

  groupNode(state: PresenceState): GroupNode {
    return this.#groupNodes.get(state)!;
  }

  userNode(state: PresenceState, userId: number): UserNode {
    const key = `${state}:${userId}`;
    let node = this.#userNodes.get(key);
    if (!node) {
      node = { kind: 'user', state, userId };
      this.#userNodes.set(key, node);
    }
    return node;
  }

  children(node?: PeopleNode): PeopleNode[] {
    if (!this.#store) return [];
    if (!node) return PRESENCE_STATES.map((s) => this.groupNode(s));
    if (node.kind === 'user') return [];
    return this.#groups[node.state].map((id) => this.userNode(node.state, id));
  }

  /** Follows one store change: refreshes only the groups whose members changed and the users that changed in place. */
  onStoreChange(change: StoreChange): void {
    if (!this.#store) return;
    if (change.full) {
      this.#userNodes.clear();
      this.#groups = this.#store.presenceGroups();
      this.#onDidChange.fire({ all: true });
      return;
    }
    const a = change.areas;
    if (!a.has('presence') && !a.has('statuses') && !a.has('users')) return;
    this.#regroup(change.userIds);
  }

  /** Presence ages (active → idle → offline) without events: called on a timer. */
  tick(): void {
    if (this.#store) this.#regroup(new Set());
  }

  #regroup(changedUsers: ReadonlySet<number>): void {
    const before = this.#groups;
    const after = this.#store!.presenceGroups();
    this.#groups = after;
    const nodes: PeopleNode[] = [];
    const refreshed = new Set<PresenceState>();
    for (const state of PRESENCE_STATES) {
      if (!sameList(before[state], after[state])) {
        nodes.push(this.groupNode(state));
        refreshed.add(state);
      }
    }
    if (changedUsers.size > 0 || refreshed.size > 0) {
      const where = stateOf(after);
      for (const userId of changedUsers) {
        const state = where.get(userId);
        if (state && !refreshed.has(state)) nodes.push(this.userNode(state, userId));
      }
      // Forget node objects of users who left a group.
      for (const [key, node] of this.#userNodes) {
        if (refreshed.has(node.state) && where.get(node.userId) !== node.state) this.#userNodes.delete(key);
      }
    }
    if (nodes.length > 0) this.#onDidChange.fire({ all: false, nodes });
  }
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function stateOf(groups: PresenceGroups): Map<number, PresenceState> {
  const where = new Map<number, PresenceState>();
  for (const state of PRESENCE_STATES) for (const id of groups[state]) where.set(id, state);
  return where;
}
