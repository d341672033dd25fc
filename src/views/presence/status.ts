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

/** `1f468-200d-1f4bb` → the characters; undefined for anything that is not hex code points. */
export function unicodeEmoji(code: string): string | undefined {
  if (!/^[0-9a-f]{1,6}(-[0-9a-f]{1,6})*$/i.test(code)) return undefined;
  try {
    return String.fromCodePoint(...code.split('-').map((h) => parseInt(h, 16)));
  } catch {
    return undefined;
  }
}

/** The code of a unicode emoji as the server writes it: hex code points joined by `-`. */
export function emojiCode(chars: string): string {
  return [...chars].map((c) => c.codePointAt(0)!.toString(16)).join('-');
}

/** "📅 In a meeting", or just one part, or "". */
export function statusLabel(status: StatusLike | undefined): string {
  return [statusEmoji(status), status?.status_text].filter((s) => !!s).join(' ');
}
