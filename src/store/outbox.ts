/**
 * The outbox: messages being sent, kept until the server has them, so that none is lost to a
 * frozen server, a lost connection or a reload, and none is sent twice.
 *
 * One outbox per account. `enqueue()` checks the message as `POST /messages` would (nothing is
 * stored or sent when it is refused), writes it to storage, then sends. Sends go one at a time,
 * in order, each with a `local_id` (the entry's id) and the event queue's `queue_id`, so the
 * `message` event that brings it back names it (ChatSession.onOwnEcho → `acknowledge()`).
 *
 * - Delivered (the reply or the echo, whichever comes first): the entry is removed; the store
 *   gets the message through its event as usual.
 * - Not reachable (network error, time-out, 5xx, 429, a refused key): the entry stays, `failed`
 *   (`waiting` for a rate limit), and sending pauses, entries behind it waiting in order, until
 *   `resume()` (the owner calls it when the session is live again) or a backoff timer (429: the
 *   server's `retry-after`; a refused key: no timer).
 * - Refused (any other API error: channel archived, no permission...): `refused` with the
 *   server's message, kept until the user edits, retries or removes it; the next entry goes on.
 * - No duplicates: a send whose outcome is unknown (no reply: time-out, reset, 5xx, or the process
 *   died) leaves `sendStartedAt` set; before such an entry is sent again, ./outboxCheck.ts looks
 *   for the earlier attempt among one's newest messages of the conversation.
 */
import * as l10n from '@vscode/l10n';
import { randomUUID } from 'node:crypto';
import { Backoff } from '../api/backoff';
import type { ChatClient } from '../api/client';
import { ApiError, NetworkError, ValidationError } from '../api/errors';
import { sendMessage } from '../api/messages/routes';
import { validateParams } from '../api/validateParams';
import { Emitter, type Event } from '../base/event';
import { CannotCheck, findDelivered } from './outboxCheck';
import type { OutboxDestination, OutboxEntry, OutboxStorage } from './outboxEntry';
import { realTimers, type Timers } from './pinger';

export type { OutboxDestination, OutboxEntry, OutboxError, OutboxState, OutboxStorage } from './outboxEntry';
export { CHECK_COUNT, DEFAULT_CLOCK_SKEW_MS } from './outboxCheck';

/** What sending needs now; undefined while the account has no client. */
export interface OutboxConnection {
  readonly client: ChatClient;
  /** The event queue's id (`ChatSession.queueId`), sent so that the echo names the entry. */
  readonly queueId?: string;
  /** One's own user id (`ChatStore.ownUserId`): the duplicate check asks for one's own messages. */
  readonly ownUserId?: number;
}

export interface OutboxOptions {
  storage: OutboxStorage;
  connection: () => OutboxConnection | undefined;
  timers?: Timers;
  now?: () => number;
  newId?: () => string;
  /** Bounds of the pause after a failure (default 1 s doubling to 60 s, full jitter). */
  backoff?: { baseMs?: number; capMs?: number; random?: () => number };
  /** How far the server's clock may be behind this one (default: ./outboxCheck.ts, DEFAULT_CLOCK_SKEW_MS). */
  clockSkewMs?: number;
  /** Time limit of one send (default 30 s). */
  sendTimeoutMs?: number;
  log?: { warn(message: string): void };
}

type Entry = { -readonly [K in keyof OutboxEntry]: OutboxEntry[K] };

const SEND = 'POST /messages';

export class Outbox {
  readonly #entries: Entry[] = [];
  readonly #onDidChange = new Emitter<readonly OutboxEntry[]>();
  /** Fires with every entry whenever one is added, changes or goes. */
  readonly onDidChange: Event<readonly OutboxEntry[]> = this.#onDidChange.event;
  readonly #onDidDeliver = new Emitter<{ localId: string; messageId: number }>();
  /** An entry reached the server (reply, echo or the duplicate check), before it is removed. */
  readonly onDidDeliver: Event<{ localId: string; messageId: number }> = this.#onDidDeliver.event;
  readonly #timers: Timers;
  readonly #now: () => number;
  readonly #backoff: Backoff;
  #saving: Promise<void> = Promise.resolve();
  #draining: Promise<void> | undefined;
  #kickAgain = false;
  #paused = false;
  #timer: unknown;
  #lastDeliveredId: number | undefined;
  #disposed = false;

