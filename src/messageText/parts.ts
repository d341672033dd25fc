/**
 * What an element of a rendered message is, for text: the parts both renderers (./plain.ts and
 * ./markdown.ts) treat alike — emoji, formulas, times, what is never text — and which elements
 * start a block.
 */
import { glyphOfEmojiClass } from '../emoji/glyph';
import { HEADING_TAGS } from './tags';
import { classesOf, findElement, hasClass, textContent, type HtmlElement } from './html';

export const BLOCKS = new Set<string>([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'blockquote',
  'pre',
  ...HEADING_TAGS,
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'hr',
  'details',
  'summary',
  'section',
  'article',
  'header',
  'footer',
  'figure',
  'dl',
  'dt',
  'dd',
  'body',
  'html',
]);

/** Never text: hidden parts, previews of images and links (the message has the link itself), widgets' data. */
export function isHidden(e: HtmlElement, options: { spoilers: boolean }): boolean {
  if (e.tag === 'head' || e.tag === 'frameset' || e.tag === 'frame') return true;
  const classes = classesOf(e);
  if (classes.includes('spoiler-content')) return !options.spoilers;
  if (
    classes.some(
      (c) => c === 'message_inline_image' || c === 'message_embed' || c === 'katex-html' || c === 'message_inline_ref',
    )
  )
    return true;
  return e.attrs.get('aria-hidden') === 'true';
}

/**
 * The text an element stands for as a whole (its children are not read), or undefined:
 * unicode emoji as their glyph (from the class, the server's `:name:` otherwise), custom emoji
 * (images) by their alt text or name, a formula by its TeX, a time by its date.
 */
export function atomText(e: HtmlElement): { text: string; code?: boolean } | undefined {
  if (e.tag === 'span' && hasClass(e, 'emoji'))
    return { text: glyphOfEmojiClass(e.attrs.get('class') ?? '') ?? textContent(e) };
  if (e.tag === 'img') {
    const alt = e.attrs.get('alt');
    if (alt) return { text: alt };
    const title = e.attrs.get('title');
    return { text: hasClass(e, 'emoji') && title ? `:${title.replace(/\s+/g, '_')}:` : '' };
  }
  if (hasClass(e, 'katex')) {
    const tex = findElement(
      e.children,
      (a) => a.tag === 'annotation' && a.attrs.get('encoding') === 'application/x-tex',
    );
    if (tex) return { text: textContent(tex).trim(), code: true };
  }
  if (e.tag === 'time') {
    const when = e.attrs.get('datetime');
    if (when) return { text: when };
  }
  return undefined;
}
