/**
 * What the tools read, from what the extension already has: the session's store (names, unreads,
 * people, presence), the message list's fetching (`GET /messages` by narrow), the search box's
 * parser, the narrow links of the conversation view. Reads only.
 */
import type { Message } from '../api/messages/models';
import { parseNarrowLink } from '../codeRefs/narrowUrl';
import { describeQueryError, storeDirectory } from '../commands/search/queryText';
import { MessageList } from '../messageList';
import { dmNarrow, topicNarrow, channelNarrow, type Narrow } from '../messageList/narrow';
import { parseSearchQuery } from '../messageList/searchQuery';
import type { CurrentSession } from '../session/manager';
import { messageLink } from '../webviews/topicView/model';
import { quoteOf, type Names, type QuotedMessage } from './format';
import type { ConversationTarget } from '../store';

/** A request the tool cannot serve, said to the model as it is. */
export class ToolInputError extends Error {}

export function namesOf(current: CurrentSession): Names {
  const { store } = current;
  return {
    channelName: (id) => store.channelName(id),
    userName: (id) => store.user(id)?.full_name,
    ownUserId: store.ownUserId,
    emptyTopicName: store.realm.emptyTopicDisplayName ?? 'general chat',
  };
}

export function linkOf(current: CurrentSession, m: Message): string {
  return messageLink(
    current.account.realmUrl,
    m,
    { channelName: (id) => current.store.channelName(id), ownUserId: current.store.ownUserId },
    current.store.featureLevel,
  );
}

export function quote(current: CurrentSession, m: Message): QuotedMessage {
  return quoteOf(m, namesOf(current), linkOf(current, m));
}

/** One page of a narrow's messages, oldest first, through the message list the views use. */
export async function fetchMessages(
  current: CurrentSession,
  narrow: Narrow,
  page: { anchor?: number | 'newest'; before: number; after: number },
): Promise<{ messages: Message[]; foundOldest: boolean }> {
  const list = new MessageList({ client: current.client, store: current.store, onError: () => undefined }, narrow);
  try {
    await list.fetchInitial({ anchor: page.anchor ?? 'newest', before: page.before, after: page.after });
    return { messages: list.messages(), foundOldest: list.foundOldest };
  } finally {
    list.dispose();
  }
}

/** A search with the search box's language: the narrow, or why the query is not understood. */
export function parseQuery(current: CurrentSession, query: string): { narrow: Narrow; near?: number } {
  const parsed = parseSearchQuery(query, storeDirectory(current.store));
  if (!parsed.ok) throw new ToolInputError(`The query is not understood: ${describeQueryError(parsed.error)}`);
  return { narrow: parsed.query.narrow, near: parsed.query.near };
}

/** Where a conversation is named: a narrow link, a channel (and topic), or the people of a DM. */
export interface ConversationInput {
  readonly url?: string;
  readonly channel?: string;
  readonly topic?: string;
  readonly dm?: readonly string[];
}

/** Which conversation. */
export type ConversationRef = ConversationTarget | { readonly kind: 'channel'; readonly streamId: number };

/** A conversation, its narrow, and the message a link pointed at. */
export type Conversation = ConversationRef & { readonly narrow: Narrow; readonly anchor?: number };

export function resolveConversation(current: CurrentSession, input: ConversationInput): Conversation {
  const { store } = current;
  const own = store.ownUserId;
  if (input.url !== undefined && input.url.trim() !== '') {
    const target = parseNarrowLink(input.url.trim(), current.account.realmUrl);
    if (!target) throw new ToolInputError('The URL is not a conversation link of this organisation.');
    const anchor = target.messageId !== undefined ? { anchor: target.messageId } : {};
    if (target.kind === 'dm')
      return { kind: 'dm', userIds: target.userIds, narrow: dmNarrow(target.userIds, own), ...anchor };
    if (target.topic !== undefined)
      return {
        kind: 'topic',
        streamId: target.streamId,
        topic: target.topic,
        narrow: topicNarrow(target.streamId, target.topic),
        ...anchor,
      };
    return { kind: 'channel', streamId: target.streamId, narrow: channelNarrow(target.streamId), ...anchor };
  }
  if (input.channel !== undefined && input.channel.trim() !== '') {
    const name = input.channel.trim().replace(/^#/, '');
    const streamId = storeDirectory(store).channelId(name);
    if (streamId === undefined) throw new ToolInputError(`There is no channel named "${name}" that you can see.`);
    if (input.topic !== undefined)
      return { kind: 'topic', streamId, topic: input.topic, narrow: topicNarrow(streamId, input.topic) };
    return { kind: 'channel', streamId, narrow: channelNarrow(streamId) };
  }
  if (input.dm && input.dm.length > 0) {
    const names = input.dm.map((n) => n.replace(/[",]/g, ' ').trim()).filter(Boolean);
    const ids = names.map((n) => {
      const dm = parseQuery(current, `dm:"${n}"`).narrow.terms.find((t) => t.operator === 'dm');
      return (dm?.operand as number[])[0]!;
    });
    return { kind: 'dm', userIds: ids, narrow: dmNarrow(ids, own) };
  }
  throw new ToolInputError('Name the conversation: a url, a channel (and topic), or dm (the people).');
}

/** "#engineering › auth rewrite", "DM with Bob Brown". */
export function conversationName(current: CurrentSession, c: ConversationRef): string {
  const { store } = current;
  if (c.kind === 'dm') {
    const others = c.userIds
      .filter((id) => id !== store.ownUserId)
      .map((id) => store.user(id)?.full_name ?? `user ${id}`);
    return others.length === 0 ? 'DM with yourself' : `DM with ${others.join(', ')}`;
  }
  const channel = `#${store.channelName(c.streamId) ?? c.streamId}`;
  return c.kind === 'topic' ? `${channel} › ${c.topic === '' ? namesOf(current).emptyTopicName : c.topic}` : channel;
}

const ROLES: Record<number, string> = {
  100: 'organization owner',
  200: 'organization administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
};

export function roleName(role: number | undefined, isBot: boolean): string {
  if (isBot) return 'bot';
  return (role !== undefined ? ROLES[role] : undefined) ?? 'member';
}

/** "14:05 (Asia/Singapore)": the time where they are. */
export function localTime(timezone: string, now = new Date()): string | undefined {
  try {
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    }).format(now);
    return `${time} (${timezone})`;
  } catch {
    return undefined;
  }
}
