/**
 * The topic view's messages (host ↔ the page in `./page/`, which imports this file), built on
 * the shared typed-message classes of `../protocol`. Every HTML string here is the server's, which the page sanitises
 * before inserting it (../page/sanitize.ts); everything else is plain text that the webview inserts with `textContent`.
 */
import { CommandType, NotificationType, RequestType } from '../protocol';
import { isRecord } from '../../guards';
import type { WidgetModel } from './contentProtocol';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const anyRecord = (p: unknown): p is Record<string, never> => p === undefined || p === null || isRecord(p);

export interface ReactionModel {
  readonly emojiName: string;
  readonly emojiCode: string;
  readonly reactionType: string;
  /** The emoji itself for unicode emoji; undefined otherwise (`:name:` is shown). */
  readonly glyph?: string;
  /** A custom emoji's image (absolute URL on the realm, loaded through the host). */
  readonly imageUrl?: string;
  readonly count: number;
  /** Who reacted, by name (from the store). */
  readonly names: readonly string[];
  readonly mine: boolean;
}

export interface MessageModel {
  readonly id: number;
  readonly senderId: number;
  readonly senderName: string;
  /** Absolute http(s) URL, or undefined: initials are shown. */
  readonly avatarUrl?: string;
  readonly initials: string;
  /** Seconds since the epoch; the webview formats it with `Intl`. */
  readonly timestamp: number;
  /** The server's HTML (the page sanitises it). */
  readonly html: string;
  readonly edited: boolean;
  readonly moved: boolean;
  readonly lastEditTimestamp?: number;
  readonly lastMovedTimestamp?: number;
  readonly reactions: readonly ReactionModel[];
  readonly own: boolean;
  /** The own user may delete it (checked again, and by the server, when asked). */
  readonly canDelete: boolean;
  /** "Read by…" is offered: the organisation shows read receipts (FL 137). */
  readonly readReceipts: boolean;
  /** "Report" is offered: the server takes reports (FL 382) and the organisation has a moderation channel. */
  readonly canReport: boolean;
  readonly unread: boolean;
  /** The own `starred` flag (the star action shows and toggles it). */
  readonly starred: boolean;
  /** The message's topic (the empty topic by its display name); shown in channel-wide search results. */
  readonly topic: string;
  /** The message's poll or to-do list (from its submessages). */
  readonly widget?: WidgetModel;
}

export interface TopicLinkModel {
  readonly text: string;
  /** Checked to be http(s). */
  readonly url: string;
}

/**
 * What a conversation view shows: a topic, the search results in a channel (and topic), or a
 * direct-message conversation. `userIds` are the other participants, ascending, without the own
 * user (empty: the conversation with oneself).
 */
export type TopicViewKey =
  | { readonly mode: 'topic'; readonly streamId: number; readonly topic: string }
  | { readonly mode: 'search'; readonly streamId: number; readonly topic?: string; readonly query: string }
  | { readonly mode: 'dm'; readonly userIds: readonly number[] };

/** Whether `value` is a key (the page's saved state is checked with it before a restore). */
export function isTopicViewKey(value: unknown): value is TopicViewKey {
  if (!isRecord(value)) return false;
  switch (value.mode) {
    case 'topic':
      return isId(value.streamId) && typeof value.topic === 'string';
    case 'search':
      return (
        isId(value.streamId) &&
        (value.topic === undefined || typeof value.topic === 'string') &&
        typeof value.query === 'string'
      );
    case 'dm':
      return Array.isArray(value.userIds) && value.userIds.length <= 1000 && value.userIds.every(isId);
    default:
      return false;
  }
}

export interface TopicSnapshot {
  /** What the page shows; it keeps this in its saved state so the serializer can restore it. */
  readonly key: TopicViewKey;
  readonly mode: TopicViewKey['mode'];
  readonly title: string;
  /** The channel's name; empty for a direct-message conversation. */
  readonly channelName: string;
  /** The topic; for a direct-message conversation, the participants' names. */
  readonly topic: string;
  readonly messages: readonly MessageModel[];
  readonly foundOldest: boolean;
  readonly topicLinks: readonly TopicLinkModel[];
  readonly maxMessageLength: number;
  /** What relative links and images in the messages' HTML resolve against. */
  readonly realmUrl: string;
  /** Search views: the query and the highlighted HTML per message id. */
  readonly query?: string;
  readonly matches?: readonly MatchModel[];
  /** A message to scroll to, highlight and focus once shown (opened at a message). */
  readonly anchor?: number;
  /**
   * Why nothing can be written here (an archived channel): the page shows this quiet line instead
   * of the compose box and offers no action that writes. Absent: the view is writable.
   */
  readonly readOnly?: string;
}

export interface MatchModel {
  readonly id: number;
  /** The server's HTML with `<span class="highlight">` (the page sanitises it). */
  readonly html: string;
  readonly subjectHtml?: string;
}

export interface EditHistoryItem {
  readonly timestamp: number;
  readonly userName: string;
  /** The server's `prev_rendered_content` (the page sanitises it), when the content changed. */
  readonly prevHtml?: string;
  readonly prevTopic?: string;
  readonly topic?: string;
  readonly prevChannel?: string;
  readonly channel?: string;
}

