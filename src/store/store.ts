import type { ChatEvent } from '../api/events/models';
import type { Linkifier, RealmPlayground } from '../api/realm/models';
import type { RealmEmoji } from '../api/messages/models';
import type { Reminder, SavedSnippet, ScheduledMessage } from '../api/personal/models';
import type { RegisterSnapshot } from '../api/events/register';
import type { Subscription } from '../api/channels/models';
import type { CustomProfileField, User, UserStatus } from '../api/users/models';
import { ChangeBuilder, fullChange, type StoreChange } from './change';
import { Emitter, type Event } from '../base/event';
import { isResolved, USER_ID_KEY } from './keys';
import { PersonalItems } from './personal';
import { RealmCatalogue } from './realmCatalogue';
import { PresenceIndex, snapshotPresenceTimes, type PresenceGroups, type PresenceState } from './presence';
import type { DirectConversations } from './directMessages';
import { RealmState } from './realm';
import { upgradeHomeView } from '../api/personal/settings';
import { applyEvent } from './reducers';
import type { ChatStoreOptions, StoreState, TopicItem, UnreadKey } from './state';

export type { ChatStoreOptions, TopicItem, UnreadKey } from './state';
import { SubscriptionIndex, type ChannelInfo } from './subscriptions';
import { TopicLoader } from './topicLoader';
import { TopicIndex } from './topics';
import { UnreadIndex, type ReadonlyUnreads } from './unreads';
import { topicCounts, UserTopicIndex } from './userTopics';
import { UserIndex } from './users';

/**
 * The live state of one account: built from a `/register` snapshot (`reset`) and kept current by
 * event batches (`apply`), each of which fires at most one `onDidChange` naming what changed.
 * Every read is O(1) or served from a cache invalidated by the events that affect it.
 * No UI code here, nothing from `vscode`.
 */
export class ChatStore {
  readonly #subscriptions = new SubscriptionIndex();
  #unreads = new UnreadIndex(0);
  readonly #topics = new TopicIndex();
  readonly #userTopics = new UserTopicIndex();
  readonly #users = new UserIndex();
  readonly #presence: PresenceIndex;
  readonly #realm: RealmState;
  readonly #personal = new PersonalItems();
  readonly #catalogue = new RealmCatalogue();
  readonly #topicLoader: TopicLoader;
  readonly #topicItems = new Map<number, readonly TopicItem[]>();
  #totalUnread: number | undefined;
  #ownUserId = 0;
  #ownEmail = '';
  #featureLevel = 0;
  #userSettings: Record<string, unknown> = {};
  #ready = false;

  readonly #onDidChange = new Emitter<StoreChange>();
  /** One notification per `reset` or `apply` that changed something. */
  readonly onDidChange: Event<StoreChange> = this.#onDidChange.event;
  readonly #onDidApplyEvents = new Emitter<readonly ChatEvent[]>();
  /** The raw batch after it was applied (open message views read edits and reactions from it). */
  readonly onDidApplyEvents: Event<readonly ChatEvent[]> = this.#onDidApplyEvents.event;

