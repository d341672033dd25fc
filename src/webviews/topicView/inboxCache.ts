/**
 * The Inbox's top conversations in the conversation cache (issue 24, item 2): a little after a
 * session goes live (not to compete with the first screen), the newest messages of the first
 * {@link INBOX_CACHED} unread conversations, newest activity first, that are not cached yet; one
 * request each, once per session.
 */
import type * as vscode from 'vscode';
import { getMessages } from '../../api/messages/routes';
import { dmNarrow, topicNarrow } from '../../messageList/narrow';
import type { SessionManager } from '../../session/manager';
import { CACHED_MESSAGES, type CachedMessages } from '../../session/snapshotCache';
import type { ChatSession } from '../../store';
import { inboxOf } from '../../views/inbox/rows';
import { keyString } from './key';
import type { TopicViewKey } from './protocol';

/** How many of the Inbox's conversations are kept in the cache. */
export const INBOX_CACHED = 5;
/** How long after the session went live they are fetched. */
export const INBOX_CACHE_DELAY_MS = 10_000;

export function cacheInboxConversations(
  sessions: SessionManager,
  log: Pick<vscode.LogOutputChannel, 'warn'>,
): vscode.Disposable {
  let done: ChatSession | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async (session: ChatSession): Promise<void> => {
    const current = sessions.current;
    const cache = sessions.conversations;
    if (current?.session !== session || sessions.state.phase !== 'live' || !cache) return;
    const inbox = inboxOf(current.store);
    const rows = [...inbox.dms, ...inbox.channels.flatMap((c) => c.topics)]
      .sort((a, b) => b.lastId - a.lastId)
      .slice(0, INBOX_CACHED);
    const saved: CachedMessages = {};
    for (const row of rows) {
      const key: TopicViewKey =
        row.kind === 'dm'
          ? { mode: 'dm', userIds: row.userIds }
          : { mode: 'topic', streamId: row.streamId, topic: row.topic };
      if (cache.has(keyString(key))) continue;
      const narrow =
        row.kind === 'dm' ? dmNarrow(row.userIds, current.store.ownUserId) : topicNarrow(row.streamId, row.topic);
      // As a conversation view asks for its newest page.
      const page = await getMessages(current.client, {
        anchor: 'newest',
        num_before: CACHED_MESSAGES,
        num_after: 0,
        narrow: [...narrow.terms],
        apply_markdown: true,
        client_gravatar: false,
      });
      if (sessions.current?.session !== session) return;
      if (page.messages.length > 0)
        saved[keyString(key)] = {
          narrow: narrow.terms,
          messages: page.messages,
          foundOldest: page.found_oldest ?? false,
        };
    }
    await sessions.saveMessages(saved);
  };
  // Live comes before the session is current on a first sign-in, after it on a warm start.
  const check = (): void => {
    const session = sessions.current?.session;
    if (sessions.state.phase !== 'live' || !session || done === session) return;
    done = session;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () =>
        void run(session).catch((e: unknown) =>
          log.warn(`Conversation cache: the Inbox's conversations could not be fetched: ${String(e)}`),
        ),
      INBOX_CACHE_DELAY_MS,
    );
  };
  const subscriptions = [sessions.onDidChangeState(check), sessions.onDidChange(check)];
  check();
  return {
    dispose: () => {
      if (timer) clearTimeout(timer);
      subscriptions.forEach((s) => s.dispose());
    },
  };
}
