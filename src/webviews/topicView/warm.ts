/**
 * A topic view and the conversation cache: what it keeps there, and what it shows from it before the server answers.
 */
import type { MessageList } from '../../messageList';
import type { ChatSession } from '../../store';
import type { SessionManager } from '../../session/manager';
import { CACHED_MESSAGES, type CachedConversation } from '../../session/snapshotCache';
import { keyString } from './key';
import type { TopicViewKey } from './protocol';

/** The newest messages of a fetched topic or direct-message list (search views are not kept). */
export function savedConversation(view: {
  readonly key: TopicViewKey;
  readonly list: MessageList | undefined;
}): CachedConversation | undefined {
  const list = view.list;
  if (view.key.mode === 'search' || !list?.fetched || list.size === 0) return undefined;
  const messages = list.messages();
  const kept = messages.slice(-CACHED_MESSAGES);
  return {
    narrow: list.narrow.terms,
    messages: kept,
    foundOldest: list.foundOldest && kept.length === messages.length,
  };
}

/**
 * Fills a new list with the conversation's cached messages when the session is not live (or was started from the
 * cache).
 */
export function seedSaved(
  list: MessageList,
  key: TopicViewKey,
  sessions: Pick<SessionManager, 'takeCachedMessages'>,
  session: ChatSession,
): void {
  if (key.mode === 'search') return;
  const saved = sessions.takeCachedMessages(keyString(key), session);
  if (saved) list.seed(saved.messages, saved.foundOldest);
}
