/**
 * The signed-in accounts. Metadata lives in `globalState`; each API key lives only in
 * `SecretStorage`, read on demand. One account is active; the `teamChat.signedIn` and
 * `teamChat.signedOut` context keys follow it (the shell sets them first, from `globalState`).
 */
import * as vscode from 'vscode';
import { Emitter } from '../base/event';
import type { ChatClient } from '../api/client';
import { loadClient } from '../api/load';
import { ContextKeys, StateKeys } from '../constants';
import { Disposable } from '../base/lifecycle';

export interface Account {
  /** Stable: the server URL and the user's ID there. */
  id: string;
  realmUrl: string;
  /** The address (or user name) the key authenticates with. */
  email: string;
  fullName: string;
  userId: number;
  realmName: string;
}

/** Fired before an account's key is forgotten; handlers may delay it (e.g. to delete an event queue). */
export interface WillSignOutEvent {
  readonly account: Account;
  /**
   * A client that still holds the key, closed once every `waitUntil` promise settled; undefined
   * when the key is already gone (nothing to clean up on the server, but local data still goes).
   */
  readonly client: ChatClient | undefined;
  waitUntil(work: Promise<unknown>): void;
}

const ACCOUNTS_KEY = StateKeys.accounts;
const ACTIVE_KEY = StateKeys.activeAccount;
const SECRET_PREFIX = 'teamChat.apiKey:';
/** Sign-out never hangs on a slow server. */
const SIGN_OUT_GRACE_MS = 5_000;

export function accountId(realmUrl: string, userId: number): string {
  return `${realmUrl}#${userId}`;
}

export class AccountManager extends Disposable {
  private readonly changed = this._register(new Emitter<void>());
  private readonly activeChanged = this._register(new Emitter<Account | undefined>());
  private readonly willSignOut = this._register(new Emitter<WillSignOutEvent>());
  /** Serialises writes so concurrent sign-ins and sign-outs cannot lose one another. */
  private queue: Promise<unknown> = Promise.resolve();

  /** The list of accounts changed (added, removed, or details updated). */
  readonly onDidChangeAccounts = this.changed.event;
  /** The active account changed (sign-in, switch, sign-out); `undefined` when signed out. */
  readonly onDidChangeActive = this.activeChanged.event;
  readonly onWillSignOut = this.willSignOut.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    // Another window signed in or out: follow it.
    this._register(
      secrets.onDidChange((e) => {
        if (e.key.startsWith(SECRET_PREFIX)) this.changed.fire();
      }),
    );
  }

  /** Drops accounts whose key has gone (e.g. the keychain was reset) and sets the context key. */
  async initialize(): Promise<void> {
    await this.serialized(async () => {
      const kept: Account[] = [];
      for (const account of this.list()) {
        if (await this.secrets.get(secretKey(account.id))) kept.push(account);
        else this.log.warn(`Forgetting ${describe(account)}: its API key is no longer stored.`);
      }
      if (kept.length !== this.list().length) await this.state.update(ACCOUNTS_KEY, kept);
      if (this.active === undefined && this.state.get(ACTIVE_KEY) !== undefined)
        await this.state.update(ACTIVE_KEY, undefined);
    });
    // Not awaited: the round trip to a workbench still starting took most of activate()'s time.
    // The welcome views follow the context key when it lands; nothing in activation reads it.
    this.updateContext().catch((error: unknown) =>
      this.log.warn(`Could not set the signed-in context: ${String(error)}`),
    );
  }

  list(): Account[] {
    return [...this.state.get<Account[]>(ACCOUNTS_KEY, [])];
  }

  get(id: string): Account | undefined {
    return this.list().find((a) => a.id === id);
  }

  get active(): Account | undefined {
    const id = this.state.get<string>(ACTIVE_KEY);
    return id === undefined ? undefined : this.get(id);
  }

  /** Stores (or replaces) an account and its key. Becomes active when `activate` is set or none is. */
  async add(details: Omit<Account, 'id'>, apiKey: string, activate = true): Promise<Account> {
    const account: Account = { id: accountId(details.realmUrl, details.userId), ...details };
    await this.serialized(async () => {
      await this.secrets.store(secretKey(account.id), apiKey);
      const others = this.list().filter((a) => a.id !== account.id);
      await this.state.update(ACCOUNTS_KEY, [...others, account]);
      this.log.info(`Signed in as ${describe(account)}.`);
      this.changed.fire();
      if (activate || this.active === undefined) await this.makeActive(account.id);
    });
    return account;
  }

  async setActive(id: string | undefined): Promise<void> {
    if (id !== undefined && !this.get(id)) throw new Error(`No such account: ${id}`);
    await this.serialized(() => this.makeActive(id));
  }

  /**
   * Signs out: lets `onWillSignOut` handlers finish with a client (e.g. delete the event queue),
   * then forgets the key and the metadata. Another account becomes active if one is left.
   */
  async remove(id: string): Promise<void> {
    const account = this.get(id);
    if (!account) return;
    await this.notifyWillSignOut(account);
    await this.serialized(async () => {
      await this.secrets.delete(secretKey(id));
      await this.state.update(
        ACCOUNTS_KEY,
        this.list().filter((a) => a.id !== id),
      );
      this.log.info(`Signed out of ${describe(account)}.`);
      this.changed.fire();
      if (this.state.get(ACTIVE_KEY) === id) await this.makeActive(this.list()[0]?.id);
    });
  }

  /** The stored key, read on demand; never cache or log it. */
  getApiKey(account: Account): Thenable<string | undefined> {
    return this.secrets.get(secretKey(account.id));
  }

  /** A client for `account`; the caller owns it (and closes it). */
  async getClient(account: Account): Promise<ChatClient> {
    const apiKey = await this.getApiKey(account);
    if (apiKey === undefined)
      throw new Error(vscode.l10n.t('Not signed in to {0} as {1}: sign in again.', account.realmUrl, account.email));
    const { ChatClient } = await loadClient();
    return new ChatClient({ realmUrl: account.realmUrl, email: account.email, apiKey });
  }

  private async notifyWillSignOut(account: Account): Promise<void> {
    // No key left (the keychain was reset): handlers still forget the account's local data.
    const client = await this.getClient(account).catch(() => undefined);
    const work: Promise<unknown>[] = [];
    this.willSignOut.fire({ account, client, waitUntil: (p) => work.push(p) });
    const settled = Promise.allSettled(work).then((results) => {
      for (const r of results)
        if (r.status === 'rejected') this.log.warn(`Sign-out clean-up failed: ${String(r.reason)}`);
    });
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, SIGN_OUT_GRACE_MS))]);
    await client?.close();
  }

  private async makeActive(id: string | undefined): Promise<void> {
    const before = this.state.get<string>(ACTIVE_KEY);
    await this.state.update(ACTIVE_KEY, id);
    await this.updateContext();
    if (before !== id || id !== undefined) this.activeChanged.fire(this.active);
  }

  private async updateContext(): Promise<void> {
    const signedIn = this.active !== undefined;
    await Promise.all([
      vscode.commands.executeCommand('setContext', ContextKeys.signedIn, signedIn),
      vscode.commands.executeCommand('setContext', ContextKeys.signedOut, !signedIn),
    ]);
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** Where an account's key is kept in SecretStorage. */
export function secretKey(id: string): string {
  return SECRET_PREFIX + id;
}

/** For logs: never includes the key. */
export function describe(account: Account): string {
  return `${account.email} on ${account.realmUrl}`;
}
