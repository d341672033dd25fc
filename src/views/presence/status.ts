import { unicodeEmoji } from '../../emoji/glyph';

/** The status fields shown (a `UserStatus`, or a choice about to be sent). */
export interface StatusLike {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/** The emoji of a status as text: unicode emoji as characters, others as `:name:`. */
export function statusEmoji(status: StatusLike | undefined): string | undefined {
  if (!status?.emoji_name) return undefined;
  if (status.reaction_type === 'unicode_emoji' || (status.reaction_type === undefined && status.emoji_code)) {
    const chars = unicodeEmoji(status.emoji_code ?? '');
    if (chars) return chars;
  }
  return `:${status.emoji_name}:`;
}

/** "📅 In a meeting", or just one part, or "". */
export function statusLabel(status: StatusLike | undefined): string {
  return [statusEmoji(status), status?.status_text].filter((s) => !!s).join(' ');
}