  constructor(private readonly options: ChatStoreOptions = {}) {
    this.#presence = new PresenceIndex(options.now ?? Date.now);
    this.#topicLoader = new TopicLoader({
      topics: this.#topics,
      fetch: options.fetchTopics,
      onError: options.onError,
      onLoaded: (streamId) => {
        this.#topicItems.delete(streamId);
        this.#onDidChange.fire({
          full: false,
          areas: new Set(['topics']),
          streamIds: new Set([streamId]),
          messageIds: new Set(),
          userIds: new Set(),
        });
      },
    });
    this.#realm = new RealmState(
      () => this.ownUser?.role ?? 400,
      () => this.#ownUserId,
    );
  }

  get #state(): StoreState {
    return {
      ownUserId: this.#ownUserId,
      subscriptions: this.#subscriptions,
      unreads: this.#unreads,
      topics: this.#topics,
      userTopics: this.#userTopics,
      users: this.#users,
      presence: this.#presence,
      realm: this.#realm,
      personal: this.#personal,
      catalogue: this.#catalogue,
    };
  }

  // ---- building -----------------------------------------------------------------------------

  /** Rebuilds everything from a snapshot (first start, and after the server dropped the queue). */
  reset(snapshot: RegisterSnapshot): void {
    this.#ownUserId = snapshot.user_id ?? 0;
    this.#ownEmail = snapshot.email ?? '';
    this.#featureLevel = snapshot.chat_feature_level;
    this.#userSettings = { ...(snapshot.user_settings ?? {}) };

    this.#users.clear();
    for (const list of [snapshot.realm_users, snapshot.realm_non_active_users, snapshot.cross_realm_bots]) {
      for (const u of list ?? []) this.#users.set(u);
    }
    for (const [id, status] of Object.entries(snapshot.user_status ?? {})) this.#users.updateStatus(Number(id), status);

    this.#realm.reset(snapshot as Record<string, unknown>);

    this.#subscriptions.reset(
      [snapshot.never_subscribed ?? [], snapshot.unsubscribed ?? []],
      snapshot.subscriptions ?? [],
    );

    this.#unreads = new UnreadIndex(this.#ownUserId);
    const unread = snapshot.unread_msgs;
    if (unread) {
      const mentions = new Set(unread.mentions);
      for (const s of unread.streams) {
        for (const id of s.unread_message_ids) this.#unreads.addStream(id, s.stream_id, s.topic, mentions.has(id));
      }
      for (const p of unread.pms) {
        for (const id of p.unread_message_ids) this.#unreads.addDm(id, [p.other_user_id], mentions.has(id));
      }
      for (const h of unread.huddles) {
        const ids = h.user_ids_string.split(',').map(Number);
        for (const id of h.unread_message_ids) this.#unreads.addDm(id, ids, mentions.has(id));
      }
    }

    this.#userTopics.clear();
    for (const t of snapshot.user_topics ?? []) this.#userTopics.set(t.stream_id, t.topic_name, t.visibility_policy);

    this.#presence.clear();
    this.#presence.thresholdSeconds = this.#realm.offlineThresholdSeconds;
    if (snapshot.server_timestamp !== undefined) {
      this.#presence.offsetSeconds = snapshot.server_timestamp - (this.options.now ?? Date.now)() / 1000;
    }
    const presences = snapshot.presences ?? {};
    // Object.keys: user-id keys are array indices, which Object.entries walks slowly.
    for (const key of Object.keys(presences)) {
      const userId = USER_ID_KEY.test(key) ? Number(key) : this.#users.byEmail(key)?.user_id;
      if (userId !== undefined) this.#presence.update(userId, snapshotPresenceTimes(presences[key]));
    }

    this.#personal.reset(snapshot, this.#ownUserId);
    this.#catalogue.reset(snapshot);

    // Topic lists are reloaded lazily from the new state, as on first use.
    this.#topics.clear();
    this.#topicLoader.clear();
    this.#topicItems.clear();
    this.#totalUnread = undefined;
    this.#ready = true;
    this.options.onLimits?.(this.#realm.limits());
    this.#onDidChange.fire(fullChange());
  }

  /** Applies a batch of events in order; fires one change for the batch. Unknown types are ignored. */
  apply(events: readonly ChatEvent[]): StoreChange | undefined {
    const change = new ChangeBuilder();
    const state = this.#state;
    for (const event of events) {
      try {
        this.#applyOne(state, event, change);
      } catch (error) {
        // One event the store cannot follow must not lose the rest of the batch.
        this.options.onError?.(error);
      }
    }
    const built = change.build();
    if (built) {
      this.#invalidate(built);
      if (built.areas.has('realm')) this.options.onLimits?.(this.#realm.limits());
    }
    for (const streamId of [...this.#topics.stale]) this.#topicLoader.refetch(streamId);
    if (built) this.#onDidChange.fire(built);
    if (events.length > 0) this.#onDidApplyEvents.fire(events);
    return built;
  }

  #applyOne(state: StoreState, event: ChatEvent, change: ChangeBuilder): void {
    if (event.type !== 'user_settings') return applyEvent(state, event, change);
    this.#userSettings[event.property] =
      event.property === 'web_home_view' ? upgradeHomeView(event.value) : event.value;
    change.add('userSettings');
  }

  #invalidate(change: StoreChange): void {
    const a = change.areas;
    if (a.has('unreads') || a.has('subscriptions') || a.has('userTopics')) this.#totalUnread = undefined;
    if (a.has('topics') || a.has('unreads') || a.has('userTopics')) {
      for (const id of change.streamIds) this.#topicItems.delete(id);
    }
  }

  /**
   * Merges a full presence map (the answer to `POST /users/me/presence` or `GET /realm/presence`),
   * keyed by user id or email; fires a `presence` change for the users whose times moved.
   */
  applyPresence(presences: Record<string, unknown>, serverTimestamp?: number): StoreChange | undefined {
    if (serverTimestamp !== undefined) {
      this.#presence.offsetSeconds = serverTimestamp - (this.options.now ?? Date.now)() / 1000;
    }
    const change = new ChangeBuilder();
    for (const [key, entry] of Object.entries(presences)) {
      const userId = USER_ID_KEY.test(key) ? Number(key) : this.#users.byEmail(key)?.user_id;
      if (userId !== undefined && this.#presence.update(userId, snapshotPresenceTimes(entry))) {
        change.user('presence', userId);
      }
    }
    const built = change.build();
    if (built) this.#onDidChange.fire(built);
    return built;
  }

  // ---- topics -----------------------------------------------------------------------------

  /**
   * A channel's topics, newest first, with unread counts and the own visibility policy;
   * undefined until `loadTopics` has fetched them once (they stay live afterwards).
   */
  topics(streamId: number): readonly TopicItem[] | undefined {
    const cached = this.#topicItems.get(streamId);
    if (cached) return cached;
    const list = this.#topics.list(streamId);
    if (!list) return undefined;
    const items = list.map((t) => ({
      name: t.name,
      maxId: t.maxId,
      unread: this.#unreads.topicCount(streamId, t.name),
      resolved: isResolved(t.name),
      visibilityPolicy: this.#userTopics.policy(streamId, t.name),
    }));
    this.#topicItems.set(streamId, items);
    return items;
  }

  /** Fetches a channel's topics once; concurrent calls share one request. */
  async loadTopics(streamId: number): Promise<readonly TopicItem[]> {
    await this.#topicLoader.load(streamId);
    return this.topics(streamId)!;
  }

  // ---- unreads ----------------------------------------------------------------------------

  /**
   * Unread messages of a channel, a topic or a direct conversation, as the server counts them
   * (`is:unread` in that narrow). `excludeMuted` leaves out what `totalUnread` leaves out.
   */
  unreadCount(key: UnreadKey, options: { excludeMuted?: boolean } = {}): number {
    if ('dmUserIds' in key) return this.#unreads.dmCount(key.dmUserIds);
    if (key.topic !== undefined) {
      const n = this.#unreads.topicCount(key.streamId, key.topic);
      if (!options.excludeMuted || n === 0) return n;
      const muted = this.#subscriptions.isMuted(key.streamId);
      return topicCounts(muted, this.#userTopics.policy(key.streamId, key.topic)) ? n : 0;
    }
    if (!options.excludeMuted) return this.#unreads.streamCount(key.streamId);
    return this.#visibleStreamUnread(key.streamId);
  }

  /**
   * The badge number. Rule (as the server's unmuted counts): all unread direct messages, plus
   * unread messages of subscribed channels, leaving out muted channels (except their unmuted or
   * followed topics) and muted topics of other channels. Cached until unreads, subscriptions
   * or topic policies change.
   */
  totalUnread(): number {
    if (this.#totalUnread === undefined) {
      let total = this.#unreads.dmTotal;
      for (const streamId of this.#unreads.streamIds()) {
        if (this.#subscriptions.has(streamId)) total += this.#visibleStreamUnread(streamId);
      }
      this.#totalUnread = total;
    }
    return this.#totalUnread;
  }

  /** Unread messages that mention the own user (directly or by wildcard). */
  unreadMentions(): number {
    return this.#unreads.mentionCount;
  }
  /** Direct conversations with unreads: the other users' ids, and the count. */
  unreadDirectConversations(): { userIds: number[]; count: number }[] {
    return [...this.#unreads.dmConversations()].map(([key, count]) => ({ userIds: key.split(',').map(Number), count }));
  }

  /** Unread ids of one topic (to mark it read). */
  unreadIdsOfTopic(streamId: number, topic: string): number[] {
    return this.#unreads.topicIds(streamId, topic);
  }

  get unreads(): ReadonlyUnreads {
    return this.#unreads;
  }
  get channelFolders(): RealmCatalogue['channelFolders'] {
    return this.#catalogue.channelFolders;
  }
  isUnread(messageId: number): boolean {
    return this.#unreads.has(messageId);
  }

  #visibleStreamUnread(streamId: number): number {
    const muted = this.#subscriptions.isMuted(streamId);
    // The common case, O(1): no topic policies in the channel, so the channel's mute decides.
    if (!this.#userTopics.hasAny(streamId)) return muted ? 0 : this.#unreads.streamCount(streamId);
    return this.#unreads.countWhere(streamId, (topic) => topicCounts(muted, this.#userTopics.policy(streamId, topic)));
  }

  // ---- channels ---------------------------------------------------------------------------

  /** Subscribed channels: pinned first, then by name. */
  subscriptions(): readonly Subscription[] {
    return this.#subscriptions.sorted();
  }
  subscription(streamId: number): Subscription | undefined {
    return this.#subscriptions.get(streamId);
  }
  /** Every channel known to the user (subscribed or not): completions, and below, names in links. */
  channels(): Iterable<ChannelInfo> {
    return this.#subscriptions.channels();
  }
  channelName(streamId: number): string | undefined {
    return this.#subscriptions.channel(streamId)?.name;
  }
  /** A channel known to the user (subscribed or not), as the server last described it. */
  channel(streamId: number): ChannelInfo | undefined {
    return this.#subscriptions.channel(streamId);
  }
  /** 0 none, 1 muted, 2 unmuted, 3 followed. */
  topicPolicy(streamId: number, topic: string): number {
    return this.#userTopics.policy(streamId, topic);
  }

  // ---- people -----------------------------------------------------------------------------

  /** Every user (active, deactivated, bots), by name. */
  users(): readonly User[] {
    return this.#users.all();
  }
  user(userId: number): User | undefined {
    return this.#users.get(userId);
  }
  userByEmail(email: string): User | undefined {
    return this.#users.byEmail(email);
  }
  /** Active humans grouped by presence, each group by name. Bots and deactivated users are left out. */
  presenceGroups(): PresenceGroups {
    return this.#presence.groups(this.#users.humanIds());
  }
  presence(userId: number): PresenceState {
    return this.#presence.state(userId);
  }
  status(userId: number): UserStatus | undefined {
    return this.#users.status(userId);
  }

  // ---- personal items ---------------------------------------------------------------------

  /** By title. */
  savedSnippets(): readonly SavedSnippet[] {
    return this.#personal.snippets.list();
  }
  /** Earliest delivery first. */
  scheduledMessages(): readonly ScheduledMessage[] {
    return this.#personal.scheduled.list();
  }
  /** Earliest delivery first. */
  reminders(): readonly Reminder[] {
    return this.#personal.reminders.list();
  }
  /** The server's drafts, newest edit first (empty while synchronisation is off). */
  serverDrafts(): ReturnType<PersonalItems['drafts']['list']> {
    return this.#personal.drafts.list();
  }

  // ---- the organisation's catalogue -------------------------------------------------------

  /** In the realm's order. */
  linkifiers(): readonly Linkifier[] {
    return this.#catalogue.linkifiers;
  }
  /** The organisation's custom emoji that can be used, by name. */
  realmEmoji(): readonly RealmEmoji[] {
    return this.#catalogue.realmEmoji;
  }
  /** The organisation's code playgrounds. */
  playgrounds(): readonly RealmPlayground[] {
    return this.#catalogue.playgrounds;
  }
  /** The organisation's custom profile fields, in its order (names of users' `profile_data` keys). */
  customProfileFields(): readonly CustomProfileField[] {
    return this.#catalogue.customProfileFields;
  }

  // ---- realm and own user -----------------------------------------------------------------

  /** Settings, limits and the own user's permissions. */
  get realm(): RealmState {
    return this.#realm;
  }
  /** Recent direct conversations, newest first (muted users' 1:1 conversations left out). */
  get directConversations(): DirectConversations {
    return this.#personal.dms;
  }
  get ownUserId(): number {
    return this.#ownUserId;
  }
  get ownEmail(): string {
    return this.#ownEmail;
  }
  get ownUser(): User | undefined {
    return this.#users.get(this.#ownUserId);
  }
  get featureLevel(): number {
    return this.#featureLevel;
  }
  /** The own user's personal settings (`user_settings` of the snapshot, kept current by its events). */
  get userSettings(): Readonly<Record<string, unknown>> {
    return this.#userSettings;
  }
  /** False until the first `reset`. */
  get ready(): boolean {
    return this.#ready;
  }

  dispose(): void {
    this.#onDidChange.dispose();
    this.#onDidApplyEvents.dispose();
  }
}
