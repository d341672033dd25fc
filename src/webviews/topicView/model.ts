/**
 * Builds what the topic view shows from server messages: sanitised HTML, absolute avatar URLs,
 * reactions grouped per emoji with who reacted. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { FL } from '../../api/features';
import { offersReport } from '../../api/messages/reportTypes';
import type { EditHistoryEntry, Message, TopicLink } from '../../api/messages/models';
import type { CurrentSession } from '../../session/manager';
import { avatarUrl } from '../../api/users/avatar';
import { safeUrl } from '../sanitize';
import type { EditHistoryItem, MessageModel, ReactionModel, TopicLinkModel } from './protocol';
import { reactionGlyph } from '../../emoji/glyph';
import type { WidgetModel } from './contentProtocol';
import { widgetState } from './widgets';
import { isArchived, type PolicyChannel } from '../../store/channelPolicy';
import type { TopicViewKey } from './protocol';

/** What the model needs from the store. */
export interface ModelContext {
  readonly realmUrl: string;
  readonly ownUserId: number;
  userName(userId: number): string | undefined;
  channelName(streamId: number): string | undefined;
  /** How the organisation names the empty topic ("general chat"). */
  readonly emptyTopicName: string;
  /**
   * A user's avatar URL as the store knows it (the Gravatar URL built from the real address when
   * the server left it to the client: `client_gravatar`); absent or undefined: initials.
   */
  avatarUrl?(userId: number): string | undefined;
  /** A custom emoji's image URL by its id (reactions show the image); absent: `:name:` is shown. */
  realmEmojiUrl?(emojiId: string): string | undefined;
  /** Whether the own user may delete the message now (the realm's permissions and time limit). */
  canDelete?(message: Message): boolean;
  /** The organisation shows read receipts (absent: no). */
  readonly readReceipts?: boolean;
  /** Messages may be reported to the moderators (absent: no). */
  readonly canReport?: boolean;
}

/** What the model needs, from a session's store. */
export function modelContextOf(current: Pick<CurrentSession, 'account' | 'store'>): ModelContext {
  const { store } = current;
  return {
    realmUrl: current.account.realmUrl,
    ownUserId: store.ownUserId,
    userName: (id) => store.user(id)?.full_name,
    avatarUrl: (id) => {
      const user = store.user(id);
      return user ? avatarUrl(user) : undefined;
    },
    channelName: (id) => store.channelName(id),
    emptyTopicName: store.realm.emptyTopicDisplayName,
    realmEmojiUrl: (id) => store.realmEmoji().find((e) => e.id === id)?.source_url,
    canDelete: (m) =>
      store.realm.canDeleteMessage(
        m.sender_id === store.ownUserId,
        Date.now() / 1000 - m.timestamp,
        m.stream_id !== undefined ? store.subscription(m.stream_id) : undefined,
      ),
    readReceipts: store.realm.readReceipts,
    canReport: offersReport(store.featureLevel, store.realm.moderationChannelId),
  };
}

/**
 * The quiet line of a view on an archived channel, shown instead of the compose box; undefined: the view is writable.
 */
export function readOnlyLine(
  store: { channel(streamId: number): PolicyChannel | undefined },
  key: TopicViewKey,
): string | undefined {
  if (key.mode === 'dm' || !isArchived(store.channel(key.streamId))) return undefined;
  return l10n.t('This channel is archived: its messages can be read, but nothing can be sent, edited or reacted to.');
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => [...p][0]!.toUpperCase()).join('') || '?';
}

export function reactionModels(message: Message, ctx: ModelContext): ReactionModel[] {
  const groups = new Map<string, { first: Message['reactions'][number]; users: number[] }>();
  for (const r of message.reactions) {
    const key = `${r.reaction_type}:${r.emoji_code}`;
    const group = groups.get(key);
    if (group) {
      if (!group.users.includes(r.user_id)) group.users.push(r.user_id);
    } else groups.set(key, { first: r, users: [r.user_id] });
  }
  return [...groups.values()].map(({ first, users }) => ({
    emojiName: first.emoji_name,
    emojiCode: first.emoji_code,
    reactionType: first.reaction_type,
    glyph: reactionGlyph(first.reaction_type, first.emoji_code),
    imageUrl: first.reaction_type === 'realm_emoji' ? emojiImage(first.emoji_code, ctx) : undefined,
    count: users.length,
    names: users.map((id) => (id === ctx.ownUserId ? l10n.t('You') : (ctx.userName(id) ?? l10n.t('User {0}', id)))),
    mine: users.includes(ctx.ownUserId),
  }));
}

function emojiImage(emojiId: string, ctx: ModelContext): string | undefined {
  const raw = ctx.realmEmojiUrl?.(emojiId);
  const url = raw === undefined ? undefined : safeUrl(raw, ctx.realmUrl);
  return url && /^https?:/.test(url) ? url : undefined;
}

/** The poll or to-do list of a message, with voters by name. */
export function widgetModel(message: Message, ctx: ModelContext): WidgetModel | undefined {
  const state = widgetState(message.submessages ?? [], message.sender_id, ctx.ownUserId);
  if (!state) return undefined;
  if (state.kind === 'todo') return { kind: 'todo', title: state.title, tasks: state.tasks };
  return {
    kind: 'poll',
    question: state.question,
    options: state.options.map((o) => ({
      key: o.key,
      text: o.text,
      count: o.voterIds.length,
      voters: o.voterIds.map((id) =>
        id === ctx.ownUserId ? l10n.t('You') : (ctx.userName(id) ?? l10n.t('User {0}', id)),
      ),
      mine: o.voterIds.includes(ctx.ownUserId),
    })),
  };
}

