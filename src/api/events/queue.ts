import { Backoff, sleep } from '../backoff';
import type { ChatClient, ParamsOf } from '../client';
import { ApiError, MalformedResponseError, NetworkError, ServerError } from '../errors';
import type { ChatEvent } from './models';
import { parseEvent } from './parse';
import type { RegisterSnapshot } from './register';
import { DEFAULT_CLIENT_CAPABILITIES, deleteQueue, getEvents, registerQueue } from './routes';

export type QueueStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

/** Why the status changed: the error behind it, and when the next attempt comes. */
export interface QueueStatusDetail {
  error?: unknown;
  /** Wait before the next attempt, in ms (backoff or the server's `Retry-After`). */
  retryInMs?: number;
  /** Set for `RATE_LIMIT_HIT`: the server's `retry-after`. */
  retryAfterSeconds?: number;
}

export interface EventQueueOptions {
  /** Parameters of `POST /register`; `client_capabilities` are merged over the defaults. */
  registerParams?: ParamsOf<'POST /register'>;
  /**
   * A snapshot to build state from. `resync` is true after the server dropped the queue: the
   * owner must rebuild its state from this snapshot, since events in between are lost.
   */
  onSnapshot: (snapshot: RegisterSnapshot, info: { resync: boolean }) => void | Promise<void>;
  /** Events in id order, heartbeats left out. Awaited before the next poll. */
  onEvents: (events: ChatEvent[]) => void | Promise<void>;
  onStatus?: (status: QueueStatus, detail?: QueueStatusDetail) => void;
  /**
   * A problem that does not stop the queue: a malformed event (skipped; a
   * `MalformedResponseError` with the raw event as `cause`) or an exception from a handler.
   */
  onError?: (error: unknown) => void;
  /** Randomness of the backoff jitter (tests). */
  random?: () => number;
  /** Backoff bounds in ms (default 100 ms doubling up to 10 s). */
  backoff?: { baseMs?: number; capMs?: number };
  /**
   * Slack after the latest moment a live server answers an idle poll (see `pollTimeLimitMs`)
   * before the poll counts as lost (default `HEARTBEAT_MARGIN_MS`).
   */
  heartbeatMarginMs?: number;
  /** Time limit of the best-effort `DELETE /events` in `stop()` (default 3 s). */
  deleteTimeoutMs?: number;
}

/** `event_queue_longpoll_timeout_seconds` of servers that do not send it. */
const DEFAULT_LONGPOLL_SECONDS = 90;
/**
 * The latest a real server answers an idle long-poll: it sends a `heartbeat` event after its
 * minimum heartbeat frequency (45 s) plus up to 10 s of jitter.
 */
export const LATEST_HEARTBEAT_SECONDS = 55;
/** Slack for a slow network or a busy server before a silent poll counts as lost. */
export const HEARTBEAT_MARGIN_MS = 10_000;
const ROUTE = 'GET /events';

/**
 * The time limit of one `GET /events`: by then a live server has answered, with events or at
 * least a heartbeat (an idle poll ends with one within 55 s, and never later than the server's
 * long-poll timeout). A poll that brings nothing by then means the connection or the server is
 * gone (a frozen server accepts connections and never answers): 65 s at most, not the minutes
 * the TCP connection could stay open.
 */
export function pollTimeLimitMs(longpollSeconds: number, marginMs = HEARTBEAT_MARGIN_MS): number {
  return Math.min(longpollSeconds, LATEST_HEARTBEAT_SECONDS) * 1000 + marginMs;
}

/** Thrown inside the loop to unwind after `stop()`. */
class Stopped extends Error {}

/**
 * The event queue: registers, hands the snapshot over, then long-polls `GET /events` until
 * stopped (after zulip-flutter's UpdateMachine poll loop). Lost connections and server errors
 * are retried silently with jittered backoff; rate limits wait as the server asks; a queue the
 * server dropped (`BAD_EVENT_QUEUE_ID`) is registered again and the new snapshot handed over
 * with `resync: true`; authentication failures stop the queue. A server that stops answering
 * is noticed by the time limits: `/register` has the client's (30 s by default), each poll
 * `pollTimeLimitMs`; either failing is a `NetworkError` of kind `timeout`, reported at once as
 * `reconnecting` and retried.
 */
