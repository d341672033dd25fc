import type { ChatEvent } from '../api/events/models';
import type { RegisterSnapshot } from '../api/events/register';
import type { User } from '../api/users/models';

/** Fetches users by id (`GET /users?user_ids=`, or every user on servers before feature level 384). */
export type FetchUsers = (userIds: readonly number[]) => Promise<readonly User[]>;

export interface LazyUsersHost {
  /** Whether the store knows the user. */
  has(userId: number): boolean;
  /** Hands fetched users over (applied as `realm_user` add events: the store's one path for new users). */
  add(users: readonly User[]): void;
  onError(error: unknown): void;
}

/** Users per `GET /users?user_ids=` request: keeps the query string well under URL length limits. */
export const USER_FETCH_BATCH = 200;

/**
 * The users a snapshot of a client declaring `user_list_incomplete` may leave out (large
 * organisations send only recently active users). Before the store is built, the users the
 * sidebar names at once (direct conversations, their unreads, muted users) are fetched into the
 * snapshot, so no row ever shows a placeholder; later, senders and participants of new events
 * are fetched as they appear. Messages carry `sender_full_name`, which views show meanwhile.
 */
export class LazyUsers {
  readonly #pending = new Set<number>();
  #queued = new Set<number>();
  #flush: Promise<void> | undefined;

  constructor(
    private readonly fetch: FetchUsers,
    private readonly host: LazyUsersHost,
  ) {}

  /** Adds the users the snapshot refers to but does not contain to its `realm_users`. */
  async completeSnapshot(snapshot: RegisterSnapshot): Promise<void> {
    const known = new Set<number>();
    for (const list of [snapshot.realm_users, snapshot.realm_non_active_users, snapshot.cross_realm_bots]) {
      for (const u of list ?? []) known.add(u.user_id);
    }
    const wanted = new Set<number>();
    for (const c of snapshot.recent_private_conversations ?? []) for (const id of c.user_ids) wanted.add(id);
    for (const p of snapshot.unread_msgs?.pms ?? []) wanted.add(p.other_user_id);
    for (const h of snapshot.unread_msgs?.huddles ?? [])
      for (const id of h.user_ids_string.split(',')) wanted.add(Number(id));
    for (const m of snapshot.muted_users ?? []) wanted.add(m.id);
    if (snapshot.user_id !== undefined) wanted.add(snapshot.user_id);
    const missing = [...wanted].filter((id) => Number.isInteger(id) && id > 0 && !known.has(id));
    if (missing.length === 0) return;
    try {
      const users = await this.#fetchAll(missing);
      snapshot.realm_users = [...(snapshot.realm_users ?? []), ...users.filter((u) => !known.has(u.user_id))];
    } catch (error) {
      // Names fall back to what messages carry; the sidebar still comes up.
      this.host.onError(error);
    }
  }

  /** Fetches the users new events name that the store does not know yet. */
  afterEvents(events: readonly ChatEvent[]): Promise<void> {
    for (const e of events) {
      if (e.type === 'message') {
        this.want(e.message.sender_id);
        if (Array.isArray(e.message.display_recipient)) for (const r of e.message.display_recipient) this.want(r.id);
      } else if (e.type === 'typing') {
        this.want(e.sender.user_id);
      } else if (e.type === 'reaction' && typeof e.user_id === 'number') {
        this.want(e.user_id);
      }
    }
    return this.#flush ?? Promise.resolve();
  }

  /** Asks for a user the store does not know (deduplicated, batched with the others asked for now). */
  want(userId: number): void {
    if (this.host.has(userId) || this.#pending.has(userId) || this.#queued.has(userId)) return;
    this.#queued.add(userId);
    this.#flush ??= Promise.resolve().then(() => this.#run());
  }

  async #run(): Promise<void> {
    const ids = [...this.#queued].filter((id) => !this.host.has(id));
    this.#queued = new Set();
    this.#flush = undefined;
    if (ids.length === 0) return;
    for (const id of ids) this.#pending.add(id);
    try {
      const users = await this.#fetchAll(ids);
      this.host.add(users.filter((u) => !this.host.has(u.user_id)));
    } catch (error) {
      this.host.onError(error);
    } finally {
      for (const id of ids) this.#pending.delete(id);
    }
  }

  async #fetchAll(ids: readonly number[]): Promise<User[]> {
    const out: User[] = [];
    for (let i = 0; i < ids.length; i += USER_FETCH_BATCH) {
      out.push(...(await this.fetch(ids.slice(i, i + USER_FETCH_BATCH))));
    }
    return out;
  }
}
