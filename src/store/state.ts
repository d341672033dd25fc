import type { ChatEvent } from '../api/events/models';
import type { ChangeBuilder } from './change';
import type { PersonalItems } from './personal';
import type { PresenceIndex } from './presence';
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
}

/** A reducer: applies one event of its types to the state and records what changed. */
export type Reducer<E extends ChatEvent = ChatEvent> = (state: StoreState, event: E, change: ChangeBuilder) => void;
