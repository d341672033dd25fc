/**
 * The outbox in VS Code: every message the extension sends goes through the active account's
 * {@link Outbox} (src/store/outbox.ts), kept in `<global storage>/outbox` (src/session/outboxFile.ts)
 * until the server has it.
 *
 * Follows the active account: its outbox is opened when it becomes active (entries a reload left
 * are sent again), sends through the current session's client with its event queue's id, is told
 * of each echo of one's own sends (`ChatSession.onOwnEcho`), and resumes when the session is live
 * again. Signing out drops the account's outbox and removes its file.
 */
import { randomUUID } from 'crypto';
import * as vscode from 'vscode';
import { Emitter } from '../base/event';
import type { Account, AccountManager } from '../auth/accounts';
import { ValidationError } from '../api/errors';
import { Disposable, DisposableStore, MutableDisposable } from '../base/lifecycle';
import type { Outbox, OutboxConnection, OutboxDestination, OutboxEntry, OutboxStorage } from '../store/outbox';
import { loadOutbox } from '../store/load';
import type { SessionManager } from './manager';
import { OutboxFiles } from './outboxFiles';
import { writeRefusalOf } from '../store/channelPolicy';

export type { OutboxDestination, OutboxEntry } from '../store/outbox';

/** What a caller learns after sending: delivered (`id`), or kept in the outbox (`queued`). */
export interface SendOutcome {
  readonly localId: string;
  /** The new message's id, when the server had it within the wait. */
  readonly id?: number;
}

/** How long a caller that needs the message's id waits for it by default. */
export const DELIVERY_WAIT_MS = 30_000;

/** The file's writes stop once it is closed (sign-out, reload in tests): nothing is written after. */
class ClosableStorage implements OutboxStorage {
  closed = false;
  constructor(readonly file: OutboxFiles) {}
  load(): Promise<OutboxEntry[]> {
    return this.file.load();
  }
  save(entries: readonly OutboxEntry[]): Promise<void> {
    return this.closed ? Promise.resolve() : this.file.save(entries);
  }
}

interface Opened {
  readonly account: Account;
  readonly storage: ClosableStorage;
  readonly opening: Promise<Outbox>;
  outbox?: Outbox;
  readonly subscriptions: DisposableStore;
}

export class OutboxService extends Disposable {
  #opened: Opened | undefined;
  /** This host's file of each account, kept so that every write to it is in order. */
  readonly #files = new Map<string, OutboxFiles>();
  /** Recent deliveries, localId → message id (a caller may ask after the fact). */
  readonly #deliveries = new Map<string, number>();
  readonly #echo = this._register(new MutableDisposable());
  /** Accounts signing out: their outbox is not opened again until they are signed in anew. */
  readonly #signingOut = new Set<string>();
  readonly #onDidChange = this._register(new Emitter<readonly OutboxEntry[]>());
  /** The active account's entries changed (or another account's outbox was opened). */
  readonly onDidChange = this.#onDidChange.event;
  /** This extension host's id: its outbox files and leases are named by it (see outboxFiles.ts). */
  readonly hostId = randomUUID();

