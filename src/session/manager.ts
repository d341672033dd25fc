/**
 * The live session of the active account: on sign-in, switch or sign-out the old ChatSession is
 * stopped (freeing its event queue) and a new one is started from the account's client. Views
 * read `current` and refresh on `onDidChange`; the session's own status and store events they
 * subscribe to through `onDidChangeStatus` / `onDidChangeStore`, which follow the current session.
 */
import * as vscode from 'vscode';
import type { ChatClient } from '../api';
import type { Account, AccountManager } from '../auth/accounts';
import { Disposable } from '../disposable';
import type { CachedConversation, CachedMessages, CachedState, SnapshotCache } from './snapshotCache';
import { ChatSession, type ChatStore, type FocusSource, type SessionStatusChange, type StoreChange } from '../store';

export interface CurrentSession {
  readonly account: Account;
  readonly session: ChatSession;
  readonly store: ChatStore;
  readonly client: ChatClient;
}

/** VS Code's window focus as the store's `FocusSource` (presence: active while focused). */
export const windowFocus: FocusSource = {
  isFocused: () => vscode.window.state.focused,
  onDidChange: (listener) => vscode.window.onDidChangeWindowState((s) => listener(s.focused)),
};

export class SessionManager extends Disposable {
  #current: CurrentSession | undefined;
  /** Bumped on every switch: a start that finishes after a newer switch is discarded. */
  #generation = 0;
  #sessionListeners: vscode.Disposable[] = [];
  #switching: Promise<void> = Promise.resolve();
  /** Accounts signing (or signed) out: nothing more is saved for them until they start again. */
  readonly #signedOut = new Set<string>();
  /** Warm start: the saved messages of the conversations open before the reload, for that session. */
  #warmMessages: { session: ChatSession; messages: Map<string, CachedConversation> } | undefined;

  readonly #onDidChange = this._register(new vscode.EventEmitter<CurrentSession | undefined>());
  /** A new session (its store is built) or none. */
  readonly onDidChange = this.#onDidChange.event;
  readonly #onDidChangeStatus = this._register(new vscode.EventEmitter<SessionStatusChange>());
  /** Status of the current session (connecting, live, reconnecting, stopped). */
  readonly onDidChangeStatus = this.#onDidChangeStatus.event;
  readonly #onDidChangeStore = this._register(new vscode.EventEmitter<StoreChange>());
  /** Changes of the current session's store. */
  readonly onDidChangeStore = this.#onDidChangeStore.event;
  readonly #onError = this._register(new vscode.EventEmitter<unknown>());
  /** Background problems of the current session, and failures to start one. */
  readonly onError = this.#onError.event;

