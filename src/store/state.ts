import type { Topic } from '../api/channels/models';
import type { ChatEvent } from '../api/events/models';
import type { RealmLimits } from '../api/operation';
import type { ChangeBuilder } from './change';
import type { PersonalItems } from './personal';
import type { PresenceIndex } from './presence';
import type { RealmCatalogue } from './realmCatalogue';
import type { RealmState } from './realm';
import type { SubscriptionIndex } from './subscriptions';
import type { TopicIndex } from './topics';
import type { UnreadIndex } from './unreads';
import type { UserTopicIndex } from './userTopics';
import type { UserIndex } from './users';

/** The indexes the reducers update; owned by `ChatStore`. */
export interface StoreState {
  ownUserId: number;
  subscriptions: SubscriptionIndex;
  unreads: UnreadIndex;
  topics: TopicIndex;
  userTopics: UserTopicIndex;
  users: UserIndex;
  presence: PresenceIndex;
  realm: RealmState;
  personal: PersonalItems;
  catalogue: RealmCatalogue;
}

/** A reducer: applies one event of its types to the state and records what changed. */
export type Reducer<E extends ChatEvent = ChatEvent> = (state: StoreState, event: E, change: ChangeBuilder) => void;

export interface ChatStoreOptions {
  /** Clock in ms (presence grouping); default `Date.now`. */
  now?: () => number;
  /** Fetches a channel's topics, newest first (`GET /users/me/{stream_id}/topics`). */
  fetchTopics?: (streamId: number) => Promise<readonly Topic[]>;
  /** Receives the organisation's limits after a rebuild and after `realm` events (→ `ChatClient.limits`). */
  onLimits?: (limits: RealmLimits) => void;
  /** A background failure (a topic refetch). */
  onError?: (error: unknown) => void;
}

/** One row of a channel's topic list. */
export interface TopicItem {
  /** As the server spells it (resolved topics keep their "✔ " prefix). */
  readonly name: string;
  readonly maxId: number;
  readonly unread: number;
  readonly resolved: boolean;
  /** 0 none, 1 muted, 2 unmuted, 3 followed. */
  readonly visibilityPolicy: number;
}

/** What to count: a channel, one topic of it, or the direct conversation with these users. */
export type UnreadKey = { streamId: number; topic?: string } | { dmUserIds: readonly number[] };
