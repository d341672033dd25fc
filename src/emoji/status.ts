/** A user's status as text: its emoji (a glyph, or `:name:` for a custom one) and its words. Pure. */
import { shortcode, unicodeEmoji } from './glyph';

/** The status fields shown (a `UserStatus`, or a choice about to be sent). */
export interface StatusLike {
  status_text?: string | null;
  emoji_name?: string | null;
  emoji_code?: string | null;
  reaction_type?: string | null;
}

/** The emoji of a status as text: unicode emoji as characters, others as `:name:`. */
export function statusEmoji(status: StatusLike | undefined): string | undefined {
  if (!status?.emoji_name) return undefined;
  if (status.reaction_type === 'unicode_emoji' || (!status.reaction_type && status.emoji_code)) {
    const chars = unicodeEmoji(status.emoji_code ?? '');
    if (chars) return chars;
  }
  return shortcode(status.emoji_name);
}

/** "📅 In a meeting", or just one part, or "". */
export function statusLabel(status: StatusLike | undefined): string {
  return [statusEmoji(status), status?.status_text].filter((s) => !!s).join(' ');
}