// ---- webview → host -----------------------------------------------------------------------

export interface InitParams {
  /** From the webview's saved state: load from here up to the newest message. */
  readonly oldestLoadedId?: number;
}
/** The page asks for its content (first load and after a reload/restore). */
export const InitRequest = new RequestType<InitParams, TopicSnapshot>(
  'topic/init',
  (p): p is InitParams => anyRecord(p) && (p?.oldestLoadedId === undefined || isId(p.oldestLoadedId)),
);

export interface OlderResult {
  readonly messages: readonly MessageModel[];
  readonly foundOldest: boolean;
}
/** Scrolled to the top: the next older page (at most 100 messages). */
export const LoadOlderRequest = new RequestType<Record<string, never>, OlderResult>('topic/loadOlder', anyRecord);

export interface SendParams {
  readonly content: string;
}
/**
 * Compose: send to the topic or conversation, through the outbox; resolves once it is kept there
 * (its entry shows below the messages until the server has it). A message that would be refused
 * replies with the user-facing error; the text stays.
 */
export const SendRequest = new RequestType<SendParams, { localId: string }>(
  'topic/send',
  (p): p is SendParams => isRecord(p) && typeof p.content === 'string' && p.content.length <= 1_000_000,
);

export interface ReactParams {
  readonly messageId: number;
  /** Absent: the host shows the emoji picker. Present: toggles the user's own reaction. */
  readonly emojiName?: string;
  readonly emojiCode?: string;
  readonly reactionType?: string;
}
export const ReactRequest = new RequestType<ReactParams, void>(
  'topic/react',
  (p): p is ReactParams =>
    isRecord(p) &&
    isId(p.messageId) &&
    ['emojiName', 'emojiCode', 'reactionType'].every(
      (k) => p[k] === undefined || (typeof p[k] === 'string' && (p[k] as string).length < 200),
    ),
);

export const MESSAGE_ACTIONS = [
  'edit',
  'copyLink',
  'remind',
  'readBy',
  'openTopic',
  'star',
  'quote',
  'delete',
  'markUnread',
  'report',
] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];
export interface ActionParams {
  readonly messageId: number;
  readonly action: MessageAction;
}
/**
 * A message's action button (edit runs `teamChat.editMessage`, remind `teamChat.createReminder`,
 * openTopic opens the message's topic from a channel-wide search, star toggles the starred flag,
 * quote puts the quoted message in the compose box, delete runs `teamChat.deleteMessage` (it asks
 * first), markUnread marks this message and those after it in the conversation as unread).
 */
export const ActionCommand = new CommandType<ActionParams>(
  'topic/action',
  (p): p is ActionParams =>
    isRecord(p) && isId(p.messageId) && (MESSAGE_ACTIONS as readonly unknown[]).includes(p.action),
);

/** The edit history of one message (operation 7). */
export const HistoryRequest = new RequestType<{ messageId: number }, readonly EditHistoryItem[]>(
  'topic/history',
  (p): p is { messageId: number } => isRecord(p) && isId(p.messageId),
);

/** Messages the user can see now (they are marked as read, batched). */
export const VisibleCommand = new CommandType<{ ids: number[] }>(
  'topic/visible',
  (p): p is { ids: number[] } => isRecord(p) && Array.isArray(p.ids) && p.ids.length <= 1000 && p.ids.every(isId),
);

/** The topic view's search box: an empty query clears the highlights. */
export const SearchRequest = new RequestType<{ query: string }, readonly MatchModel[]>(
  'topic/search',
  (p): p is { query: string } => isRecord(p) && typeof p.query === 'string' && p.query.length <= 1000,
);

/**
 * The compose box's text, reported after an insertion by the host and (debounced) as the user
 * types: the host knows what the box holds without asking (tests read it through the panel).
 */
export const ComposeTextCommand = new CommandType<{ text: string }>(
  'topic/composeText',
  (p): p is { text: string } => isRecord(p) && typeof p.text === 'string' && p.text.length <= 1_000_000,
);

// ---- host → webview -----------------------------------------------------------------------

/** New or changed messages (insert or replace by id, keep id order). */
export const UpsertNotification = new NotificationType<{ messages: readonly MessageModel[] }>('topic/upsert');
/** Deleted messages, or messages moved out of this topic. */
export const RemoveNotification = new NotificationType<{ ids: readonly number[] }>('topic/remove');
/** Search highlights for live messages that match the active search. */
export const MatchesNotification = new NotificationType<{ matches: readonly MatchModel[] }>('topic/matches');
/** A notice above the compose box (e.g. the connection is lost). Empty text hides it. */
export const NoticeNotification = new NotificationType<{ text: string }>('topic/notice');
/**
 * Text for the compose box (e.g. a saved snippet): inserted at the caret (replacing a selection),
 * the rest of the draft kept; the page saves the draft and answers with `topic/composeText`.
 */
export const InsertComposeNotification = new NotificationType<{ text: string }>('topic/insertCompose');
/** Scroll to one loaded message, highlight it briefly and focus it (opened at a message). */
export const RevealNotification = new NotificationType<{ id: number }>('topic/reveal');
