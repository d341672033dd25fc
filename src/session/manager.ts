/**
 * The live session of the active account, in VS Code: follows the active account through the
 * session state machine (src/store/lifecycle.ts: sign-in, switch and sign-out are its
 * transitions), keeps the warm-start files of each account, and passes the machine's changes on as
 * VS Code events. Views read `current` and refresh on `onDidChange`; they follow the phase through
 * `state` / `onDidChangeState` and the current store through `onDidChangeStore`.
 */
import * as vscode from 'vscode';
import type { ChatClient } from '../api';
import type { Account, AccountManager } from '../auth/accounts';
import { Disposable } from '../disposable';
import type { CachedConversation, CachedMessages, SnapshotCache } from './snapshotCache';
import type { ChatSession, ChatStore, FocusSource, StoreChange } from '../store';
import { loadChatSession } from '../store/load';
import { SessionLifecycle, type LifecycleLimits, type SessionState } from '../store/lifecycle';

export type { SessionPhase, SessionState } from '../store/lifecycle';

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
  /** Warm start: the saved messages of the conversations open before the reload, for that session. */
  #warmMessages: { session: ChatSession; messages: Map<string, CachedConversation> } | undefined;
  /** Read with the snapshot, handed to the session the same transition creates next. */
  #pendingMessages: CachedMessages | undefined;
  #storeListener: vscode.Disposable | undefined;

  readonly #onDidChange = this._register(new vscode.EventEmitter<CurrentSession | undefined>());
  /** A session whose store the views can show (saved snapshot or live), or none. */
  readonly onDidChange = this.#onDidChange.event;
  readonly #onDidChangeState = this._register(new vscode.EventEmitter<SessionState>());
  /** The phase of the active account's session (starting, saved, connecting, live, …). */
  readonly onDidChangeState = this.#onDidChangeState.event;
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
        const [saved, messages] = await Promise.all([this.cache.read(account.id, account.realmUrl), this.cache.readMessages(account.id, account.realmUrl)]);
        this.#pendingMessages = saved ? messages : undefined;
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
        const line = `Session: ${s.phase}${s.accountId ? ` (${s.accountId})` : ''}${s.error ? `: ${s.error instanceof Error ? s.error.message : String(s.error)}` : ''}`;
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
    const messages = this.#pendingMessages;
    this.#pendingMessages = undefined;
    this.#warmMessages = messages ? { session, messages: new Map(Object.entries(messages)) } : undefined;
    return session;
  }

  #followStore(current: CurrentSession | undefined): void {
    this.#storeListener?.dispose();
    this.#storeListener = current?.store.onDidChange((c) => {
      if (this.current?.session === current.session) this.#onDidChangeStore.fire(c);
    });
    if (this.#warmMessages && this.#warmMessages.session !== current?.session) this.#warmMessages = undefined;
    this.#onDidChange.fire(current);
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
    const current = this.current;
    if (!current || !this.cache || this.#signedOut.has(current.account.id)) return Promise.resolve();
    return this.cache.writeMessages(current.account.id, current.account.realmUrl, messages);
  }

  override dispose(): void {
    this.#storeListener?.dispose();
    super.dispose();
  }
}
