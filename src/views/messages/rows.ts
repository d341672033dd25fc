/**
 * The rows of the Mentions and Starred trees: "sender — excerpt", the conversation as the
 * description, and where a click goes (the conversation, scrolled to the message). No `vscode`.
 */
import * as l10n from '@vscode/l10n';
import type { Message } from '../../api/messages/models';
import type { Highlight } from '../../messageList';
import { messageLine, messagePreview } from '../../messageText';
import type { ConversationTarget } from '../../store';

export interface MessageRowContext {
  readonly ownUserId: number;
  userName(userId: number): string | undefined;
  channelName(streamId: number): string | undefined;
  readonly emptyTopicName: string;
  /** A search's highlighted HTML of a message (the label then shows and marks its matches). */
  highlight?(messageId: number): Highlight | undefined;
}

/** The conversation a row's message is in. */
export type MessageTarget = ConversationTarget;

export interface MessageRow {
  readonly id: number;
  readonly label: string;
  readonly description: string;
  readonly target: MessageTarget;
  readonly unread: boolean;
  readonly starred: boolean;
  /** Sent at (seconds since the epoch). */
  readonly timestamp: number;
  /** Ranges of the label that match a search ([start, end) in UTF-16 units). */
  readonly highlights: readonly Range[];
}

/** How many characters of a message the row shows. */
export const EXCERPT_LENGTH = 80;

export function messageRow(m: Message, ctx: MessageRowContext): MessageRow {
  const sender = m.sender_id === ctx.ownUserId ? l10n.t('You') : (ctx.userName(m.sender_id) ?? m.sender_full_name);
  let target: MessageTarget;
  let description: string;
  if (m.type === 'stream' && m.stream_id !== undefined) {
    const channel =
      ctx.channelName(m.stream_id) ??
      (typeof m.display_recipient === 'string' ? m.display_recipient : l10n.t('channel {0}', m.stream_id));
    target = { kind: 'topic', streamId: m.stream_id, topic: m.subject };
    description = `#${channel} › ${m.subject === '' ? ctx.emptyTopicName : m.subject}`;
  } else {
    const recipients = Array.isArray(m.display_recipient) ? m.display_recipient : [];
    const others = recipients.filter((r) => r.id !== ctx.ownUserId);
    target = { kind: 'dm', userIds: others.map((r) => r.id).sort((a, b) => a - b) };
    description =
      others.length === 0
        ? l10n.t('Notes to self')
        : l10n.t('DM with {0}', others.map((r) => ctx.userName(r.id) ?? r.full_name).join(', '));
  }
  const flags = m.flags ?? [];
  const prefix = `${sender} — `;
  const found = ctx.highlight?.(m.id);
  const excerpt = found
    ? highlightedExcerpt(found.content, EXCERPT_LENGTH)
    : { text: messagePreview(m.content, EXCERPT_LENGTH), ranges: [] };
  return {
    id: m.id,
    label: prefix + excerpt.text,
    highlights: excerpt.ranges.map(([a, b]): Range => [a + prefix.length, b + prefix.length]),
    timestamp: m.timestamp,
    description,
    target,
    unread: m.flags !== undefined && !flags.includes('read'),
    starred: flags.includes('starred'),
  };
}

/** Newest first. */
export function messageRows(messages: readonly Message[], ctx: MessageRowContext): MessageRow[] {
  return [...messages].sort((a, b) => b.id - a.id).map((m) => messageRow(m, ctx));
}

// ---- search highlights: the server marks matches in `match_content` with <span class="highlight">

/** [start, end) in UTF-16 units of the text. */
export type Range = readonly [number, number];

const OPEN = '\u0001';
const CLOSE = '\u0002';
/** Characters shown before the first match when the excerpt cannot start at the beginning. */
const LEAD = 20;

/**
 * The text of highlighted HTML on one line, at most `max` characters: from the start, or (when the
 * first match would not fit) from a little before it, after "…"; and where the matches are in it.
 */
export function highlightedExcerpt(html: string, max: number): { text: string; ranges: Range[] } {
  const marked = html.replace(/<span class="highlight">([^<]*)<\/span>/g, `${OPEN}$1${CLOSE}`);
  const chars = [...messageLine(marked)];
  // Positions in code points, markers removed.
  const plain: string[] = [];
  const spans: [number, number][] = [];
  let start = -1;
  for (const c of chars) {
    if (c === OPEN) start = plain.length;
    else if (c === CLOSE) {
      if (start >= 0 && plain.length > start) spans.push([start, plain.length]);
      start = -1;
    } else plain.push(c);
  }
  let from = 0;
  const first = spans[0];
  if (plain.length > max && first && first[1] > max - 1)
    from = Math.max(0, Math.min(first[0] - LEAD, plain.length - (max - 1)));
  const head = from > 0 ? '…' : '';
  const room = max - head.length;
  const cut = plain.length - from > room;
  const shown = plain.slice(from, from + (cut ? room - 1 : room));
  const text = head + shown.join('') + (cut ? '…' : '');
  // Code points → UTF-16 offsets in `text`.
  const offset = (cp: number): number => head.length + shown.slice(0, cp).join('').length;
  const ranges: Range[] = [];
  for (const [a, b] of spans) {
    const s = Math.max(a - from, 0);
    const e = Math.min(b - from, shown.length);
    if (e > s) ranges.push([offset(s), offset(e)]);
  }
  return { text, ranges };
}