  constructor(
    private readonly accounts: AccountManager,
    private readonly log: vscode.LogOutputChannel,
    private readonly focus: FocusSource = windowFocus,
    /** Warm start: the last snapshot of each account (none: every start is cold). */
    private readonly cache?: SnapshotCache,
  ) {
    super();
    this._register(accounts.onDidChangeActive((account) => void this.switchTo(account)));
    this._register(
      // Sign-out deletes the event queue while the key is still stored.
      accounts.onWillSignOut((e) => {
        // Its session, live or still starting, is dropped and writes nothing more: a snapshot or
        // messages saved after the files are removed would leave a signed-out account's data on
        // disk (a start is still under way when the account was made active just before).
        this.#signedOut.add(e.account.id);
        if (this.#current?.account.id === e.account.id || this.accounts.active?.id === e.account.id) {
          this.#generation++;
          e.waitUntil(this.#stopCurrent());
        }
        if (this.cache) e.waitUntil(this.cache.remove(e.account.id));
      }),
    );
  }

  /** The current session once its store is built; undefined while signed out or connecting. */
  get current(): CurrentSession | undefined {
    return this.#current;
  }

  /** Status of the current (or starting) session. */
  status: SessionStatusChange = { status: 'stopped' };

  /** Starts the session of the active account (activation), or restarts the current one (retry). */
  restart(): Promise<void> {
    return this.switchTo(this.accounts.active, true);
  }

  /** Stops the old session, starts one for `account`. Serialised: the last call wins. */
  switchTo(account: Account | undefined, force = false): Promise<void> {
    const generation = ++this.#generation;
    this.#switching = this.#switching.then(async () => {
      if (generation !== this.#generation) return;
      if (!force && account && this.#current?.account.id === account.id) return;
      await this.#stopCurrent();
      if (!account || generation !== this.#generation) return;
      await this.#start(account, generation);
    });
    return this.#switching;
  }

  async #start(account: Account, generation: number): Promise<void> {
    this.#signedOut.delete(account.id); // signed in again
    let client: ChatClient;
    try {
      client = await this.accounts.getClient(account);
    } catch (error) {
      this.#onError.fire(error);
      return;
    }
    const [cached, messages] = await Promise.all([
      this.cache?.read(account.id, account.realmUrl),
      this.cache?.readMessages(account.id, account.realmUrl),
    ]);
    const session = new ChatSession(client, {
      focus: this.focus,
      // Not once the account is signing out (its files are being removed).
      onSnapshot: (snapshot) => {
        if (!this.#signedOut.has(account.id)) void this.cache?.write(account.id, account.realmUrl, snapshot);
      },
    });
    const listeners = [
      session.onDidChangeStatus((s) => {
        if (this.#generation !== generation) return;
        this.status = s;
        this.#onDidChangeStatus.fire(s);
      }),
      session.onError((e) => this.#onError.fire(e)),
      session.store.onDidChange((c) => {
        if (this.#current?.session === session) this.#onDidChangeStore.fire(c);
      }),
    ];
    this.#sessionListeners = listeners;
    // Visible as `connecting` while the snapshot loads.
    this.status = { status: 'connecting' };
    this.#onDidChangeStatus.fire(this.status);
    if (cached && generation === this.#generation) {
      this.#warmMessages = { session, messages: new Map(Object.entries(messages ?? {})) };
      this.#showWarm(account, session, client, cached);
    }
    try {
      await session.start();
    } catch (error) {
      if (this.#current?.session === session) {
        this.#current = undefined;
        this.#onDidChange.fire(undefined);
      }
      for (const l of listeners) l.dispose();
      session.dispose();
      await client.close().catch(() => undefined);
      if (generation === this.#generation) {
        this.status = { status: 'stopped', detail: { error } };
        this.#onDidChangeStatus.fire(this.status);
        this.#onError.fire(error);
      }
      return;
    }
    if (generation !== this.#generation) {
      for (const l of listeners) l.dispose();
      await session.stop();
      session.dispose();
      await client.close().catch(() => undefined);
      return;
    }
    this.log.info(`Session started for ${account.email} on ${account.realmUrl}.`);
    // After a warm start the views already have this session: the store's reset told them what changed.
    if (this.#current?.session === session) return;
    this.#current = { account, session, store: session.store, client };
    this.#onDidChange.fire(this.#current);
  }

  /**
   * Warm start: the messages of conversation `key` (a topic view's key string) saved before the
   * reload, if `session` was started from the saved snapshot; given once.
   */
  takeCachedMessages(key: string, session: ChatSession): CachedConversation | undefined {
    if (this.#warmMessages?.session !== session) return undefined;
    const saved = this.#warmMessages.messages.get(key);
    this.#warmMessages.messages.delete(key);
    return saved;
  }

  /** Saves the newest messages of the open conversations of the current account (for the next warm start). */
  saveMessages(messages: CachedMessages): Promise<void> {
    const current = this.#current;
    if (!current || !this.cache || this.#signedOut.has(current.account.id)) return Promise.resolve();
    return this.cache.writeMessages(current.account.id, current.account.realmUrl, messages);
  }

  /** Warm start: the session becomes current with the saved snapshot while it connects. */
  #showWarm(account: Account, session: ChatSession, client: ChatClient, cached: CachedState): void {
    try {
      // What the first render reads now; the rest of the snapshot after it.
      void session.restore(cached.first, () => cached.complete());
    } catch (error) {
      this.log.warn(`Warm start: the cached snapshot could not be shown (${error instanceof Error ? error.message : String(error)}).`);
      return;
    }
    this.#current = { account, session, store: session.store, client };
    this.#onDidChange.fire(this.#current);
  }

  async #stopCurrent(): Promise<void> {
    const current = this.#current;
    this.#warmMessages = undefined;
    if (!current) return;
    this.#current = undefined;
    for (const l of this.#sessionListeners) l.dispose();
    this.#sessionListeners = [];
    this.#onDidChange.fire(undefined);
    this.status = { status: 'stopped' };
    this.#onDidChangeStatus.fire(this.status);
    try {
      await current.session.stop();
    } finally {
      current.session.dispose();
      await current.client.close().catch(() => undefined);
    }
  }

  override dispose(): void {
    this.#generation++;
    void this.#stopCurrent();
    super.dispose();
  }
}
