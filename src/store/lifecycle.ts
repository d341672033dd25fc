/**
 * The session state machine: which account's session runs, and what the user may be told about it.
 * Sign-in, sign-out, account switches and reconnects are transitions, run one at a time; a
 * transition never waits for the network (only for reading the key and the saved snapshot, each
 * within a time limit, and for stopping the old session, which is itself time-limited), so no
 * ordering of a warm start and a sign-in can leave it waiting. Connecting runs in the background
 * of the attempt it belongs to; whatever an attempt learns after a newer transition is dropped.
 *
 * No `vscode` import: the extension wraps it (src/session/manager.ts); unit tests drive it in
 * plain Node against the local server, with a fake clock for its time limits.
 */
import type { ChatClient } from '../api/client';
import { NetworkError } from '../api/errors';
import type { RegisterSnapshot } from '../api/events/register';
import { Emitter, type Event } from '../base/event';
import { Disposable, DisposableStore } from '../base/lifecycle';
import { realTimers, type Timers } from './pinger';
import type { ChatSession, SessionStatusChange } from './session';
import type { ChatStore } from './store';

/**
 * - `starting`: reading the account's key and its saved snapshot (nothing on screen yet);
 * - `saved`: the saved snapshot is on screen while the server is asked for a fresh one;
 * - `connecting`: no saved snapshot; waiting for the server's first answer;
 * - `live`: following the server's events;
 * - `reconnecting`: the connection was lost (or the server stopped answering); retrying;
 * - `offline`: the server could not be reached for a while (or refused the connection); still
 *   retrying by itself, and "Reconnect" tries at once;
 * - `refused`: the server refused the session (a wrong or revoked key, a deactivated account) or
 *   its answer could not be used: retrying would not help, signing in again or Reconnect may;
 * - `signedOut`: no active account.
 */
export type SessionPhase =
  'starting' | 'saved' | 'connecting' | 'live' | 'reconnecting' | 'offline' | 'refused' | 'signedOut';

export interface SessionState {
  readonly phase: SessionPhase;
  /** The account the phase is about (undefined when signed out). */
  readonly accountId?: string;
  /** While the store still shows the saved snapshot (no server data yet): when it was saved (ms since the epoch). */
  readonly savedAt?: number;
  /** What went wrong (reconnecting, offline, refused). */
  readonly error?: unknown;
  /** When the next attempt comes, in ms (reconnecting, offline). */
  readonly retryInMs?: number;
  /** When this phase began (ms since the epoch). */
  readonly since: number;
}

/** The phases in which an attempt is on its way (a sign-in to the same account leaves it alone). */
const HEALTHY: ReadonlySet<SessionPhase> = new Set([
  'starting',
  'saved',
  'connecting',
  'live',
  'reconnecting',
  'offline',
]);

/** How long a phase may last before the machine moves on, in ms. */
export interface LifecycleLimits {
  /**
   * `starting`: reading the key, and the saved snapshot; past it the key counts as unreadable (`refused`) and the
   * snapshot as absent.
   */
  startingMs: number;
  /** `saved` / `connecting`: the server's first answer; past it `offline` (still trying). */
  connectingMs: number;
  /** `reconnecting`: past it `offline` (still trying). */
  reconnectingMs: number;
}

export const LIFECYCLE_LIMITS: LifecycleLimits = {
  startingMs: 15_000,
  // The first /register on a large organisation takes seconds; a minute without any answer is offline.
  connectingMs: 60_000,
  reconnectingMs: 30_000,
};

/** A saved snapshot: what the first render reads at once, the rest on demand. */
export interface SavedSnapshot {
  readonly first: RegisterSnapshot;
  complete(): RegisterSnapshot | undefined;
  /** When it was saved (ms since the epoch). */
  readonly savedAt: number;
}

/** The session whose store the views show (from the saved snapshot or the server's). */
export interface LifecycleSession<A> {
  readonly account: A;
  readonly session: ChatSession;
  readonly store: ChatStore;
  readonly client: ChatClient;
}

