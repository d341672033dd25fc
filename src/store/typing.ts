/**
 * Typing notifications (https://zulip.com/api/set-typing-status), both ways, on an injected
 * clock: `TypingSender` decides when the compose box sends `start` and `stop`, `TypingTracker`
 * keeps who is typing where from `typing` events. The server keeps no state: a `start` is
 * repeated every `startedWaitMs` while typing goes on, `stop` follows `stoppedWaitMs` without
 * input, and a received `start` expires after `expiryMs` without a new one.
 */
import * as l10n from '@vscode/l10n';
import type { TypingEvent } from '../api/events/models';
import { Emitter, type Event } from '../base/event';
import { Disposable, type IDisposable } from '../base/lifecycle';
import type { Timers } from './pinger';

/** Timers plus the time now, in ms; a fake one in tests. */
export interface TypingClock extends Timers {
  now(): number;
}

/** Where the user composes: the other participants of a direct conversation, or a topic. */
export type TypingDestination =
  { kind: 'direct'; userIds: readonly number[] } | { kind: 'stream'; streamId: number; topic: string };

/**
 * One key per conversation, the same for a view and for the events about it: a direct
 * conversation by all its participants (the own user included), a topic case-insensitively.
 */
export function conversationKey(to: TypingDestination, ownUserId: number): string {
  if (to.kind === 'stream') return `stream:${to.streamId}:${to.topic.toLowerCase()}`;
  return `dm:${[...new Set([...to.userIds, ownUserId])].sort((a, b) => a - b).join(',')}`;
}

// ---- sending ------------------------------------------------------------------------------

/** What decides whether typing in a conversation is announced at all. */
export interface TypingPolicy {
  /** The user's `send_private_typing_notifications` (default on). */
  sendPrivate: boolean;
  /** The user's `send_stream_typing_notifications` (default on). */
  sendStream: boolean;
  /** False where the server has no channel typing notifications in this form (before FL 215). */
  channelTyping: boolean;
}

/**
 * Whether typing to `to` is sent: the user's setting for its kind. A channel of any size: the
 * server keeps its own size limit (`max_stream_size_for_typing_notifications`, never sent to
 * clients) and tells nobody about typing in a channel above it.
 */
export function typingAllowed(to: TypingDestination, policy: TypingPolicy): boolean {
  if (to.kind === 'direct') return policy.sendPrivate && to.userIds.length > 0;
  return policy.sendStream && policy.channelTyping;
}

export interface TypingSenderOptions {
  clock: TypingClock;
  /** Sends one request; failures are the callee's business (typing is best effort). */
  send(op: 'start' | 'stop', to: TypingDestination): void;
  /** Read on every input: settings may change while the view is open. */
  allowed(to: TypingDestination): boolean;
  periods(): { startedWaitMs: number; stoppedWaitMs: number };
}

/**
 * The sending half, for one compose box. `input` on every change of the box: the first non-empty
 * input sends `start`, later ones send it again once `startedWaitMs` has passed since the last,
 * and `stoppedWaitMs` without input sends `stop`. An emptied box, a sent message, another
 * destination and `stop()` (the view closes) send `stop` at once, if a `start` went out.
 */
export class TypingSender implements IDisposable {
  #active: { key: string; to: TypingDestination; lastStart: number } | undefined;
  #idle: unknown;

  constructor(private readonly options: TypingSenderOptions) {}

  /** The box changed; `empty`: it holds nothing but white space. */
  input(to: TypingDestination, empty: boolean): void {
    const key = conversationKey(to, 0);
    if (this.#active && this.#active.key !== key) this.stop();
    if (empty || !this.options.allowed(to)) {
      this.stop();
      return;
    }
    const { clock } = this.options;
    const { startedWaitMs, stoppedWaitMs } = this.options.periods();
    const now = clock.now();
    if (!this.#active) {
      this.#active = { key, to, lastStart: now };
      this.options.send('start', to);
    } else if (now - this.#active.lastStart >= startedWaitMs) {
      this.#active.lastStart = now;
      this.options.send('start', to);
    }
    if (this.#idle !== undefined) clock.clearTimeout(this.#idle);
    this.#idle = clock.setTimeout(() => {
      this.#idle = undefined;
      this.stop();
    }, stoppedWaitMs);
  }