export class EventQueue {
  #queueId: string | undefined;
  #lastEventId = -1;
  #status: QueueStatus | undefined;
  #stopped = false;
  #started = false;
  readonly #abort = new AbortController();
  readonly #backoff: Backoff;
  #loop: Promise<void> = Promise.resolve();
  #stopping: Promise<void> | undefined;
  #longpollSeconds = DEFAULT_LONGPOLL_SECONDS;

  constructor(
    private readonly client: ChatClient,
    private readonly options: EventQueueOptions,
  ) {
    this.#backoff = new Backoff(options.backoff?.baseMs ?? 100, options.backoff?.capMs ?? 10_000, options.random);
  }

  /** The current queue's id, once registered. */
  get queueId(): string | undefined {
    return this.#queueId;
  }

  /** The highest event id seen (heartbeats included). */
  get lastEventId(): number {
    return this.#lastEventId;
  }

  get status(): QueueStatus | undefined {
    return this.#status;
  }

  /** Settles when the poll loop has ended (after `stop()` or an authentication failure). */
  get done(): Promise<void> {
    return this.#loop;
  }

  /**
   * Registers and delivers the first snapshot, then starts polling in the background. Retries
   * lost connections; rejects (after reporting `stopped`) on an error that retrying cannot fix,
   * such as a wrong API key. Resolves without a snapshot when `stop()` comes first.
   */
  async start(): Promise<void> {
    if (this.#started) throw new Error('EventQueue.start() was already called.');
    this.#started = true;
    this.#setStatus('connecting');
    try {
      await this.#register(false);
    } catch (error) {
      if (error instanceof Stopped || this.#stopped) return;
      this.#halt(error);
      throw error;
    }
    if (this.#stopped) return;
    this.#setStatus('live');
    this.#loop = this.#poll();
  }

  /**
   * Stops polling: aborts the long-poll in flight, frees the queue on the server (best effort,
   * short time limit) and reports `stopped`. Idempotent; leaves no timers behind.
   */
  stop(): Promise<void> {
    this.#stopping ??= this.#stop();
    return this.#stopping;
  }

  async #stop(): Promise<void> {
    const wasStopped = this.#stopped;
    this.#stopped = true;
    this.#abort.abort(new Stopped('stopped'));
    await this.#loop.catch(() => undefined);
    const queueId = this.#queueId;
    if (queueId !== undefined && !wasStopped) {
      try {
        await deleteQueue(
          this.client,
          { queue_id: queueId },
          { timeoutMs: this.options.deleteTimeoutMs ?? 3_000, maxRetries: 0 },
        );
      } catch {
        // Best effort: the server collects idle queues anyway.
      }
    }
    this.#setStatus('stopped');
  }

  /** Registers (retrying transient failures) and hands the snapshot over. */
  async #register(resync: boolean): Promise<void> {
    const params = this.options.registerParams ?? {};
    const full: ParamsOf<'POST /register'> = {
      ...params,
      client_capabilities: { ...DEFAULT_CLIENT_CAPABILITIES, ...(params.client_capabilities ?? {}) },
    };
    let snapshot: RegisterSnapshot;
    for (;;) {
      this.#checkStopped();
      try {
        // The client's time limit applies: a frozen server fails this attempt, which is retried.
        snapshot = await registerQueue(this.client, full, { signal: this.#abort.signal, maxRetries: 0 });
        break;
      } catch (error) {
        this.#checkStopped();
        // A refused registration (bad parameters, no permission) will not get better by retrying.
        await this.#waitBeforeRetry(error, false);
      }
    }
    this.#checkStopped();
    this.#backoff.reset();
    this.#queueId = snapshot.queue_id;
    this.#lastEventId = snapshot.last_event_id;
    this.#longpollSeconds = snapshot.event_queue_longpoll_timeout_seconds ?? DEFAULT_LONGPOLL_SECONDS;
    // An owner that cannot build its state from the snapshot stops the queue (the error surfaces).
    await this.options.onSnapshot(snapshot, { resync });
  }

  async #poll(): Promise<void> {
    while (!this.#stopped) {
      let events: unknown[];
      try {
        // A poll past its limit fails as a `NetworkError` of kind `timeout` ("did not answer in time").
        const timeoutMs = pollTimeLimitMs(this.#longpollSeconds, this.options.heartbeatMarginMs);
        const result = await getEvents(
          this.client,
          { queue_id: this.#queueId!, last_event_id: this.#lastEventId },
          { signal: this.#abort.signal, timeoutMs, maxRetries: 0 },
        );
        events = result.events;
      } catch (error) {
        if (this.#stopped) return;
        try {
          if (error instanceof ApiError && error.code === 'BAD_EVENT_QUEUE_ID') {
            this.#setStatus('reconnecting', { error });
            await this.#register(true);
            this.#setStatus('live');
          } else {
            await this.#waitBeforeRetry(error, true);
          }
        } catch (fatal) {
          if (fatal instanceof Stopped || this.#stopped) return;
          this.#halt(fatal);
          return;
        }
        continue;
      }
      this.#backoff.reset();
      this.#setStatus('live');
      await this.#deliver(events);
    }
  }

  /** Advances `last_event_id` over the batch and hands the parsed non-heartbeat events over. */
  async #deliver(raw: unknown[]): Promise<void> {
    const withIds: { id: number; raw: unknown }[] = [];
    for (const item of raw) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'number' && Number.isInteger(id)) withIds.push({ id, raw: item });
      else this.#report(new MalformedResponseError('An event without an id was skipped.', ROUTE, 200, { cause: item }));
    }
    withIds.sort((a, b) => a.id - b.id);
    const events: ChatEvent[] = [];
    for (const { id, raw: item } of withIds) {
      if (id <= this.#lastEventId) continue; // already seen (a repeated batch)
      this.#lastEventId = id;
      const parsed = parseEvent(item);
      if (!parsed.ok) {
        const type = (item as { type?: unknown }).type;
        this.#report(
          new MalformedResponseError(
            `An event of type ${String(type)} (id ${id}) was not understood and was skipped.`,
            ROUTE,
            200,
            { cause: parsed.error },
          ),
        );
        continue;
      }
      if (parsed.event.type === 'heartbeat') continue;
      if (parsed.event.type === 'realm') this.#learnLimits(parsed.event);
      events.push(parsed.event);
    }
    if (events.length === 0 || this.#stopped) return;
    try {
      await this.options.onEvents(events);
    } catch (error) {
      this.#report(error);
    }
  }

  /** Keeps the client's limits (mandatory topics, empty-topic name) current. */
  #learnLimits(event: Extract<ChatEvent, { type: 'realm' }>): void {
    if (event.op === 'update') this.client.updateLimits({ ['realm_' + event.property]: event.value });
    else {
      const prefixed: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(event.data)) prefixed['realm_' + k] = v;
      this.client.updateLimits(prefixed);
    }
  }

  /** Waits as the error asks, reporting `reconnecting`; rethrows an error retrying cannot fix. */
  async #waitBeforeRetry(error: unknown, retryApiErrors: boolean): Promise<void> {
    let delayMs: number;
    if (error instanceof ApiError && error.code === 'RATE_LIMIT_HIT') {
      const seconds = error.retryAfterSeconds;
      delayMs = seconds !== undefined ? Math.ceil(seconds * 1000) : this.#backoff.next();
      this.#setStatus('reconnecting', { error, retryInMs: delayMs, retryAfterSeconds: seconds });
    } else if (error instanceof ApiError && error.isAuthError) {
      throw error;
    } else if (
      error instanceof NetworkError ||
      error instanceof ServerError ||
      error instanceof MalformedResponseError ||
      (retryApiErrors && error instanceof ApiError)
    ) {
      delayMs = this.#backoff.next();
      this.#setStatus('reconnecting', { error, retryInMs: delayMs });
    } else {
      throw error;
    }
    try {
      await sleep(delayMs, this.#abort.signal);
    } catch {
      throw new Stopped('stopped');
    }
  }

  #halt(error: unknown): void {
    this.#stopped = true;
    this.#abort.abort(new Stopped('halted'));
    this.#setStatus('stopped', { error });
  }

  #checkStopped(): void {
    if (this.#stopped) throw new Stopped('stopped');
  }

  #setStatus(status: QueueStatus, detail?: QueueStatusDetail): void {
    // Repeated `live` is noise; every other report carries news (a new error or wait).
    if (status === this.#status && (status === 'live' || status === 'stopped')) return;
    this.#status = status;
    this.options.onStatus?.(status, detail);
  }

  #report(error: unknown): void {
    try {
      this.options.onError?.(error);
    } catch {
      // A reporting callback must not break the loop.
    }
  }
}