export interface LifecycleHooks<A extends { readonly id: string }> {
  /** A client for the account (reads its key); rejects when the key is gone. The machine closes it. */
  client(account: A): Promise<ChatClient>;
  /** The account's saved snapshot, if any. */
  saved(account: A): Promise<SavedSnapshot | undefined>;
  /**
   * A new session of the account (its snapshot hook, focus, …). The machine starts, stops and
   * disposes it. May be asynchronous (the extension loads the session's code on first use).
   */
  session(client: ChatClient, account: A): ChatSession | Promise<ChatSession>;
  /** A problem worth logging that is not the user's (a saved snapshot that could not be shown). */
  warn?(message: string): void;
  timers?: Timers;
  now?: () => number;
  limits?: Partial<LifecycleLimits>;
}

/** One account's run, from its transition to the next one. */
interface Attempt<A> {
  readonly account: A;
  client?: ChatClient;
  session?: ChatSession;
  readonly listeners: DisposableStore;
  /** The store shows the saved snapshot, saved then (no server data yet). */
  savedAt?: number;
  /** Reached `live` once: later losses are `reconnecting`, not a first `connecting`. */
  wasLive: boolean;
  stopped: boolean;
  /** Settles once the first connection is decided: live, refused, offline, or superseded. */
  readonly settled: Promise<void>;
  settle(): void;
}

export class SessionLifecycle<A extends { readonly id: string }> extends Disposable {
  #state: SessionState;
  #current: LifecycleSession<A> | undefined;
  #attempt: Attempt<A> | undefined;
  /** Transitions, one at a time. */
  #queue: Promise<void> = Promise.resolve();
  #phaseTimer: unknown;
  readonly #timers: Timers;
  readonly #now: () => number;
  readonly #limits: LifecycleLimits;

  readonly #onDidChangeState = this._register(new Emitter<SessionState>());
  /** Every change of phase or of its detail (a new error, a new wait). */
  readonly onDidChangeState: Event<SessionState> = this.#onDidChangeState.event;
  readonly #onDidChangeCurrent = this._register(new Emitter<LifecycleSession<A> | undefined>());
  /** A session whose store the views can show (saved or server data), or none. */
  readonly onDidChangeCurrent: Event<LifecycleSession<A> | undefined> = this.#onDidChangeCurrent.event;
  readonly #onError = this._register(new Emitter<unknown>());
  /** Failures to start a session (after `refused`), and the current session's background problems. */
  readonly onError: Event<unknown> = this.#onError.event;

  constructor(private readonly hooks: LifecycleHooks<A>) {
    super();
    this.#timers = hooks.timers ?? realTimers;
    this.#now = hooks.now ?? Date.now;
    this.#limits = { ...LIFECYCLE_LIMITS, ...hooks.limits };
    this.#state = { phase: 'signedOut', since: this.#now() };
  }

  get state(): SessionState {
    return this.#state;
  }

  /** The session the views show; undefined while signed out, starting, connecting cold or refused. */
  get current(): LifecycleSession<A> | undefined {
    return this.#current;
  }

