import type { ChatClient } from '../api/client';
import { NetworkError } from '../api/errors';
import type { RegisterSnapshot } from '../api/events/register';
import { EventQueue, type EventQueueOptions, type QueueStatus, type QueueStatusDetail } from '../api/events/queue';
import { getChannelTopics } from '../api/channels/routes';
import { updatePresence } from '../api/users/routes';
import { getUsersById } from '../api/users/byId';
import { LazyUsers } from './lazyUsers';
import { adaptToServer, SLIM_REGISTER, slimRegisterParams, snapshotFetchTypes } from './slimRegister';
import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import { alwaysFocused, PresencePinger, realTimers, type FocusSource, type Timers } from './pinger';
import { ChatStore } from './store';
import { realTypingClock, TypingTracker, type TypingClock } from './typing';

export type SessionStatus = QueueStatus;

export interface SessionStatusChange {
  status: SessionStatus;
  detail?: QueueStatusDetail;
}

/** One of this session's sends, recognised in its `message` event by the `local_id` it was sent with. */
export interface OwnEcho {
  localId: string;
  messageId: number;
}

export interface ChatSessionOptions {
  /** Window focus; default: always focused. */
  focus?: FocusSource;
  /** Timers of the presence pinger; default: real ones (unref'd). */
  timers?: Timers;
  /** Clock in ms for presence grouping. */
  now?: () => number;
  /** Clock of the typing tracker; default: real time and timers. */
  typingClock?: TypingClock;
  /** Hears each snapshot the store is built from (warm start keeps the last one). */
  onSnapshot?: (snapshot: RegisterSnapshot) => void;
  /** Tuning of the event queue (backoff bounds, heartbeat margin). */
  queue?: Pick<EventQueueOptions, 'backoff' | 'heartbeatMarginMs' | 'deleteTimeoutMs' | 'random'>;
}

/** The event types the store consumes (and so asks the server to send). */
export const STORE_EVENT_TYPES = [
  'message',
  'update_message',
  'delete_message',
  'reaction',
  'update_message_flags',
  'submessage',
  'subscription',
  'stream',
  'user_topic',
  'presence',
  'user_status',
  'realm_user',
  'realm',
  'realm_linkifiers',
  'realm_emoji',
  'realm_playgrounds',
  'channel_folder',
  'saved_snippets',
  'scheduled_messages',
  'reminders',
  'drafts',
  'user_settings',
  'custom_profile_fields',
  'typing',
  // Its section is `realm_user_groups` (fetched below).
  'user_group',
];

/** Snapshot sections: the consumed types that have one, plus the groups behind permission settings. */
export const STORE_FETCH_EVENT_TYPES = [
  ...snapshotFetchTypes(STORE_EVENT_TYPES),
  'realm_user_groups',
  'recent_private_conversations',
  'muted_users',
  'channel_folders',
];

/**
 * One signed-in account: a client, its event queue and the store it feeds, plus the presence
 * pinger. No `vscode` import: the extension passes the window focus in as a `FocusSource`.
 */
export class ChatSession extends Disposable {
  readonly store: ChatStore;
  /** Who is typing in which conversation (`typing` events). */
  readonly typing: TypingTracker;
  readonly #queue: EventQueue;
  readonly #pinger: PresencePinger;
  readonly #users: LazyUsers;
  #presenceLastUpdateId = -1;
  readonly #registerParams = slimRegisterParams(STORE_EVENT_TYPES, STORE_FETCH_EVENT_TYPES);
  #status: SessionStatus = 'stopped';
  #started = false;
  #stopped = false;
  #serverSnapshot = false;

  readonly #onDidChangeStatus = this._register(new Emitter<SessionStatusChange>());
  /** `connecting` → `live`; `reconnecting` while the connection is lost or the queue is rebuilt; `stopped`. */
  readonly onDidChangeStatus: Event<SessionStatusChange> = this.#onDidChangeStatus.event;
  readonly #onOwnEcho = this._register(new Emitter<OwnEcho>());
  /**
   * A message this session's own `POST /messages` sent with this queue's `queue_id` and a
   * `local_id`, as its `message` event brought it back (after the store has it): the outbox's
   * acknowledgement when the reply to the send is slow or lost.
   */
  readonly onOwnEcho: Event<OwnEcho> = this.#onOwnEcho.event;
  readonly #onError = this._register(new Emitter<unknown>());
  /** Problems worth a notification (malformed events, failed topic loads, refused pings). */
  readonly onError: Event<unknown> = this.#onError.event;