  constructor(
    private readonly dir: string,
    private readonly accounts: AccountManager,
    private readonly sessions: SessionManager,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(
      accounts.onDidChangeActive((account) => {
        if (account) this.#signingOut.delete(account.id); // signed in (again)
        this.#follow(account);
      }),
    );
    this._register(
      sessions.onDidChange(() => {
        this.#follow(accounts.active);
        this.#followSession();
      }),
    );
    this._register(
      sessions.onDidChangeState((s) => {
        const opened = this.#opened;
        if (s.phase === 'live' && opened && s.accountId === opened.account.id) opened.outbox?.resume();
      }),
    );
    this._register(
      accounts.onWillSignOut((e) => {
        this.#signingOut.add(e.account.id);
        if (this.#opened?.account.id === e.account.id) this.#close();
        // Whatever still waits goes with the account (README: Sign Out).
        e.waitUntil(this.#file(e.account).remove());
      }),
    );
    this._register({ dispose: () => this.#close() });
    this.#follow(accounts.active);
    this.#followSession();
  }

  /** The active account's entries, in sending order (none while its outbox is opening). */
  entries(): readonly OutboxEntry[] {
    return this.#opened?.outbox?.entries() ?? [];
  }

  /** One entry of the active account's outbox. */
  entry(localId: string): OutboxEntry | undefined {
    return this.entries().find((e) => e.localId === localId);
  }

  /** The active account's outbox once it is open; rejects when no account is signed in. */
  async outbox(): Promise<Outbox> {
    const opened = this.#opened;
    if (!opened) throw new Error(vscode.l10n.t('Sign in to Team Chat first.'));
    return opened.opening;
  }

  /**
   * Puts a message in the outbox (checked first: a `ValidationError` and nothing kept when it
   * would be refused); resolves once it is stored, the send under way or waiting for the server.
   */
  async send(to: OutboxDestination, content: string): Promise<{ localId: string }> {
    // An archived channel, or a topic its topics policy forbids: refused with the reason, nothing kept.
    const store = this.sessions.current?.store;
    const refusal = to.type === 'stream' && store ? writeRefusalOf(store, to.streamId, to.topic) : undefined;
    if (refusal) throw new ValidationError(refusal, 'POST /messages', 'topic');
    await this.#checkNewTopic(to);
    const entry = await (await this.outbox()).enqueue(to, content);
    return { localId: entry.localId };
  }

  /**
   * A message that would start a topic in a channel that lets only some users start them
   * (`RealmState.newTopicRefusal`) is refused here, with the reason, before anything is sent.
   * The channel's topics are loaded if they are not yet; when they cannot be, the server decides.
   */
  async #checkNewTopic(to: OutboxDestination): Promise<void> {
    const store = this.sessions.current?.store;
    const sub = to.type === 'stream' ? store?.subscription(to.streamId) : undefined;
    if (!store || !sub || to.type !== 'stream') return;
    const refusal = store.realm.newTopicRefusal(sub);
    if (refusal === undefined) return;
    const topics = store.topics(to.streamId) ?? (await store.loadTopics(to.streamId).catch(() => undefined));
    const name = to.topic.toLowerCase();
    if (!topics || topics.some((t) => t.name.toLowerCase() === name)) return;
    throw new ValidationError(refusal, 'POST /messages', 'topic');
  }

  /**
   * The id of the message of entry `localId` once the server has it; undefined when it is not
   * delivered within `timeoutMs`, is refused, or waits for the connection (the session is not
   * live, or the outbox paused after a failure).
   */
  delivered(localId: string, timeoutMs: number): Promise<number | undefined> {
    const known = this.#deliveries.get(localId);
    if (known !== undefined) return Promise.resolve(known);
    const opened = this.#opened;
    if (!opened?.outbox) return Promise.resolve(undefined);
    const outbox = opened.outbox;
    return new Promise((resolve) => {
      let done = false;
      const finish = (id: number | undefined): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        for (const s of subscriptions) s.dispose();
        resolve(id);
      };
      const check = (entries: readonly OutboxEntry[]): void => {
        const entry = entries.find((e) => e.localId === localId);
        if (!entry) return finish(this.#deliveries.get(localId));
        if (entry.state === 'refused' || entry.state === 'failed') return finish(undefined);
        // Paused: an earlier entry could not reach the server, or the session is not live.
        if (entries.some((e) => e.state === 'failed' || (e.state === 'waiting' && e.error))) return finish(undefined);
        if (['offline', 'reconnecting', 'refused', 'signedOut'].includes(this.sessions.state.phase))
          return finish(undefined);
      };
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const subscriptions = [
        outbox.onDidDeliver((d) => d.localId === localId && finish(d.messageId)),
        outbox.onDidChange(check),
        this.sessions.onDidChangeState(() => check(outbox.entries())),
      ];
      check(outbox.entries());
    });
  }

  /**
   * Sends and waits up to `timeoutMs` for the message's id: `id` when delivered, none when it waits
   * in the outbox. A refusal throws the server's reason, the entry removed (the caller keeps the text).
   */
  async sendAndWait(to: OutboxDestination, content: string, timeoutMs = DELIVERY_WAIT_MS): Promise<SendOutcome> {
    const { localId } = await this.send(to, content);
    const id = await this.delivered(localId, timeoutMs);
    if (id !== undefined) return { localId, id };
    const entry = this.entry(localId);
    if (entry?.state === 'refused') {
      await this.remove(localId);
      throw new Error(entry.error?.message ?? vscode.l10n.t('The server refused the message.'));
    }
    return { localId };
  }

  /** Sends a failed or refused entry again. */
  async retry(localId: string): Promise<boolean> {
    return (await this.outbox()).retry(localId);
  }

  /** Drops an entry that is not being sent. */
  async remove(localId: string): Promise<boolean> {
    return (await this.outbox()).remove(localId);
  }

  /**
   * What a window reload does (tests): the outbox stops as a closing window would (nothing more is
   * written) and is opened again from its file.
   */
  async reopen(): Promise<void> {
    const account = this.#opened?.account;
    this.#close();
    if (account) await this.#open(account).opening;
  }

  #file(account: Account): OutboxFiles {
    let file = this.#files.get(account.id);
    if (!file) {
      file = new OutboxFiles(this.dir, account.id, account.realmUrl, this.log, { hostId: this.hostId });
      this.#files.set(account.id, file);
    }
    return file;
  }

  #follow(active: Account | undefined): void {
    const account = active && !this.#signingOut.has(active.id) ? active : undefined;
    if (this.#opened && this.#opened.account.id === account?.id) return;
    this.#close();
    if (account) this.#open(account);
    this.#onDidChange.fire(this.entries());
  }

  #open(account: Account): Opened {
    const storage = new ClosableStorage(this.#file(account));
    const connection = (): OutboxConnection | undefined => {
      const c = this.sessions.current;
      if (!c || c.account.id !== account.id) return undefined;
      return { client: c.client, queueId: c.session.queueId, ownUserId: c.store.ownUserId };
    };
    const opened: Opened = {
      account,
      storage,
      subscriptions: new DisposableStore(),
      // The outbox's code (the message checks of the API layer) loads after the client's.
      opening: loadOutbox()
        .then(({ Outbox }) => Outbox.open({ storage, connection, log: this.log }))
        .then((outbox) => {
          if (this.#opened !== opened) {
            outbox.dispose();
            return outbox;
          }
          opened.outbox = outbox;
          opened.subscriptions.add(outbox.onDidChange((entries) => this.#onDidChange.fire(entries)));
          opened.subscriptions.add(outbox.onDidDeliver((d) => this.#remember(d.localId, d.messageId)));
          this.#onDidChange.fire(outbox.entries());
          return outbox;
        }),
    };
    opened.opening.catch((e: unknown) =>
      this.log.warn(`Outbox: could not open the unsent messages of ${account.id}: ${String(e)}`),
    );
    this.#opened = opened;
    return opened;
  }

  #close(): void {
    const opened = this.#opened;
    if (!opened) return;
    this.#opened = undefined;
    opened.storage.closed = true;
    // What is left may be taken over by the next window that opens this account's outbox.
    void opened.storage.file.release().catch(() => undefined);
    opened.subscriptions.dispose();
    opened.outbox?.dispose();
  }

  /** Each new session's echoes acknowledge the entries they name. */
  #followSession(): void {
    this.#echo.clear();
    const current = this.sessions.current;
    this.#echo.value = current?.session.onOwnEcho((e) => {
      const opened = this.#opened;
      if (opened?.account.id === current.account.id) void opened.outbox?.acknowledge(e.localId, e.messageId);
    });
  }

  #remember(localId: string, messageId: number): void {
    this.#deliveries.set(localId, messageId);
    if (this.#deliveries.size > 200) this.#deliveries.delete(this.#deliveries.keys().next().value!);
  }
}
