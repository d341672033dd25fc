export { ChatStore, type ChatStoreOptions, type TopicItem, type UnreadKey } from './store';
export {
  ChatSession,
  STORE_EVENT_TYPES,
  STORE_FETCH_EVENT_TYPES,
  type ChatSessionOptions,
  type SessionStatus,
  type SessionStatusChange,
} from './session';
export { type StoreChange, type StoreArea, ALL_AREAS } from './change';
export { type FocusSource, type Timers, alwaysFocused } from './pinger';
export { type PresenceGroups, type PresenceState } from './presence';
export { type ConversationTarget } from './conversation';
export { RealmState } from './realm';
export { POLICY } from './userTopics';
export { RESOLVED_PREFIX, isResolved, topicKey } from './keys';
export { type DirectConversation, DirectConversations } from './directMessages';
export { directMessageRefusal } from './dmPermission';