  constructor(
    readonly client: ChatClient,
    private readonly options: ChatSessionOptions = {},
  ) {
    super();
    this.store = new ChatStore({
      now: options.now,
      // The empty topic as "" (FL 334), as messages and unreads name it: one key for it everywhere; views show the
      // realm's name.
      fetchTopics: async (streamId) =>
        (await getChannelTopics(client, { stream_id: streamId, allow_empty_topic_name: true })).topics,
      onLimits: (limits) => (client.limits = { ...client.limits, ...limits }),
      onError: (error) => this.#onError.fire(error),
    });
    this.typing = new TypingTracker({
      clock: options.typingClock ?? realTypingClock(options.timers ?? realTimers),
      ownUserId: () => this.store.ownUserId,
      expiryMs: () => this.store.realm.typing.expiryMs,
      ignore: (userId) => this.store.directConversations.isMuted(userId),
    });
    this.#users = new LazyUsers((ids) => getUsersById(client, ids), {
      has: (id) => this.store.user(id) !== undefined,
      add: (users) => this.store.apply(users.map((person) => ({ id: -1, type: 'realm_user', op: 'add', person }))),
      onError: (error) => this.#onError.fire(error),
    });
    this.#queue = new EventQueue(client, {
      ...options.queue,
      registerParams: this.#registerParams,
      onSnapshot: async (snapshot) => {
        // Users the sidebar names at once, before it is built: no placeholder names.
        await this.#users.completeSnapshot(snapshot);
        this.#presenceLastUpdateId = snapshot.presence_last_update_id ?? -1;
        // First build and resync alike: events in between are lost, so rebuild everything.
        this.#serverSnapshot = true;
        this.store.reset(snapshot);
        this.typing.clear();
        options.onSnapshot?.(snapshot);
      },
      onEvents: (events) => {
        this.store.apply(events);
        for (const event of events) {
          if (event.type === 'typing') this.typing.apply(event);
          else if (event.type === 'message' && event.local_message_id !== undefined) {
            this.#onOwnEcho.fire({ localId: event.local_message_id, messageId: event.message.id });
          }
        }
        void this.#users.afterEvents(events);
      },
      onStatus: (status, detail) => this.#setStatus(status, detail),
      onError: (error) => this.#onError.fire(error),
    });
    this.#pinger = new PresencePinger(
      (status, newUserInput) => this.#ping(status, newUserInput),
      () => this.store.realm.pingIntervalSeconds,
      options.focus ?? alwaysFocused,
      options.timers ?? realTimers,
    );
  }

  /** The event queue's id while one is registered: `POST /messages` sends it for {@link onOwnEcho}. */
  get queueId(): string | undefined {
    return this.#queue.queueId;
  }

  get status(): SessionStatus {
    return this.#status;
  }

  /**
   * Whether the store was built from the server's snapshot (false while only a warm start's saved
   * one is shown: its server-side state, drafts for instance, may be old). Already true while the
   * store resets to the server's snapshot, so what that reset triggers sees the fresh state.
   */
  get hasServerSnapshot(): boolean {
    return this.#serverSnapshot;
  }

  /**
   * Builds the store from a saved snapshot before `start()` (warm start): the views show it until
   * the server's snapshot replaces it, as a resync does. With `complete`, `snapshot` holds only
   * what the first render reads: the store is built from it at once, and from the whole snapshot
   * `complete` gives on the next turn of the event loop (after the first render), unless the
   * server's snapshot came first or the session was disposed. Resolves once that is done.
   */
  restore(snapshot: RegisterSnapshot, complete?: () => RegisterSnapshot | undefined): Promise<void> {
    if (this.#started) throw new Error('ChatSession.restore() must come before start().');
    this.store.reset(snapshot);
    if (!complete) return Promise.resolve();
    return new Promise<void>((resolve) => {
      setImmediate(() => {
        try {
          if (this.#serverSnapshot || this.isDisposed) return;
          const whole = complete();
          if (whole && !this.#serverSnapshot && !this.isDisposed) this.store.reset(whole);
        } catch (error) {
          this.#onError.fire(error);
        } finally {
          resolve();
        }
      });
    });
  }

  /**
   * Registers, builds the store from the snapshot, then follows events in the background and
   * starts reporting presence. Rejects when the server refuses (e.g. a wrong API key).
   */
  async start(): Promise<void> {
    if (this.#started) throw new Error('ChatSession.start() was already called.');
    this.#started = true;
    await adaptToServer(this.client, this.#registerParams);
    if (this.#stopped) return; // stopped while learning the server's version
    await this.#queue.start();
    if (this.#queue.status === 'stopped') return; // stopped while connecting
    this.#pinger.start();
  }

  /** Stops the pinger and the queue (which frees it on the server). Idempotent. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#pinger.dispose();
    await this.#queue.stop();
    this.#setStatus('stopped');
  }

  /** Reports presence now (also done on a timer and when the window gains focus). */
  pingPresence(): Promise<void> {
    return this.#pinger.pingNow();
  }

  async #ping(status: 'active' | 'idle', newUserInput: boolean): Promise<void> {
    try {
      const result = await updatePresence(this.client, {
        status,
        new_user_input: newUserInput,
        slim_presence: true,
        last_update_id: this.#presenceLastUpdateId,
        history_limit_days: SLIM_REGISTER.presence_history_limit_days,
      });
      // The answer carries the presence changed since the last one: events only report users coming online.
      if (result.presences) this.store.applyPresence(result.presences, result.server_timestamp);
      if (result.presence_last_update_id !== undefined) this.#presenceLastUpdateId = result.presence_last_update_id;
    } catch (error) {
      // Lost connections show as `reconnecting` through the queue; do not notify per ping.
      if (!(error instanceof NetworkError)) this.#onError.fire(error);
    }
  }

  #setStatus(status: SessionStatus, detail?: QueueStatusDetail): void {
    if (status === this.#status && status !== 'reconnecting') return;
    this.#status = status;
    this.#onDidChangeStatus.fire({ status, detail });
  }

  override dispose(): void {
    super.dispose();
    void this.stop();
    this.store.dispose();
    this.typing.dispose();
  }
}
