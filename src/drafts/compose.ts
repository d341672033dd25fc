/**
 * Compose-box drafts: what the user typed in a conversation's compose box, kept per account and
 * conversation in `globalState` (never secrets) from the first keystroke until the message is sent
 * or the box is emptied, so closing the view or reloading the window loses nothing. While the
 * user's `enable_drafts_synchronization` is on, each draft is mirrored to the server's drafts
 * (`POST/PATCH/DELETE /drafts`), and `drafts` events from the user's other devices update or
 * remove the local copies. No `vscode` import: unit-tested in plain Node.
 */
import type { ChatClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { DraftInput, ServerDraft } from '../api/drafts/models';
import { createDrafts, deleteDraft, editDraft } from '../api/drafts/routes';
import { Emitter, type Event } from '../base/event';
import { Disposable, type IDisposable } from '../base/lifecycle';
import type { ChatStore } from '../store/store';
import type { DraftMemento } from './store';

/** The conversation a draft is for: a channel topic, or a direct conversation (others' IDs; none: oneself). */
export type DraftTarget =
  | { readonly type: 'stream'; readonly streamId: number; readonly topic: string }
  | { readonly type: 'private'; readonly userIds: readonly number[] };

export interface ComposeDraft {
  /** {@link targetKey} of `target`. */
  readonly key: string;
  readonly target: DraftTarget;
  readonly content: string;
  /** UNIX milliseconds of the last change. */
  readonly updatedAt: number;
  /** The server's draft this one is mirrored to (synchronisation on). */
  readonly serverId?: number;
}

/** The signed-in account drafts are read and written for. */
export interface DraftAccount {
  readonly accountId: string;
  readonly client: ChatClient;
  readonly store: ChatStore;
  /**
   * Whether the store follows the server (false while a warm start shows a saved snapshot: its
   * server drafts are old, so nothing is synchronised against them until the server answers).
   */
  readonly live?: boolean;
}

/** One conversation per key: topics compare case-insensitively, as the server does. */
export function targetKey(t: DraftTarget): string {
  return t.type === 'stream'
    ? JSON.stringify(['stream', t.streamId, t.topic.toLowerCase()])
    : JSON.stringify(['dm', [...t.userIds].sort((a, b) => a - b)]);
}

/** The conversation of a server draft; undefined for an unaddressed one (no conversation to resume). */
export function targetOfServerDraft(d: ServerDraft, ownUserId: number): DraftTarget | undefined {
  if (d.type === 'stream' && d.to.length === 1) return { type: 'stream', streamId: d.to[0]!, topic: d.topic };
  if (d.type === 'private' && d.to.length > 0)
    return { type: 'private', userIds: d.to.filter((id) => id !== ownUserId).sort((a, b) => a - b) };
  return undefined;
}

/** The server's form of a local draft. */
export function serverDraftInput(d: ComposeDraft, ownUserId: number): DraftInput {
  const timestamp = Math.floor(d.updatedAt / 1000);
  if (d.target.type === 'stream')
    return { type: 'stream', to: [d.target.streamId], topic: d.target.topic, content: d.content, timestamp };
  const to = d.target.userIds.length > 0 ? [...d.target.userIds] : [ownUserId];
  return { type: 'private', to, topic: '', content: d.content, timestamp };
}

export function syncEnabled(store: ChatStore): boolean {
  return store.userSettings.enable_drafts_synchronization === true;
}

const STATE_PREFIX = 'teamChat.composeDrafts.';

export interface ComposeDraftsOptions {
  /** Debounce of the `globalState` write while typing. */
  readonly saveDelayMs?: number;
  /** Debounce of the server copy while typing. */
  readonly syncDelayMs?: number;
  readonly onError?: (error: unknown) => void;
}

export class ComposeDrafts extends Disposable {
  /** accountId → key → draft: the latest text, ahead of the debounced `globalState` write. */
  readonly #drafts = new Map<string, Map<string, ComposeDraft>>();
  readonly #dirty = new Set<string>();
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #syncTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Per account and key: server calls run one after another. */
  readonly #chains = new Map<string, Promise<void>>();
  /** Server drafts to delete once the chain reaches them (the local draft is already gone). */
  readonly #orphans = new Map<string, number>();
  /**
   * Server drafts deleted here whose `drafts` remove event has not arrived yet: the store still
   * lists them, and without their local copy they would show (and restore) as another device's
   * draft until the event comes.
   */
  readonly #deleted = new Set<number>();
  readonly #onDidChange = this._register(new Emitter<string>());
  /** Fires with the account ID whose drafts changed. */
  readonly onDidChange: Event<string> = this.#onDidChange.event;

  constructor(
    private readonly memento: DraftMemento,
    private readonly account: () => DraftAccount | undefined,
    private readonly options: ComposeDraftsOptions = {},
  ) {
    super();
  }

  #map(accountId: string): Map<string, ComposeDraft> {
    let map = this.#drafts.get(accountId);
    if (!map) {
      const stored = this.memento.get<Record<string, ComposeDraft>>(STATE_PREFIX + accountId) ?? {};
      map = new Map(Object.entries(stored));
      this.#drafts.set(accountId, map);
    }
    return map;
  }

  /** The account's local drafts, newest first. */
  list(accountId: string): ComposeDraft[] {
    return [...this.#map(accountId).values()].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  get(accountId: string, target: DraftTarget): ComposeDraft | undefined {
    return this.#map(accountId).get(targetKey(target));
  }

  /**
   * The text a conversation's compose box should start with: the local draft, else the newest
   * server draft for it (from another device), which becomes the local one.
   */
  restore(target: DraftTarget): string {
    const current = this.account();
    if (!current) return '';
    const local = this.get(current.accountId, target);
    if (local) return local.content;
    if (!syncEnabled(current.store)) return '';
    const key = targetKey(target);
    const remote = this.serverDrafts(current.store).find((d) => {
      const t = targetOfServerDraft(d, current.store.ownUserId);
      return t !== undefined && targetKey(t) === key;
    });
    if (!remote) return '';
    this.adopt(current.accountId, remote, target);
    return remote.content;
  }

  /** The store's server drafts, without those deleted here whose removal has not come back yet. */
  serverDrafts(store: ChatStore): readonly ServerDraft[] {
    const all = store.serverDrafts();
    return this.#deleted.size === 0 ? all : all.filter((d) => !this.#deleted.has(d.id));
  }

  /** Makes a server draft the local draft of its conversation (resuming it). */
  adopt(accountId: string, remote: ServerDraft, target: DraftTarget): ComposeDraft {
    const draft: ComposeDraft = {
      key: targetKey(target),
      target,
      content: remote.content,
      updatedAt: remote.timestamp * 1000,
      serverId: remote.id,
    };
    this.#put(accountId, draft);
    return draft;
  }

  /** What the compose box holds now (the page reports it as the user types); empty removes the draft. */
  update(target: DraftTarget, content: string): void {
    const current = this.account();
    if (!current) return;
    const key = targetKey(target);
    const map = this.#map(current.accountId);
    const old = map.get(key);
    if (content.trim() === '') {
      if (old) this.remove(current.accountId, key);
      return;
    }
    if (old?.content === content) return;
    this.#put(current.accountId, { key, target, content, updatedAt: Date.now(), serverId: old?.serverId });
    this.#syncSoon(current.accountId, key);
  }

  /** Deletes a draft here and (synchronisation on) on the server. */
  remove(accountId: string, key: string): void {
    const map = this.#map(accountId);
    const old = map.get(key);
    if (!old) return;
    map.delete(key);
    if (old.serverId !== undefined) {
      this.#orphans.set(`${accountId}\n${key}`, old.serverId);
      this.#deleted.add(old.serverId);
    }
    this.#changed(accountId);
    this.#syncSoon(accountId, key, 0);
  }

  /** Deletes a server draft that has no local copy (the server's event removes it from the store). */
  async deleteServerDraft(id: number): Promise<void> {
    const current = this.account();
    if (!current) return;
    this.#deleted.add(id);
    for (const d of this.list(current.accountId)) if (d.serverId === id) this.#delete(current.accountId, d.key);
    this.#onDidChange.fire(current.accountId);
    await this.#deleteOnServer(current.accountId, current.client, id);
  }

  #put(accountId: string, draft: ComposeDraft): void {
    this.#map(accountId).set(draft.key, draft);
    this.#changed(accountId);
  }

  #delete(accountId: string, key: string): void {
    if (this.#map(accountId).delete(key)) this.#changed(accountId);
  }

  #changed(accountId: string): void {
    this.#dirty.add(accountId);
    clearTimeout(this.#saveTimer);
    this.#saveTimer = setTimeout(() => void this.save(), this.options.saveDelayMs ?? 300);
    this.#onDidChange.fire(accountId);
  }

  /** Writes the pending changes to `globalState` now. */
  async save(): Promise<void> {
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    const writes = [...this.#dirty].map((accountId) => {
      this.#dirty.delete(accountId);
      return this.memento.update(STATE_PREFIX + accountId, Object.fromEntries(this.#map(accountId)));
    });
    await Promise.all(writes);
  }

  // ---- server copies ------------------------------------------------------------------------

  #syncSoon(accountId: string, key: string, delayMs = this.options.syncDelayMs ?? 1000): void {
    const id = `${accountId}\n${key}`;
    clearTimeout(this.#syncTimers.get(id));
    this.#syncTimers.set(
      id,
      setTimeout(() => {
        this.#syncTimers.delete(id);
        void this.#sync(accountId, key);
      }, delayMs),
    );
  }

  /** Brings the server's copy of one draft up to date (queued behind earlier calls for it). */
  #sync(accountId: string, key: string): Promise<void> {
    const id = `${accountId}\n${key}`;
    const run = (this.#chains.get(id) ?? Promise.resolve())
      .then(() => this.#syncNow(accountId, key))
      .catch((e: unknown) => this.options.onError?.(e));
    this.#chains.set(id, run);
    return run;
  }

  async #syncNow(accountId: string, key: string): Promise<void> {
    const current = this.account();
    if (
      !current ||
      current.accountId !== accountId ||
      !current.store.ready ||
      current.live === false ||
      !syncEnabled(current.store)
    )
      return;
    const { client, store } = current;
    const orphan = this.#orphans.get(`${accountId}\n${key}`);
    if (orphan !== undefined) {
      this.#orphans.delete(`${accountId}\n${key}`);
      await this.#deleteOnServer(accountId, client, orphan);
    }
    let draft = this.#map(accountId).get(key);
    if (!draft) return;
    if (draft.serverId === undefined) {
      // Kept here before the server's id came back (a reload meanwhile): the conversation's server
      // copy that no other local draft claims is this one, not a new draft to create.
      const claimed = new Set(this.list(accountId).flatMap((d) => (d.serverId === undefined ? [] : [d.serverId])));
      const copy = this.serverDrafts(store).find((d) => {
        const t = claimed.has(d.id) ? undefined : targetOfServerDraft(d, store.ownUserId);
        return t !== undefined && targetKey(t) === key;
      });
      if (copy) {
        draft = { ...draft, serverId: copy.id };
        this.#put(accountId, draft);
      }
    }
    const input = serverDraftInput(draft, store.ownUserId);
    if (draft.serverId !== undefined) {
      try {
        await editDraft(client, { draft_id: draft.serverId, draft: input });
        return;
      } catch (error) {
        // Deleted on the server meanwhile while the user kept typing here: create it anew.
        if (!isGone(error)) throw error;
      }
    }
    const { ids } = await createDrafts(client, { drafts: [input] });
    const now = this.#map(accountId).get(key);
    if (now) this.#put(accountId, { ...now, serverId: ids[0] });
    else {
      // Deleted here while it was being created: its `drafts` add event may come first.
      this.#deleted.add(ids[0]!);
      await this.#deleteOnServer(accountId, client, ids[0]!);
    }
  }

  /** Deletes a server draft (hidden here meanwhile); shown again if the server refuses. */
  async #deleteOnServer(accountId: string, client: ChatClient, id: number): Promise<void> {
    try {
      await this.#ignoreGone(deleteDraft(client, { draft_id: id }));
    } catch (error) {
      this.#deleted.delete(id);
      this.#onDidChange.fire(accountId);
      throw error;
    }
  }

  async #ignoreGone(call: Promise<unknown>): Promise<void> {
    try {
      await call;
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }

  /**
   * Follows one account's store: `drafts` events from other devices update or remove the local
   * copies, and local drafts not on the server yet are sent once the store is (re)built.
   */
  watch(accountId: string, store: ChatStore): IDisposable {
    const subs = [
      store.onDidApplyEvents((events) => {
        for (const e of events) {
          if (e.type !== 'drafts') continue;
          const map = this.#map(accountId);
          if (e.op === 'remove') {
            this.#deleted.delete(e.draft_id);
            for (const d of [...map.values()]) if (d.serverId === e.draft_id) this.#delete(accountId, d.key);
          } else if (e.op === 'update') {
            const local = [...map.values()].find((d) => d.serverId === e.draft.id);
            // Newer than ours only: our own edits come back with our timestamp.
            if (local && e.draft.timestamp > Math.floor(local.updatedAt / 1000)) {
              this.#put(accountId, { ...local, content: e.draft.content, updatedAt: e.draft.timestamp * 1000 });
            }
          }
        }
        this.#onDidChange.fire(accountId);
      }),
      store.onDidChange((change) => {
        if (change.full || change.areas.has('userSettings')) this.syncAll(accountId);
        if (change.full || change.areas.has('drafts') || change.areas.has('userSettings'))
          this.#onDidChange.fire(accountId);
      }),
    ];
    if (store.ready) this.syncAll(accountId);
    return { dispose: () => subs.forEach((s) => s.dispose()) };
  }

  /** Sends the account's drafts that are not on the server yet (synchronisation on). */
  syncAll(accountId: string): void {
    for (const d of this.list(accountId)) if (d.serverId === undefined) void this.#sync(accountId, d.key);
  }

  /** Saves now and waits for the server calls under way (tests, and before the window closes). */
  async flush(): Promise<void> {
    for (const [id, timer] of this.#syncTimers) {
      clearTimeout(timer);
      const [accountId, key] = id.split('\n') as [string, string];
      void this.#sync(accountId, key);
    }
    this.#syncTimers.clear();
    await this.save();
    await Promise.all(this.#chains.values());
  }

  override dispose(): void {
    for (const t of this.#syncTimers.values()) clearTimeout(t);
    void this.save();
    super.dispose();
  }
}

/** The server's 404 for a draft that is not there (deleted elsewhere). */
function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 404;
}
