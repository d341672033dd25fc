/**
 * The live session of the active account, in VS Code: follows the active account through the
 * session state machine (src/store/lifecycle.ts: sign-in, switch and sign-out are its
 * transitions), keeps the warm-start files of each account, and passes the machine's changes on as
 * VS Code events. Views read `current` and refresh on `onDidChange`; they follow the phase through
 * `state` / `onDidChangeState` and the current store through `onDidChangeStore`.
 */
import * as vscode from 'vscode';
import { Emitter } from '../base/event';
import type { ChatClient } from '../api';
import type { Account, AccountManager } from '../auth/accounts';
import { Disposable, MutableDisposable, disposeAll, toDisposable } from '../base/lifecycle';
import type { CachedConversation, CachedMessages, SnapshotCache } from './snapshotCache';
import { ConversationCache } from './conversationCache';
import type { ChatSession, ChatStore, FocusSource, StoreChange } from '../store';
import { loadChatSession } from '../store/load';
import { SessionLifecycle, type LifecycleLimits, type SessionState } from '../store/lifecycle';

export type { SessionPhase, SessionState } from '../store/lifecycle';

/** How long after an event changed cached messages the conversation cache is saved. */
const SAVE_DELAY_MS = 2_000;

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
  readonly #machine: SessionLifecycle<Account>;
  /** Accounts signing (or signed) out: nothing more is saved for them until they start again. */
  readonly #signedOut = new Set<string>();
  /** The conversation cache of the account whose session runs (read with its snapshot, kept across its restarts). */
  #conversations: { account: Account; cache: ConversationCache } | undefined;
  /** Warm start: the session started from the saved snapshot, and the conversations it has shown from the cache. */
  #warm: { session: ChatSession; taken: Set<string> } | undefined;
  /** Started from the saved snapshot: the session the same transition creates next is warm. */
  #pendingWarm = false;
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #storeListener = this._register(new MutableDisposable());

  readonly #onDidChange = this._register(new Emitter<CurrentSession | undefined>());
  /** A session whose store the views can show (saved snapshot or live), or none. */
  readonly onDidChange = this.#onDidChange.event;
  readonly #onDidChangeState = this._register(new Emitter<SessionState>());
  /** The phase of the active account's session (starting, saved, connecting, live, …). */
  readonly onDidChangeState = this.#onDidChangeState.event;
  readonly #onDidChangeStore = this._register(new Emitter<StoreChange>());
  /** Changes of the current session's store. */
  readonly onDidChangeStore = this.#onDidChangeStore.event;
  readonly #onError = this._register(new Emitter<unknown>());
  /** Background problems of the current session, and failures to start one. */
  readonly onError = this.#onError.event;

  constructor(
    private readonly accounts: AccountManager,
    private readonly log: vscode.LogOutputChannel,
    private readonly focus: FocusSource = windowFocus,
    /** Warm start: the last snapshot of each account (none: every start is cold). */
    private readonly cache?: SnapshotCache,
    limits?: Partial<LifecycleLimits>,
  ) {
    super();
    this.#machine = new SessionLifecycle<Account>({
      client: (account) => {
        this.#signedOut.delete(account.id); // signed in again
        return this.accounts.getClient(account);
      },
      saved: async (account) => {
        if (!this.cache) return undefined;
        const keep = this.#conversations?.account.id === account.id;
        const [saved, messages] = await Promise.all([
          this.cache.read(account.id, account.realmUrl),
          keep ? undefined : this.cache.readMessages(account.id, account.realmUrl),
        ]);
        // The same account again (Reconnect): its cache in memory is newer than its file.
        if (!keep) this.#useConversations(account, new ConversationCache(undefined, messages));
        this.#pendingWarm = saved !== undefined;
        return saved;
      },
      session: async (client, account) => this.#createSession((await loadChatSession()).ChatSession, client, account),
      warn: (message) => this.log.warn(message),
      limits,
    });
    this._register({ dispose: () => this.#machine.dispose() });
    let logged = '';
    this._register(
      this.#machine.onDidChangeState((s) => {
        const line =
          `Session: ${s.phase}${s.accountId ? ` (${s.accountId})` : ''}` +
          `${s.error ? `: ${s.error instanceof Error ? s.error.message : String(s.error)}` : ''}`;
        if (line !== logged) this.log.info((logged = line));
        this.#onDidChangeState.fire(s);
      }),
    );
    this._register(this.#machine.onError((e) => this.#onError.fire(e)));
    this._register(this.#machine.onDidChangeCurrent((c) => this.#followStore(c)));
    this._register(accounts.onDidChangeActive((account) => void this.switchTo(account)));
    this._register(
      // Sign-out deletes the event queue while the key is still stored.
      accounts.onWillSignOut((e) => {
        // Its session, live or still starting, is dropped and writes nothing more: a snapshot or
        // messages saved after the files are removed would leave a signed-out account's data on disk.
        this.#signedOut.add(e.account.id);
        if (this.#conversations?.account.id === e.account.id) this.#useConversations(undefined);
        e.waitUntil(this.#machine.stopAccount(e.account.id));
        if (this.cache) e.waitUntil(this.cache.remove(e.account.id));
      }),
    );
  }

  /** The session whose store the views show (the saved snapshot while connecting, then live); undefined while none. */
  get current(): CurrentSession | undefined {
    return this.#machine.current;
  }

  /** The phase of the active account's session. */
  get state(): SessionState {
    return this.#machine.state;
  }

  /** Starts the session of the active account (activation), or starts it anew (Reconnect). */
  restart(): Promise<void> {
    return this.switchTo(this.accounts.active, true);
  }

  /**
   * Runs `account`'s session (a running session of the same account is kept unless `force`).
   * Resolves once the first connection is decided (live, refused, offline) or superseded.
   */
  switchTo(account: Account | undefined, force = false): Promise<void> {
    return this.#machine.switchTo(account, force);
  }

  #createSession(Session: typeof ChatSession, client: ChatClient, account: Account): ChatSession {
    const session = new Session(client, {
      focus: this.focus,
      // Not once the account is signing out (its files are being removed).
      onSnapshot: (snapshot) => {
        if (!this.#signedOut.has(account.id)) void this.cache?.write(account.id, account.realmUrl, snapshot);
      },
    });
    if (this.#conversations?.account.id !== account.id) this.#useConversations(account, new ConversationCache());
    this.#warm = this.#pendingWarm ? { session, taken: new Set() } : undefined;
    this.#pendingWarm = false;
    return session;
  }

  /**
   * Switches the conversation cache to `account`'s (none: signed out), saving the previous one's pending changes first.
   */
  #useConversations(account: Account | undefined, cache?: ConversationCache): void {
    if (this.#saveTimer) void this.#writeConversations();
    this.#conversations = account && cache ? { account, cache } : undefined;
  }

  #followStore(current: CurrentSession | undefined): void {
    this.#storeListener.clear();
    const subscriptions = current && [
      current.store.onDidChange((c) => {
        if (this.current?.session === current.session) this.#onDidChangeStore.fire(c);
      }),
      // Edits, deletions and moves of cached messages update the cache.
      current.store.onDidApplyEvents((events) => {
        const conversations = this.#conversations;
        if (
          this.current?.session === current.session &&
          conversations?.account.id === current.account.id &&
          conversations.cache.apply(events, current.store.ownUserId)
        )
          this.#scheduleSave();
      }),
    ];
    this.#storeListener.value = subscriptions && toDisposable(() => disposeAll(subscriptions));
    if (this.#warm && this.#warm.session !== current?.session) this.#warm = undefined;
    this.#onDidChange.fire(current);
  }

  /** The conversation cache of the current account (undefined while no session is shown). */
  get conversations(): ConversationCache | undefined {
    const c = this.#conversations;
    return c && c.account.id === this.current?.account.id ? c.cache : undefined;
  }

  /**
   * The cached messages of conversation `key` (a topic view's key string) to show at once in a
   * view opening on `session`: while it is not live (saved, connecting, reconnecting, offline),
   * and once per conversation for a session started from the saved snapshot (the server's answer
   * replaces them). Undefined otherwise: a live session's view loads from the server.
   */
  takeCachedMessages(key: string, session: ChatSession): CachedConversation | undefined {
    if (this.current?.session !== session) return undefined;
    const warm = this.#warm?.session === session && !this.#warm.taken.has(key);
    if (!warm && this.state.phase === 'live') return undefined;
    this.#warm?.taken.add(key);
    return this.conversations?.get(key);
  }

  /**
   * Keeps the newest messages of the current account's open conversations in its cache (in use
   * order: least recently used first) and saves the cache now.
   */
  saveMessages(messages: CachedMessages): Promise<void> {
    const cache = this.conversations;
    if (!cache) return Promise.resolve();
    for (const [key, conversation] of Object.entries(messages)) cache.put(key, conversation);
    return this.#writeConversations();
  }

  /** Saves the cache a little after a change (edits and deletions come in bursts). */
  #scheduleSave(): void {
    this.#saveTimer ??= setTimeout(() => void this.#writeConversations(), SAVE_DELAY_MS);
  }

  #writeConversations(): Promise<void> {
    if (this.#saveTimer) clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    const c = this.#conversations;
    // Not once the account is signing out (its files are being removed).
    if (!c || !this.cache || this.#signedOut.has(c.account.id)) return Promise.resolve();
    return this.cache.writeMessages(c.account.id, c.account.realmUrl, c.cache.sections());
  }

  override dispose(): void {
    // The window is closing or reloading: the latest changes (the write finishes if the host lets it).
    if (this.#saveTimer) void this.#writeConversations();
    super.dispose();
  }
}