  private constructor(private readonly options: OutboxOptions) {
    this.#timers = options.timers ?? realTimers;
    this.#now = options.now ?? Date.now;
    this.#backoff = new Backoff(
      options.backoff?.baseMs ?? 1000,
      options.backoff?.capMs ?? 60_000,
      options.backoff?.random,
    );
  }

  /** The account's outbox with the entries storage kept (sends in flight then are checked first); starts sending. */
  static async open(options: OutboxOptions): Promise<Outbox> {
    const outbox = new Outbox(options);
    const seen = new Set<string>();
    for (const e of await options.storage.load()) {
      if (seen.has(e.localId)) continue;
      seen.add(e.localId);
      outbox.#entries.push({ ...copy(e), state: e.state === 'sending' ? 'waiting' : e.state });
    }
    outbox.#kick();
    return outbox;
  }

  /** Copies of the entries, in sending order. */
  entries(): readonly OutboxEntry[] {
    return this.#entries.map(copy);
  }

  /**
   * Checks the message as `POST /messages` would (a `ValidationError` for the user, nothing kept),
   * stores it, then sends it after the entries before it. Resolves once it is stored.
   */
  async enqueue(to: OutboxDestination, content: string): Promise<OutboxEntry> {
    const dest: OutboxDestination =
      to.type === 'stream'
        ? { type: 'stream', streamId: to.streamId, topic: to.topic }
        : { type: 'private', userIds: [...to.userIds] };
    if (this.#disposed) throw new Error('The outbox was disposed.');
    this.#validate(dest, content);
    const entry: Entry = {
      localId: (this.options.newId ?? randomUUID)(),
      to: dest,
      content,
      createdAt: this.#now(),
      state: 'waiting',
      attempts: 0,
    };
    this.#entries.push(entry);
    this.#changed();
    await this.#save();
    this.#kick();
    return copy(entry);
  }

  /** Sends a `failed` or `refused` entry again now (sending resumes if it was paused). */
  async retry(localId: string): Promise<boolean> {
    const entry = this.#find(localId);
    if (!entry || (entry.state !== 'failed' && entry.state !== 'refused')) return false;
    entry.state = 'waiting';
    delete entry.error;
    this.#changed();
    await this.#save();
    this.resume();
    return true;
  }

  /** Replaces the text of a `failed` or `refused` entry (checked as `enqueue()` does); its state stays. */
  async edit(localId: string, content: string): Promise<boolean> {
    const entry = this.#find(localId);
    if (!entry || (entry.state !== 'failed' && entry.state !== 'refused')) return false;
    this.#validate(entry.to, content);
    // The duplicate check looks for what the unanswered send carried.
    if (entry.sendStartedAt !== undefined) entry.sentContent ??= entry.content;
    entry.content = content;
    this.#changed();
    await this.#save();
    return true;
  }

  /** Drops an entry that is not being sent. */
  async remove(localId: string): Promise<boolean> {
    const entry = this.#find(localId);
    if (!entry || entry.state === 'sending') return false;
    this.#drop(entry);
    await this.#save();
    return true;
  }

  /** The server has the entry's message (its `message` event came back with this `local_id`). */
  async acknowledge(localId: string, messageId: number): Promise<void> {
    this.#delivered(messageId);
    const entry = this.#find(localId);
    if (!entry) return;
    this.#fireDelivered(entry, messageId);
    this.#drop(entry);
    await this.#save();
  }

  /** Sends what waits, now: call when the session is live again (also ends a backoff pause). */
  resume(): void {
    this.#clearTimer();
    this.#paused = false;
    this.#backoff.reset();
    this.#kick();
  }

  /** Resolves when nothing is being sent or written (sending may be paused). */
  async whenIdle(): Promise<void> {
    for (;;) {
      const draining = this.#draining;
      const saving = this.#saving;
      await draining;
      await saving;
      if (draining === this.#draining && saving === this.#saving) return;
    }
  }

  /** Stops sending (a send under way still records its outcome) and the change events. */
  dispose(): void {
    this.#disposed = true;
    this.#clearTimer();
    this.#onDidChange.dispose();
    this.#onDidDeliver.dispose();
  }

  #validate(to: OutboxDestination, content: string): void {
    // The server drops leading newlines and trailing whitespace and then refuses an empty message.
    if (content.trim() === '') throw new ValidationError(l10n.t('The message is empty.'), SEND, 'content');
    const params = sendParams(to, content);
    const client = this.options.connection()?.client;
    if (client) client.validate(SEND, params);
    else validateParams(SEND, params, { limits: {} });
  }

  #kick(): void {
    if (this.#draining) {
      this.#kickAgain = true;
      return;
    }
    if (this.#paused || this.#disposed) return;
    this.#draining = this.#drain()
      .catch((error: unknown) => this.options.log?.warn(`Outbox: sending stopped (${describe(error)}).`))
      .finally(() => {
        this.#draining = undefined;
        if (this.#kickAgain) {
          this.#kickAgain = false;
          this.#kick();
        }
      });
  }

  async #drain(): Promise<void> {
    for (;;) {
      if (this.#paused || this.#disposed) return;
      const entry = this.#entries.find((e) => e.state === 'waiting' || e.state === 'failed');
      const connection = entry && this.options.connection();
      if (!entry || !connection) return; // `resume()` once there is a client
      await this.#attempt(entry, connection);
    }
  }

  /** One entry: the duplicate check when an earlier send went unanswered, then the send. */
  async #attempt(entry: Entry, connection: OutboxConnection): Promise<void> {
    let sending = false;
    entry.state = 'sending';
    this.#changed();
    try {
      if (entry.sendStartedAt !== undefined) {
        const delivered = await findDelivered(entry, connection, {
          clockSkewMs: this.options.clockSkewMs,
          timeoutMs: this.options.sendTimeoutMs ?? 30_000,
        });
        if (!this.#entries.includes(entry)) return; // acknowledged or removed meanwhile
        if (delivered !== undefined) {
          this.#delivered(delivered);
          if (entry.sentContent === undefined || entry.sentContent === entry.content) {
            this.#fireDelivered(entry, delivered);
            this.#drop(entry);
          } else {
            // The edited text must not follow the text that did arrive unasked: the user decides.
            const message = l10n.t(
              'An earlier attempt arrived with the text before your change; the changed text was not sent.',
            );
            entry.state = 'refused';
            entry.error = { message };
            clearAttempt(entry);
            this.#changed();
          }
          await this.#save();
          return;
        }
      }
      clearAttempt(entry);
      delete entry.error;
      entry.sendStartedAt = this.#now();
      if (this.#lastDeliveredId !== undefined) entry.afterMessageId = this.#lastDeliveredId;
      entry.attempts++;
      // Durable before it leaves: a crash during the send means a check, not a duplicate.
      await this.#save();
      if (!this.#entries.includes(entry)) return;
      sending = true;
      const { id } = await sendMessage(
        connection.client,
        sendParams(entry.to, entry.content, entry.localId, connection.queueId),
        {
          maxRetries: 0,
          timeoutMs: this.options.sendTimeoutMs ?? 30_000,
        },
      );
      this.#backoff.reset();
      this.#delivered(id);
      if (this.#entries.includes(entry)) {
        this.#fireDelivered(entry, id);
        this.#drop(entry);
        await this.#save();
      }
    } catch (error) {
      if (!this.#entries.includes(entry)) return;
      this.#failed(entry, error, sending);
      await this.#save();
    }
  }

  /**
   * Records a failure: refused (kept, the queue goes on) or not reachable (sending pauses). A send's
   * outcome stays unknown (checked before the next send) unless the answer proves it was not stored.
   */
  #failed(entry: Entry, error: unknown, sending: boolean): void {
    const notStored = (): void => {
      if (sending) clearAttempt(entry);
    };
    // A refused check (`sending` false) keeps the unknown outcome: `retry()` checks again.
    if (
      error instanceof ValidationError ||
      (error instanceof ApiError && !error.isAuthError && error.code !== 'RATE_LIMIT_HIT')
    ) {
      entry.state = 'refused';
      entry.error =
        error instanceof ApiError
          ? { message: error.msg || error.message, code: error.code }
          : { message: error.message };
      notStored();
    } else if (error instanceof ApiError) {
      entry.error = { message: error.message, code: error.code };
      notStored();
      if (error.isAuthError) {
        entry.state = 'failed';
        this.#pause(undefined); // a refused key does not heal by waiting: resume() after signing in again
      } else {
        entry.state = 'waiting';
        const seconds = error.retryAfterSeconds;
        this.#pause(seconds !== undefined ? Math.ceil(seconds * 1000) : this.#backoff.next());
      }
    } else {
      entry.state = 'failed';
      entry.error =
        error instanceof CannotCheck
          ? { message: l10n.t('Waiting to check whether an earlier attempt arrived.') }
          : { message: error instanceof Error ? error.message : String(error) };
      // Nothing reached the server when the connection was never made.
      if (error instanceof NetworkError && (error.kind === 'refused' || error.kind === 'dns' || error.kind === 'tls'))
        notStored();
      this.#pause(this.#backoff.next());
    }
    this.#changed();
  }

  #pause(ms: number | undefined): void {
    this.#paused = true;
    this.#clearTimer();
    if (ms === undefined || this.#disposed) return;
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = undefined;
      this.#paused = false;
      this.#kick();
    }, ms);
  }

  #clearTimer(): void {
    if (this.#timer === undefined) return;
    this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #delivered(messageId: number): void {
    this.#lastDeliveredId = Math.max(this.#lastDeliveredId ?? 0, messageId);
  }

  #fireDelivered(entry: Entry, messageId: number): void {
    if (!this.#disposed) this.#onDidDeliver.fire({ localId: entry.localId, messageId });
  }

  #find(localId: string): Entry | undefined {
    return this.#entries.find((e) => e.localId === localId);
  }

  #drop(entry: Entry): void {
    const i = this.#entries.indexOf(entry);
    if (i < 0) return;
    this.#entries.splice(i, 1);
    this.#changed();
  }

  #changed(): void {
    if (!this.#disposed) this.#onDidChange.fire(this.entries());
  }

  /** Writes the entries as they are now, after the writes before; a failure is logged (the entries stay in memory). */
  #save(): Promise<void> {
    const entries = this.entries();
    this.#saving = this.#saving.then(() =>
      this.options.storage
        .save(entries)
        .catch((error: unknown) =>
          this.options.log?.warn(`Outbox: could not save the unsent messages (${describe(error)}).`),
        ),
    );
    return this.#saving;
  }
}

/** `POST /messages` parameters of an entry. */
function sendParams(to: OutboxDestination, content: string, localId?: string, queueId?: string) {
  const ids = localId === undefined ? {} : { local_id: localId, queue_id: queueId };
  return to.type === 'stream'
    ? { type: 'channel' as const, to: to.streamId, topic: to.topic, content, ...ids }
    : { type: 'direct' as const, to: [...to.userIds], content, ...ids };
}

function copy(entry: OutboxEntry): Entry {
  const to: OutboxDestination =
    entry.to.type === 'stream' ? { ...entry.to } : { type: 'private', userIds: [...entry.to.userIds] };
  return entry.error ? { ...entry, to, error: { ...entry.error } } : { ...entry, to };
}

function clearAttempt(entry: Entry): void {
  delete entry.sendStartedAt;
  delete entry.afterMessageId;
  delete entry.sentContent;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