  /**
   * Runs `account`'s session (none: signed out). The same account's session on its way is left
   * alone unless `force` (Reconnect). Resolves once the new attempt's first connection is decided
   * (live, refused, offline) or a newer transition took over.
   */
  switchTo(account: A | undefined, force = false): Promise<void> {
    let next: Attempt<A> | undefined;
    const transition = this.#enqueue(async () => {
      const running = this.#attempt;
      if (!force && account && running && running.account.id === account.id && HEALTHY.has(this.#state.phase)) {
        next = running;
        return;
      }
      await this.#stopAttempt();
      if (!account) {
        this.#setState({ phase: 'signedOut' });
        return;
      }
      next = this.#newAttempt(account);
      await this.#begin(next);
    });
    return transition.then(() => next?.settled);
  }

  /** Stops the session of `accountId` if it is the one running (sign-out); the next transition starts another. */
  stopAccount(accountId: string): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#attempt?.account.id !== accountId) return;
      await this.#stopAttempt();
      this.#setState({ phase: 'signedOut' });
    });
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(() => (this.isDisposed ? undefined : work()));
    this.#queue = run.catch((error: unknown) => this.#onError.fire(error));
    return run;
  }

  #newAttempt(account: A): Attempt<A> {
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const attempt: Attempt<A> = {
      account,
      listeners: new DisposableStore(),
      wasLive: false,
      stopped: false,
      settled,
      settle,
    };
    this.#attempt = attempt;
    return attempt;
  }

  /**
   * `starting`: the key and the saved snapshot (time-limited), the saved snapshot on screen; then connects in the
   * background.
   */
  async #begin(attempt: Attempt<A>): Promise<void> {
    const { account } = attempt;
    this.#setState({ phase: 'starting', accountId: account.id });
    // The key and the snapshot are read at once: each is a round trip of its own (the key's to the
    // workbench, slow while it starts), and the snapshot on screen waits for both.
    const reading = this.#withinLimit(this.hooks.saved(account), 'reading the saved snapshot').catch(
      (error: unknown) => {
        this.hooks.warn?.(`Warm start: the saved snapshot could not be read (${describe(error)}).`);
        return undefined;
      },
    );
    let client: ChatClient;
    try {
      client = await this.#withinLimit(this.hooks.client(account), 'reading the API key');
    } catch (error) {
      // The read settles first: nothing of this attempt comes after the next one's.
      await reading;
      this.#refuse(attempt, error);
      return;
    }
    attempt.client = client;
    const saved = await reading;
    const session = await this.hooks.session(client, account);
    if (attempt.stopped) {
      // Stopped (disposed) while the session's code loaded: it never starts.
      session.dispose();
      return;
    }
    attempt.session = session;
    attempt.listeners.add(session.onDidChangeStatus((s) => this.#onStatus(attempt, s)));
    attempt.listeners.add(session.onError((e) => attempt === this.#attempt && this.#onError.fire(e)));
    if (saved) {
      try {
        // What the first render reads now; the rest of the snapshot after it.
        void session.restore(saved.first, () => saved.complete());
        attempt.savedAt = saved.savedAt;
        this.#setCurrent(attempt);
      } catch (error) {
        this.hooks.warn?.(`Warm start: the saved snapshot could not be shown (${describe(error)}).`);
      }
    }
    this.#setState(
      attempt.savedAt !== undefined
        ? { phase: 'saved', accountId: account.id, savedAt: attempt.savedAt }
        : { phase: 'connecting', accountId: account.id },
    );
    void this.#connect(attempt, session);
  }

  async #connect(attempt: Attempt<A>, session: ChatSession): Promise<void> {
    try {
      await session.start();
    } catch (error) {
      if (attempt === this.#attempt) this.#refuse(attempt, error);
      return;
    }
    if (attempt !== this.#attempt || attempt.stopped) return;
    // `live` came through the status listener; a session stopped while connecting stays as it is.
    if (session.status === 'live') this.#setCurrent(attempt);
    attempt.settle();
  }

  /** Follows the session's connection: the phase, its limit, and which store the views show. */
  #onStatus(attempt: Attempt<A>, change: SessionStatusChange): void {
    if (attempt !== this.#attempt || attempt.stopped) return;
    const accountId = attempt.account.id;
    const { error, retryInMs } = change.detail ?? {};
    switch (change.status) {
      case 'connecting':
        return;
      case 'live':
        attempt.wasLive = true;
        attempt.savedAt = undefined;
        this.#setState({ phase: 'live', accountId });
        this.#setCurrent(attempt);
        attempt.settle();
        return;
      case 'reconnecting': {
        const phase = this.#state.phase;
        const savedAt = attempt.savedAt;
        if (phase === 'offline' || unreachable(error)) {
          this.#setState({ phase: 'offline', accountId, savedAt, error, retryInMs });
          attempt.settle();
        } else if (!attempt.wasLive) {
          // Still the first connection: its own limit runs; the detail says why it takes long.
          this.#setState({ phase, accountId, savedAt, error, retryInMs });
        } else {
          this.#setState({ phase: 'reconnecting', accountId, savedAt, error, retryInMs });
        }
        return;
      }
      case 'stopped':
        // Stopped by us (a transition), or halted by an error retrying cannot fix.
        if (error !== undefined) this.#refuse(attempt, error);
        return;
    }
  }

  /** `refused`: the attempt ends; the views show nothing of it; the error is reported. */
  #refuse(attempt: Attempt<A>, error: unknown): void {
    if (attempt !== this.#attempt || this.#state.phase === 'refused') return;
    this.#setState({ phase: 'refused', accountId: attempt.account.id, error });
    void this.#enqueue(async () => {
      if (attempt === this.#attempt) await this.#release(attempt);
    });
    this.#onError.fire(error);
    attempt.settle();
  }

  #setCurrent(attempt: Attempt<A>): void {
    const { session, client, account } = attempt;
    if (!session || !client || this.#current?.session === session) return;
    this.#current = { account, session, store: session.store, client };
    this.#onDidChangeCurrent.fire(this.#current);
  }

  /** Stops and forgets the running attempt (bounded: the session's stop has its own time limit). */
  async #stopAttempt(): Promise<void> {
    const attempt = this.#attempt;
    this.#attempt = undefined;
    if (attempt) await this.#release(attempt);
  }

  async #release(attempt: Attempt<A>): Promise<void> {
    attempt.stopped = true;
    attempt.settle();
    attempt.listeners.clear();
    if (this.#current && this.#current.session === attempt.session) {
      this.#current = undefined;
      this.#onDidChangeCurrent.fire(undefined);
    }
    const { session, client } = attempt;
    attempt.session = undefined;
    attempt.client = undefined;
    try {
      await session?.stop();
    } finally {
      session?.dispose();
      await client?.close().catch(() => undefined);
    }
  }

  #setState(next: Omit<SessionState, 'since'>): void {
    const changed = next.phase !== this.#state.phase || next.accountId !== this.#state.accountId;
    this.#state = { ...next, since: changed ? this.#now() : this.#state.since };
    if (changed) this.#armLimit();
    this.#onDidChangeState.fire(this.#state);
  }

  /** Each phase with a limit moves on when it has lasted that long. */
  #armLimit(): void {
    if (this.#phaseTimer !== undefined) this.#timers.clearTimeout(this.#phaseTimer);
    this.#phaseTimer = undefined;
    const { phase, accountId } = this.#state;
    const limit =
      phase === 'saved' || phase === 'connecting'
        ? this.#limits.connectingMs
        : phase === 'reconnecting'
          ? this.#limits.reconnectingMs
          : undefined;
    if (limit === undefined) return;
    const attempt = this.#attempt;
    this.#phaseTimer = this.#timers.setTimeout(() => {
      this.#phaseTimer = undefined;
      if (this.#state.phase !== phase || this.#attempt !== attempt || !attempt) return;
      this.#setState({
        ...this.#state,
        phase: 'offline',
        accountId,
        error: this.#state.error ?? new NoAnswerError(limit),
      });
      attempt.settle();
    }, limit);
  }

  #withinLimit<T>(work: Promise<T>, what: string): Promise<T> {
    const ms = this.#limits.startingMs;
    return new Promise<T>((resolve, reject) => {
      const timer = this.#timers.setTimeout(
        () => reject(new Error(`Team Chat gave up ${what} after ${Math.round(ms / 1000)} s.`)),
        ms,
      );
      work.then(
        (value) => {
          this.#timers.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          this.#timers.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** Stops the running session (best effort) and every timer; the machine does nothing more. */
  override dispose(): void {
    if (this.isDisposed) return;
    void this.#stopAttempt();
    if (this.#phaseTimer !== undefined) this.#timers.clearTimeout(this.#phaseTimer);
    super.dispose();
  }
}

/** The server did not answer within a phase's limit. */
export class NoAnswerError extends Error {
  constructor(readonly limitMs: number) {
    super(`The chat server did not answer for ${Math.round(limitMs / 1000)} s.`);
  }
}

/** Errors that say the server cannot be reached at all (not merely slow): offline at once. */
function unreachable(error: unknown): boolean {
  return error instanceof NetworkError && (error.kind === 'refused' || error.kind === 'dns');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
