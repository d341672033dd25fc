/**
 * What the Inbox tree shows, computed from the store (no `vscode` import, so unit tests build it
 * from a real store): every conversation with unread messages, direct conversations first, then
 * channels in the channel list's order with their topics; or, in "Recent Conversations" mode, every
 * recent conversation, newest activity first. Muted channels and topics are left out as Zulip's
 * inbox leaves them out (a muted channel's unmuted or followed topics stay).
 */
import type { Message } from '../../api/messages/models';
import type { ChatStore } from '../../store';
import { POLICY } from '../../store/userTopics';
import { topicKey } from '../../store/keys';
import { dmKey } from '../../store/keys';

export interface TopicRow {
  readonly kind: 'topic';
  readonly streamId: number;
  readonly topic: string;
  readonly count: number;
  /** The oldest unread message (the conversation opens there); undefined when all is read. */
  readonly firstUnread?: number;
  /** The newest message known (unread or, in recent mode, any). */
  readonly lastId: number;
}

export interface DmRow {
  readonly kind: 'dm';
  /** The other participants, ascending; `[ownUserId]` for the conversation with oneself. */
  readonly userIds: readonly number[];
  readonly count: number;
  readonly firstUnread?: number;
  readonly lastId: number;
}

export interface ChannelRow {
  readonly kind: 'channel';
  readonly streamId: number;
  readonly count: number;
  readonly topics: readonly TopicRow[];
}

/** A channel folder's channels (feature level 431, `web_inbox_show_channel_folders`); see folders.ts. */
export interface FolderRow {
  readonly kind: 'folder';
  /** A folder's id, `OTHER_CHANNELS` or `PINNED_CHANNELS`. */
  readonly folderId: number;
  readonly count: number;
  readonly channels: readonly ChannelRow[];
}

export type ConversationRow = TopicRow | DmRow;
export type InboxRow = FolderRow | ChannelRow | ConversationRow;

export interface Inbox {
  readonly dms: readonly DmRow[];
  readonly channels: readonly ChannelRow[];
}

const min = (ids: readonly number[]): number | undefined => (ids.length === 0 ? undefined : Math.min(...ids));
const max = (ids: readonly number[]): number => (ids.length === 0 ? 0 : Math.max(...ids));
const newestFirst = (a: { lastId: number }, b: { lastId: number }): number => b.lastId - a.lastId;

/** Whether a topic of a subscribed channel shows (not muted, as the unread badge counts). */
function topicShown(store: ChatStore, streamId: number, topic: string): boolean {
  const sub = store.subscription(streamId);
  if (!sub) return false;
  const policy = store.topicPolicy(streamId, topic);
  if (policy === POLICY.muted) return false;
  return !sub.is_muted || policy === POLICY.unmuted || policy === POLICY.followed;
}

/** The unread conversations, grouped: direct ones newest first; channels in list order, topics newest first. */
export function inboxOf(store: ChatStore): Inbox {
  const dms = store.unreadDirectConversations().map((c): DmRow => {
    const ids = store.unreads.dmIds(c.userIds);
    return { kind: 'dm', userIds: c.userIds, count: ids.length, firstUnread: min(ids), lastId: max(ids) };
  });
  dms.sort(newestFirst);
  const unreadChannels = new Set(store.unreads.streamIds());
  const channels: ChannelRow[] = [];
  for (const sub of store.subscriptions()) {
    const streamId = sub.stream_id;
    if (!unreadChannels.has(streamId)) continue;
    const topics: TopicRow[] = [];
    for (const [, topic] of store.unreads.topicsOf(streamId)) {
      if (!topicShown(store, streamId, topic)) continue;
      const ids = store.unreadIdsOfTopic(streamId, topic);
      topics.push({ kind: 'topic', streamId, topic, count: ids.length, firstUnread: min(ids), lastId: max(ids) });
    }
    if (topics.length === 0) continue;
    topics.sort(newestFirst);
    channels.push({ kind: 'channel', streamId, count: topics.reduce((n, t) => n + t.count, 0), topics });
  }
  return { dms, channels };
}

/** How many conversations "Recent Conversations" lists at most. */
export const RECENT_LIMIT = 100;

/**
 * Recent conversations, newest activity first: from `messages` (the recent messages fetched once
 * and kept live), the channels whose topics the store has loaded, and every unread conversation.
 */
export function recentOf(store: ChatStore, messages: Iterable<Message>): ConversationRow[] {
  const own = store.ownUserId;
  const latest = new Map<
    string,
    {
      row: Omit<TopicRow, 'count' | 'firstUnread' | 'lastId'> | Omit<DmRow, 'count' | 'firstUnread' | 'lastId'>;
      lastId: number;
    }
  >();
  const note = (
    key: string,
    row: Omit<TopicRow, 'count' | 'firstUnread' | 'lastId'> | Omit<DmRow, 'count' | 'firstUnread' | 'lastId'>,
    id: number,
  ): void => {
    const known = latest.get(key);
    if (!known || known.lastId < id) latest.set(key, { row: known?.row ?? row, lastId: id });
  };
  const topicNote = (streamId: number, topic: string, id: number): void => {
    if (topicShown(store, streamId, topic))
      note(`t:${streamId}:${topicKey(topic)}`, { kind: 'topic', streamId, topic }, id);
  };
  const dmNote = (userIds: readonly number[], id: number): void => {
    const key = dmKey(userIds, own);
    note(`d:${key}`, { kind: 'dm', userIds: key.split(',').map(Number) }, id);
  };
  for (const m of messages) {
    if (m.type === 'stream' && m.stream_id !== undefined) topicNote(m.stream_id, m.subject, m.id);
    else if (Array.isArray(m.display_recipient))
      dmNote(
        m.display_recipient.map((r) => r.id),
        m.id,
      );
  }
  for (const sub of store.subscriptions()) {
    for (const t of store.topics(sub.stream_id) ?? []) topicNote(sub.stream_id, t.name, t.maxId);
    for (const [, topic] of store.unreads.topicsOf(sub.stream_id))
      topicNote(sub.stream_id, topic, max(store.unreadIdsOfTopic(sub.stream_id, topic)));
  }
  for (const c of store.unreadDirectConversations()) dmNote(c.userIds, max(store.unreads.dmIds(c.userIds)));
  const rows = [...latest.values()].map(({ row, lastId }): ConversationRow => {
    const ids =
      row.kind === 'topic' ? store.unreadIdsOfTopic(row.streamId, row.topic) : store.unreads.dmIds(row.userIds);
    return { ...row, count: ids.length, firstUnread: min(ids), lastId } as ConversationRow;
  });
  return rows.sort(newestFirst).slice(0, RECENT_LIMIT);
}