export function messageModel(message: Message, ctx: ModelContext): MessageModel {
  const senderName = ctx.userName(message.sender_id) ?? message.sender_full_name;
  // Null: the server left the (Gravatar) URL to the client, from the sender's real address.
  const url = message.avatar_url ?? (message.avatar_url === null ? ctx.avatarUrl?.(message.sender_id) : undefined);
  const avatar = url ? safeUrl(url, ctx.realmUrl) : undefined;
  return {
    id: message.id,
    senderId: message.sender_id,
    senderName,
    avatarUrl: avatar && /^https?:/.test(avatar) ? avatar : undefined,
    initials: initials(senderName),
    timestamp: message.timestamp,
    html: message.content,
    edited: message.last_edit_timestamp !== undefined,
    moved: message.last_moved_timestamp !== undefined,
    lastEditTimestamp: message.last_edit_timestamp,
    lastMovedTimestamp: message.last_moved_timestamp,
    reactions: reactionModels(message, ctx),
    own: message.sender_id === ctx.ownUserId,
    canDelete: ctx.canDelete?.(message) ?? false,
    readReceipts: ctx.readReceipts ?? false,
    canReport: ctx.canReport ?? false,
    unread: message.flags !== undefined && !message.flags.includes('read'),
    starred: message.flags?.includes('starred') ?? false,
    topic: message.subject === '' ? ctx.emptyTopicName : message.subject,
    widget: widgetModel(message, ctx),
  };
}

/** A fence longer than any backtick run of `text`. */
function fenceFor(text: string): string {
  return '`'.repeat(Math.max(3, ...(text.match(/`+/g) ?? []).map((run) => run.length + 1)));
}

/**
 * The quote-and-reply text the chat service's own app writes: a silent mention of the sender, a
 * link to the message, and its Markdown in a `quote` block.
 */
export function quoteText(senderName: string, senderId: number, link: string, raw: string): string {
  const fence = fenceFor(raw);
  return `@_**${senderName}|${senderId}** [said](${link}):\n${fence}quote\n${raw.replace(/\n+$/, '')}\n${fence}\n`;
}

export function topicLinkModels(links: readonly TopicLink[], realmUrl: string): TopicLinkModel[] {
  const out: TopicLinkModel[] = [];
  for (const link of links) {
    const url = safeUrl(link.url, realmUrl);
    if (url && /^https?:/.test(url)) out.push({ text: link.text, url });
  }
  return out;
}

export function historyItems(entries: readonly EditHistoryEntry[], ctx: ModelContext): EditHistoryItem[] {
  return entries.map((e) => ({
    timestamp: e.timestamp,
    userName: e.user_id === null ? l10n.t('Unknown') : (ctx.userName(e.user_id) ?? l10n.t('User {0}', e.user_id)),
    prevHtml: e.prev_rendered_content,
    prevTopic: e.prev_topic,
    topic: e.topic,
    prevChannel: e.prev_stream !== undefined ? (ctx.channelName(e.prev_stream) ?? `#${e.prev_stream}`) : undefined,
    channel: e.stream !== undefined ? (ctx.channelName(e.stream) ?? `#${e.stream}`) : undefined,
  }));
}

/**
 * The user-visible link to a message, as the web app writes it: `#narrow/channel/<id>-<name>/topic/
 * <topic>/with/<id>` for a channel message, `#narrow/dm/<ids>-<slug>/with/<id>` for a direct one
 * (the other participants' ids; the slug is the name of a 1:1, `group` otherwise). `with` (from
 * feature level 271, `FL.withOperator`) keeps the link working when the message is moved; older
 * servers get `near`.
 */
export function messageLink(
  realmUrl: string,
  message: Pick<Message, 'id' | 'type' | 'stream_id' | 'subject' | 'display_recipient'>,
  names: { channelName(id: number): string | undefined; readonly ownUserId: number },
  featureLevel: number,
): string {
  const at = `${featureLevel >= FL.withOperator ? 'with' : 'near'}/${message.id}`;
  const encode = (s: string): string => encodeURIComponent(s).replace(/\./g, '%2E').replace(/%/g, '.');
  const base = `${realmUrl.replace(/\/*$/, '')}/#narrow`;
  if (message.type === 'stream' && message.stream_id !== undefined) {
    const slug =
      `${message.stream_id}-` +
      `${(names.channelName(message.stream_id) ?? String(message.display_recipient)).replace(/[ ]/g, '-')}`;
    return `${base}/channel/${encode(slug)}/topic/${encode(message.subject)}/${at}`;
  }
  const recipients = Array.isArray(message.display_recipient) ? message.display_recipient : [];
  const others = recipients.filter((r) => r.id !== names.ownUserId);
  const people = others.length > 0 ? others : recipients;
  const ids = people.map((r) => r.id).sort((a, b) => a - b);
  const slug = people.length === 1 ? people[0]!.full_name.replace(/[ ]/g, '-') : 'group';
  return `${base}/dm/${encode(`${ids.join(',')}-${slug}`)}/${at}`;
}
