export {
  MessageList,
  MAX_PAGE,
  PAGE_SIZE,
  type Highlight,
  type MessageListSource,
  type PageRequest,
} from './messageList';
export { type MessageListDelta } from './delta';
export {
  channelNarrow,
  dmNarrow,
  factsOf,
  matchesLocally,
  mentionedNarrow,
  narrowChannel,
  narrowOf,
  narrowSearch,
  narrowTopic,
  sameNarrow,
  searchNarrow,
  starredNarrow,
  topicNarrow,
  type MessageFacts,
  type Narrow,
} from './narrow';
export {
  parseSearchQuery,
  type SearchDirectory,
  type SearchQuery,
  type SearchQueryError,
  type SearchQueryResult,
} from './searchQuery';