  /** Sends `stop` if typing was announced; nothing otherwise. */
  stop(): void {
    if (this.#idle !== undefined) this.options.clock.clearTimeout(this.#idle);
    this.#idle = undefined;
    const active = this.#active;
    this.#active = undefined;
    if (active) this.options.send('stop', active.to);
  }

  /** Whether a `start` is standing (tests). */
  get typing(): boolean {
    return this.#active !== undefined;
  }

  dispose(): void {
    this.stop();
  }
}

// ---- receiving ----------------------------------------------------------------------------

export interface TypingTrackerOptions {
  clock: TypingClock;
  ownUserId(): number;
  expiryMs(): number;
  /** Senders not shown (muted users). */
  ignore?(userId: number): boolean;
}

/**
 * The receiving half: who is typing in each conversation, from `typing` events. The own user is
 * left out; an entry ends with its `stop` or `expiryMs` after its last `start`.
 */
export class TypingTracker extends Disposable {
  /** Conversation key → typing user → expiry timer; users in the order they started. */
  readonly #typing = new Map<string, Map<number, unknown>>();
  readonly #onDidChange = this._register(new Emitter<string>());
  /** A conversation's typists changed (its key, see `conversationKey`). */
  readonly onDidChange: Event<string> = this.#onDidChange.event;

  constructor(private readonly options: TypingTrackerOptions) {
    super();
  }

  /** The users typing in a conversation, in the order they started. */
  typists(key: string): number[] {
    return [...(this.#typing.get(key)?.keys() ?? [])];
  }

  apply(event: TypingEvent): void {
    const own = this.options.ownUserId();
    const sender = event.sender.user_id;
    if (sender === own || this.options.ignore?.(sender)) return;
    const key = eventKey(event, own);
    if (key === undefined) return;
    if (event.op === 'stop') {
      this.#remove(key, sender);
      return;
    }
    const { clock } = this.options;
    let users = this.#typing.get(key);
    if (!users) this.#typing.set(key, (users = new Map()));
    const old = users.get(sender);
    if (old !== undefined) clock.clearTimeout(old);
    users.set(
      sender,
      clock.setTimeout(() => this.#remove(key, sender), this.options.expiryMs()),
    );
    if (old === undefined) this.#onDidChange.fire(key);
  }

  #remove(key: string, userId: number): void {
    const users = this.#typing.get(key);
    const timer = users?.get(userId);
    if (!users || timer === undefined) return;
    this.options.clock.clearTimeout(timer);
    users.delete(userId);
    if (users.size === 0) this.#typing.delete(key);
    this.#onDidChange.fire(key);
  }

  /** Forgets everyone (a new event queue: the old one's events are gone). */
  clear(): void {
    const keys = [...this.#typing.keys()];
    for (const users of this.#typing.values())
      for (const timer of users.values()) this.options.clock.clearTimeout(timer);
    this.#typing.clear();
    for (const key of keys) this.#onDidChange.fire(key);
  }

  override dispose(): void {
    for (const users of this.#typing.values())
      for (const timer of users.values()) this.options.clock.clearTimeout(timer);
    this.#typing.clear();
    super.dispose();
  }
}

function eventKey(event: TypingEvent, own: number): string | undefined {
  if (event.message_type === 'stream') {
    if (event.stream_id === undefined || event.topic === undefined) return undefined;
    return conversationKey({ kind: 'stream', streamId: event.stream_id, topic: event.topic }, own);
  }
  if (!event.recipients) return undefined;
  return conversationKey({ kind: 'direct', userIds: event.recipients.map((r) => r.user_id) }, own);
}

/** "Alice is typing…", "Alice and Bob are typing…", "Several people are typing…"; empty: nobody. */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return l10n.t('{0} is typing…', names[0]!);
  if (names.length === 2) return l10n.t('{0} and {1} are typing…', names[0]!, names[1]!);
  return l10n.t('Several people are typing…');
}

/** Real timers and `Date.now`. */
export function realTypingClock(timers: Timers): TypingClock {
  return {
    now: () => Date.now(),
    setTimeout: (cb, ms) => timers.setTimeout(cb, ms),
    clearTimeout: (h) => timers.clearTimeout(h),
  };
}
