import type { User, UserStatus } from '../api/users/models';
import { nameSortKey } from './keys';

/** Users by id and email, with the name-ordered lists the people tree needs cached. */
export class UserIndex {
  readonly #byId = new Map<number, User>();
  readonly #byEmail = new Map<string, number>();
  /**
   * The `set` calls not yet applied to `#byEmail`, as (replaced record or undefined, new record)
   * pairs: emails are indexed on the first lookup by email, not for every user at sign-in.
   */
  #emailLog: (User | undefined)[] = [];
  readonly #statuses = new Map<number, UserStatus>();
  #sorted: User[] | undefined;
  #humanIds: number[] | undefined;

  clear(): void {
    this.#byId.clear();
    this.#byEmail.clear();
    this.#emailLog = [];
    this.#statuses.clear();
    this.#invalidate();
  }

  #invalidate(): void {
    this.#sorted = undefined;
    this.#humanIds = undefined;
  }

  get size(): number {
    return this.#byId.size;
  }

  set(user: User): void {
    this.#emailLog.push(this.#byId.get(user.user_id), user);
    this.#byId.set(user.user_id, user);
    this.#invalidate();
  }

  /** Merges the changed fields of a `realm_user` update. Returns false for an unknown user. */
  patch(userId: number, fields: Record<string, unknown>): boolean {
    const old = this.#byId.get(userId);
    if (!old) return false;
    const next = { ...old, ...fields, user_id: userId } as User;
    // `role` implies the legacy booleans; keep them consistent for readers of either.
    if (typeof fields.role === 'number') {
      next.is_owner = fields.role === 100;
      next.is_admin = fields.role <= 200;
      next.is_guest = fields.role === 600;
    }
    this.set(next);
    return true;
  }

  /** Deactivation (`realm_user` remove on older servers) keeps the record, marked inactive. */
  deactivate(userId: number): boolean {
    return this.patch(userId, { is_active: false });
  }

  get(id: number): User | undefined {
    return this.#byId.get(id);
  }

  byEmail(email: string): User | undefined {
    const id = this.#emails.get(email.toLowerCase());
    return id === undefined ? undefined : this.#byId.get(id);
  }

  /** Every user, by full name. */
  all(): readonly User[] {
    if (!this.#sorted) {
      // Sort keys compared by code unit: much cheaper than a collator for 20,000 names.
      const keyed = [...this.#byId.values()].map((u) => ({ u, k: nameSortKey(u.full_name) }));
      keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.u.user_id - b.u.user_id));
      this.#sorted = keyed.map((e) => e.u);
    }
    return this.#sorted;
  }

  /** Active humans (no bots, no deactivated users) by full name: the people tree's population. */
  humanIds(): readonly number[] {
    this.#humanIds ??= this.all()
      .filter((u) => u.is_active && !u.is_bot)
      .map((u) => u.user_id);
    return this.#humanIds;
  }

  status(userId: number): UserStatus | undefined {
    return this.#statuses.get(userId);
  }

  /** Merges the changed status fields; an all-empty status is dropped. */
  updateStatus(userId: number, fields: UserStatus): void {
    const next: UserStatus = { ...this.#statuses.get(userId), ...stripUndefined(fields) };
    const empty = !next.status_text && !next.emoji_name && !next.away;
    if (empty) this.#statuses.delete(userId);
    else this.#statuses.set(userId, next);
  }

  /** `#byEmail` with every logged `set` applied, in order. */
  get #emails(): Map<string, number> {
    const log = this.#emailLog;
    if (log.length > 0) {
      this.#emailLog = [];
      for (let i = 0; i < log.length; i += 2) {
        const old = log[i];
        if (old) this.#unindexEmails(old);
        this.#indexEmails(log[i + 1]!);
      }
    }
    return this.#byEmail;
  }

  #indexEmails(u: User): void {
    this.#byEmail.set(u.email.toLowerCase(), u.user_id);
    if (u.delivery_email && u.delivery_email !== u.email) this.#byEmail.set(u.delivery_email.toLowerCase(), u.user_id);
  }

  #unindexEmails(u: User): void {
    for (const e of [u.email, u.delivery_email]) {
      if (e && this.#byEmail.get(e.toLowerCase()) === u.user_id) this.#byEmail.delete(e.toLowerCase());
    }
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k of Object.keys(o)) {
    const v = (o as Record<string, unknown>)[k];
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}
