/** What a conversation view shows, as a map key and as a narrow. */
import { channelNarrow, dmNarrow, searchNarrow, topicNarrow, type Narrow } from '../../messageList/narrow';
import type { TopicViewKey } from './protocol';

export function keyString(key: TopicViewKey): string {
  if (key.mode === 'dm') return JSON.stringify(['dm', [...key.userIds].sort((a, b) => a - b)]);
  return JSON.stringify([
    key.mode,
    key.streamId,
    key.topic?.toLowerCase() ?? null,
    key.mode === 'search' ? key.query : null,
  ]);
}

/** The narrow a search box searches within: the view's channel, topic or direct conversation. */
export function baseNarrow(key: TopicViewKey, ownUserId: number): Narrow {
  if (key.mode === 'dm') return dmNarrow(key.userIds, ownUserId);
  return key.topic === undefined ? channelNarrow(key.streamId) : topicNarrow(key.streamId, key.topic);
}

/** The narrow a panel shows: its base narrow, plus the search of a search view. */
export function narrowOfKey(key: TopicViewKey, ownUserId: number): Narrow {
  const base = baseNarrow(key, ownUserId);
  return key.mode === 'search' && key.query ? searchNarrow(key.query, base) : base;
}
