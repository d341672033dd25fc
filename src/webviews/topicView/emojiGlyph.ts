/** Unicode emoji from the server's markup (`<span class="emoji emoji-1f468-200d-1f4bb">`). Pure; used by the page. */
import { unicodeEmoji } from '../../views/presence/status';

/** The glyph of an `emoji emoji-<code points>` element's class; undefined when it has none. */
export function glyphOfEmojiClass(className: string): string | undefined {
  const code = /(?:^|\s)emoji-([0-9a-f]{1,6}(?:-[0-9a-f]{1,6})*)(?:\s|$)/i.exec(className);
  return code ? unicodeEmoji(code[1]!) : undefined;
}
