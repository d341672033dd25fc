/**
 * Unicode emoji as the chat service writes them: hex code points joined by `-` (`1f468-200d-1f4bb`),
 * in `emoji_code` fields and in the class of the server's emoji spans
 * (`<span class="emoji emoji-1f44d">:+1:</span>`). Pure: the host and the pages use it.
 */

/** `1f468-200d-1f4bb` → the characters; undefined for anything that is not hex code points. */
export function unicodeEmoji(code: string): string | undefined {
  if (!/^[0-9a-f]{1,6}(-[0-9a-f]{1,6})*$/i.test(code)) return undefined;
  try {
    return String.fromCodePoint(...code.split('-').map((h) => parseInt(h, 16)));
  } catch {
    return undefined;
  }
}

/** The glyph of an `emoji emoji-<code points>` element's class; undefined when it has none. */
export function glyphOfEmojiClass(className: string): string | undefined {
  const code = /(?:^|\s)emoji-([0-9a-f]{1,6}(?:-[0-9a-f]{1,6})*)(?:\s|$)/i.exec(className);
  return code ? unicodeEmoji(code[1]!) : undefined;
}

/** The glyph of an emoji the server names by type and code (a reaction); undefined unless a unicode one. */
export function reactionGlyph(type: string, code: string): string | undefined {
  return type === 'unicode_emoji' ? unicodeEmoji(code) : undefined;
}

/** An emoji by name, as text shows it where no glyph stands for it (a custom emoji): `:name:`. */
export function shortcode(name: string): string {
  return `:${name}:`;
}
