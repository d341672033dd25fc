/**
 * The rows of the Mentions and Starred trees: "sender — excerpt", the conversation as the
 * description, and where a click goes (the conversation, scrolled to the message). No `vscode`.
 */
import * as l10n from '@vscode/l10n';
import type { Message } from '../../api/messages/models';

export interface MessageRowContext {
  readonly ownUserId: number;
  userName(userId: number): string | undefined;
  channelName(streamId: number): string | undefined;
  readonly emptyTopicName: string;
}

export type MessageTarget =
  | { readonly kind: 'topic'; readonly streamId: number; readonly topic: string }
  | { readonly kind: 'dm'; readonly userIds: readonly number[] };

export interface MessageRow {
  readonly id: number;
  readonly label: string;
  readonly description: string;
  readonly target: MessageTarget;
  readonly unread: boolean;
  readonly starred: boolean;
}

/** How many characters of a message the row shows. */
export const EXCERPT_LENGTH = 80;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** The text of rendered message HTML on one line (tags dropped, entities decoded), cut to `max` characters. */
export function excerptOf(html: string, max = EXCERPT_LENGTH): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#?\w+);/g, (all, name: string) => ENTITIES[name] ?? (/^#\d+$/.test(name) ? String.fromCodePoint(Number(name.slice(1))) : all))
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

export function messageRow(m: Message, ctx: MessageRowContext): MessageRow {
  const sender = m.sender_id === ctx.ownUserId ? l10n.t('You') : (ctx.userName(m.sender_id) ?? m.sender_full_name);
  let target: MessageTarget;
  let description: string;
  if (m.type === 'stream' && m.stream_id !== undefined) {
    const channel = ctx.channelName(m.stream_id) ?? (typeof m.display_recipient === 'string' ? m.display_recipient : l10n.t('channel {0}', m.stream_id));
    target = { kind: 'topic', streamId: m.stream_id, topic: m.subject };
    description = `#${channel} › ${m.subject === '' ? ctx.emptyTopicName : m.subject}`;
  } else {
    const recipients = Array.isArray(m.display_recipient) ? m.display_recipient : [];
    const others = recipients.filter((r) => r.id !== ctx.ownUserId);
    target = { kind: 'dm', userIds: others.map((r) => r.id).sort((a, b) => a - b) };
    description = others.length === 0 ? l10n.t('Notes to self') : l10n.t('DM with {0}', others.map((r) => ctx.userName(r.id) ?? r.full_name).join(', '));
  }
  const flags = m.flags ?? [];
  return {
    id: m.id,
    label: `${sender} — ${excerptOf(m.content)}`,
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
