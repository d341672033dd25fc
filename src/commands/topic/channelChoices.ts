/**
 * The rows of a channel quick pick, without vscode so they can be unit-tested: which channels
 * appear (to read, all, archived ones too; to post, only those the user may post in, never an
 * archived one, like Zulip's compose box) and their descriptions as plain text rather than Markdown.
 */
import * as l10n from '@vscode/l10n';
import type { ChatStore } from '../../store';
import type { RealmState } from '../../store/realm';
import { messageLine } from '../../messageText';
import { compareNames } from '../../store/keys';

/** What the pick is for: `post` (send, share, schedule, move into) or `view` (open, search). */
export type ChannelPurpose = 'post' | 'view';

export interface ChannelChoice {
  readonly label: string;
  readonly description: string;
  readonly streamId: number;
}

/**
 * Plain Markdown made readable when a server sends no `rendered_description`: links, emphasis and code marks dropped.
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?!\s)([^*]+?)\*(?![\w*])/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A channel's description as one line of plain text. */
export function descriptionText(channel: { description?: string; rendered_description?: unknown }): string {
  if (typeof channel.rendered_description === 'string' && channel.rendered_description !== '')
    return messageLine(channel.rendered_description);
  return markdownToText(channel.description ?? '');
}

/**
 * The channels of `subs` a pick offers: to `view`, all (archived ones are read-only, still read);
 * to `post`, never an archived one nor one the user may not post in (judged by `realm`; without
 * one, e.g. no live session, the server has the last word).
 */
export function offeredChannels<T extends { is_archived?: boolean; [key: string]: unknown }>(
  subs: readonly T[],
  purpose: ChannelPurpose,
  realm: Pick<RealmState, 'canPostToChannel'> | undefined,
): T[] {
  return subs.filter(
    (s) => purpose === 'view' || (s.is_archived !== true && (realm === undefined || realm.canPostToChannel(s))),
  );
}

/** The subscribed channels a pick offers (`offeredChannels`), by name, descriptions as plain text. */
export function channelChoices(store: ChatStore, purpose: ChannelPurpose): ChannelChoice[] {
  return offeredChannels(store.subscriptions(), purpose, store.realm)
    .sort((a, b) => compareNames(a.name, b.name))
    .map((s) => ({ label: `#${s.name}`, description: descriptionText(s), streamId: s.stream_id }));
}

/** `suggested` first (marked "suggested"), the others in their order. */
export function suggestFirst<T extends { streamId: number; detail?: string }>(
  items: readonly T[],
  suggested: number | undefined,
): T[] {
  const first = items.find((i) => i.streamId === suggested);
  return first
    ? [{ ...first, detail: l10n.t('Suggested for this repository') }, ...items.filter((i) => i !== first)]
    : [...items];
}

/** The channel the mapping names for `repository`, if the user is subscribed to it. */
export function suggestedChannel(
  mapping: Readonly<Record<string, unknown>>,
  repository: string | undefined,
  store: Pick<ChatStore, 'subscriptions'>,
): number | undefined {
  const name = repository === undefined ? undefined : mapping[repository];
  if (typeof name !== 'string') return undefined;
  const wanted = name.replace(/^#/, '').toLowerCase();
  return store.subscriptions().find((s) => s.name.toLowerCase() === wanted)?.stream_id;
}
