/**
 * The two unread numbers the extension shows, and the words that say what each counts (issue 25,
 * "counts that agree"). No `vscode` import: unit tests build them from a real store.
 *
 * - All unread: what the Inbox lists (every unread direct message, and the unread messages of
 *   subscribed channels, muted channels and topics left out as Zulip's inbox leaves them out). The
 *   status bar shows it, and so does the activity-bar badge with `teamChat.badge.counts: allUnreads`.
 * - Direct messages and mentions: the activity-bar badge by default (as the mobile apps' badge).
 *
 * Each place names its number and, when the other differs, says it too, so "7" beside "15" reads
 * as two different things, not as a contradiction.
 */
import * as l10n from '@vscode/l10n';
import type { ChatStore } from '../store';

export interface UnreadCounts {
  /** Unread messages as the Inbox lists them (the sum of its rows). */
  readonly all: number;
  /** Unread direct messages plus unread mentions in channels, each message once. */
  readonly dmsAndMentions: number;
}

export type BadgeCounts = 'dmsAndMentions' | 'allUnreads';

export function unreadCounts(store: ChatStore): UnreadCounts {
  return { all: store.totalUnread(), dmsAndMentions: store.unreads.dmsAndMentions };
}

/** "N unread messages (in the Inbox)". */
function allText(n: number): string {
  return n === 1 ? l10n.t('1 unread message in the Inbox') : l10n.t('{0} unread messages in the Inbox', n);
}

function dmsAndMentionsText(n: number): string {
  return n === 1 ? l10n.t('1 unread direct message or mention') : l10n.t('{0} unread direct messages and mentions', n);
}

/** The activity-bar badge: its number and a tooltip that names it (and the Inbox's number when it differs). */
export function badgeOf(counts: UnreadCounts, mode: BadgeCounts): { value: number; tooltip: string } | undefined {
  const value = mode === 'allUnreads' ? counts.all : counts.dmsAndMentions;
  if (value <= 0) return undefined;
  if (mode === 'allUnreads') return { value, tooltip: allText(value) };
  const tooltip =
    counts.all === value
      ? dmsAndMentionsText(value)
      : l10n.t('{0} ({1})', dmsAndMentionsText(value), allText(counts.all));
  return { value, tooltip };
}

/**
 * The status bar's count: the Inbox's number with its word (" · 15 unread"; nothing when none), and
 * the tooltip's lines: what it counts, and what the badge counts when that is another number.
 */
export function statusBarCount(counts: UnreadCounts, mode: BadgeCounts): { text: string; tooltip: string } {
  const text = counts.all > 0 ? ` · ${l10n.t('{0} unread', counts.all)}` : '';
  const lines = [allText(counts.all)];
  const badge = badgeOf(counts, mode);
  if (badge && badge.value !== counts.all) {
    lines.push(
      badge.value === 1
        ? l10n.t('The activity bar badge counts 1 direct message or mention.')
        : l10n.t('The activity bar badge counts {0} direct messages and mentions.', badge.value),
    );
  }
  return { text, tooltip: lines.join('\n') };
}
