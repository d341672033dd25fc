/**
 * Message text outside the pages: the server's rendered HTML as plain text (notifications, tree
 * rows and tooltips, quick picks, the code references found in messages) or as Markdown (hovers,
 * comment threads), the way the conversation view reads it — emoji as glyphs, code intact,
 * mentions and links readable, no spaces where markup was. No `vscode`, no DOM: the host has none.
 */
import { parseHtml, type HtmlNode } from './html';
import { markdownOf, type MarkdownOptions } from './markdown';
import { plainLines } from './plain';

export { escapeMarkdown, type MarkdownOptions } from './markdown';

/** The plain text of rendered HTML: one line per block, at most one empty line in a row. */
export function messageText(html: string): string {
  return plainLines(parseHtml(html))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The plain text on one line: blocks and lines joined by a space, spaces collapsed. */
export function messageLine(html: string): string {
  return plainLines(parseHtml(html)).join(' ').replace(/\s+/g, ' ').trim();
}

/** `text` cut to `max` characters (code points), the last one then "…". */
export function cutText(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, Math.max(0, max - 1)).join('')}…` : text;
}

/** {@link messageLine} cut to `max` characters. */
export function messagePreview(html: string, max: number): string {
  return cutText(messageLine(html), max);
}

/** Rendered HTML as Markdown (see ./markdown.ts). */
export function messageMarkdown(html: string, options: MarkdownOptions = {}): string {
  return markdownOf(parseHtml(html), options);
}

/** The targets of the links in rendered HTML, in order, as written (decoded). */
export function messageLinks(html: string): string[] {
  const found: string[] = [];
  const visit = (nodes: readonly HtmlNode[]): void => {
    for (const n of nodes) {
      if (n.kind !== 'element') continue;
      const href = n.attrs.get('href');
      if (n.tag === 'a' && href !== undefined) found.push(href);
      visit(n.children);
    }
  };
  visit(parseHtml(html));
  return found;
}
