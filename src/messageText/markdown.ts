/**
 * Rendered message HTML as Markdown for VS Code's renderer (hovers, comment threads): emphasis,
 * code, quotes, lists and links kept; everything else as escaped text, so nothing in a message is
 * read as Markdown or HTML it did not mean.
 */
import { hasClass, textContent, type HtmlElement, type HtmlNode } from './html';
import { atomText, BLOCKS, isHidden } from './parts';

export interface MarkdownOptions {
  /** What relative links resolve against (the organisation's URL); without it they stay text. */
  readonly baseUrl?: string;
}

/**
 * Text with every character Markdown could read as markup escaped (`#` only counts at a line's start: see `paragraph`).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~&]/g, '\\$&');
}

/** `code` as a code span, fenced with more backticks than it contains. */
export function codeSpan(code: string): string {
  const text = code.replace(/\n/g, ' ');
  if (text === '') return '';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** An http(s) or mailto URL for a link, absolute; undefined for anything else. */
function linkTarget(href: string | undefined, options: MarkdownOptions): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, options.baseUrl);
    if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) return undefined;
    return url.href.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  } catch {
    return undefined;
  }
}

function wrap(marker: string, inner: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  return m[2] === '' ? inner : `${m[1]}${marker}${m[2]}${marker}${m[3]}`;
}

const MENTIONS = ['user-mention', 'user-group-mention', 'topic-mention'];

function inline(nodes: readonly HtmlNode[], options: MarkdownOptions): string {
  return nodes.map((n) => inlineNode(n, options)).join('');
}

function inlineNode(node: HtmlNode, options: MarkdownOptions): string {
  if (node.kind === 'text') return escapeMarkdown(node.text.replace(/\s+/g, ' '));
  const e = node;
  if (isHidden(e, { spoilers: true })) return '';
  const atom = atomText(e);
  if (atom) return atom.code ? codeSpan(atom.text) : escapeMarkdown(atom.text);
  switch (e.tag) {
    case 'code':
      return codeSpan(textContent(e));
    case 'br':
      return '\\\n';
    case 'strong':
    case 'b':
      return wrap('**', inline(e.children, options));
    case 'em':
    case 'i':
      return wrap('*', inline(e.children, options));
    case 'del':
    case 's':
    case 'strike':
      return wrap('~~', inline(e.children, options));
    case 'a': {
      const label = inline(e.children, options).trim();
      const target = linkTarget(e.attrs.get('href'), options);
      return label === '' || target === undefined ? label : `[${label}](${target})`;
    }
  }
  if (e.tag === 'span' && MENTIONS.some((c) => hasClass(e, c))) return wrap('**', inline(e.children, options));
  const text = inline(e.children, options);
  return BLOCKS.has(e.tag) || e.tag === 'td' || e.tag === 'th' ? ` ${text} ` : text;
}

/** A paragraph of inline Markdown: spaces collapsed, no line starting as a list or a code block. */
function paragraph(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/ {2,}/g, ' ')
        .trim()
        .replace(/^([-+]|#+)(?=\s|$)/, '\\$1')
        .replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2'),
    )
    .join('\n')
    .trim();
}

function indent(text: string, first: string, rest: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? first : line === '' ? '' : rest) + line)
    .join('\n');
}

function blocks(nodes: readonly HtmlNode[], options: MarkdownOptions): string[] {
  const out: string[] = [];
  let run: HtmlNode[] = [];
  const flush = (): void => {
    const text = paragraph(inline(run, options));
    if (text !== '') out.push(text);
    run = [];
  };
  for (const n of nodes) {
    if (n.kind === 'element' && BLOCKS.has(n.tag)) {
      flush();
      out.push(...block(n, options));
    } else run.push(n);
  }
  flush();
  return out;
}

function block(e: HtmlElement, options: MarkdownOptions): string[] {
  if (isHidden(e, { spoilers: true })) return [];
  const inner = (): string => blocks(e.children, options).join('\n\n');
  switch (e.tag) {
    case 'pre': {
      const code = textContent(e).replace(/\n$/, '');
      const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((r) => r.length));
      const fence = '`'.repeat(longest + 1);
      return [`${fence}${(e.attrs.get('data-code-language') ?? '').replace(/[^\w+#.-]/g, '')}\n${code}\n${fence}`];
    }
    case 'div':
      if (hasClass(e, 'codehilite')) {
        const language = e.attrs.get('data-code-language');
        const pre = e.children.find((c): c is HtmlElement => c.kind === 'element' && c.tag === 'pre');
        if (pre)
          return block({ ...pre, attrs: new Map([...pre.attrs, ['data-code-language', language ?? '']]) }, options);
      }
      return blocks(e.children, options);
    case 'blockquote': {
      const text = inner();
      return text === ''
        ? []
        : [
            text
              .split('\n')
              .map((l) => (l === '' ? '>' : `> ${l}`))
              .join('\n'),
          ];
    }
    case 'ul':
    case 'ol': {
      let n = Number(e.attrs.get('start') ?? '1');
      if (!Number.isSafeInteger(n) || n < 0) n = 1;
      const items = e.children.filter((c): c is HtmlElement => c.kind === 'element' && c.tag === 'li');
      const list = items.map((li) => {
        const marker = e.tag === 'ol' ? `${n++}. ` : '- ';
        return indent(blocks(li.children, options).join('\n\n'), marker, ' '.repeat(marker.length));
      });
      return list.length === 0 ? [] : [list.join('\n')];
    }
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const text = paragraph(inline(e.children, options)).replace(/\n/g, ' ');
      return text === '' ? [] : [`${'#'.repeat(Number(e.tag[1]))} ${text}`];
    }
    case 'hr':
      return ['---'];
    case 'table':
    case 'thead':
    case 'tbody':
    case 'tfoot':
      return [table(e, options)].filter((t) => t !== '');
  }
  return blocks(e.children, options);
}

function table(e: HtmlElement, options: MarkdownOptions): string {
  const rows: HtmlElement[] = [];
  const collect = (n: HtmlElement): void => {
    for (const c of n.children) {
      if (c.kind !== 'element') continue;
      if (c.tag === 'tr') rows.push(c);
      else collect(c);
    }
  };
  collect(e);
  const cells = rows.map((tr) =>
    tr.children
      .filter((c): c is HtmlElement => c.kind === 'element' && (c.tag === 'td' || c.tag === 'th'))
      .map((c) => paragraph(inline(c.children, options)).replace(/\n/g, ' ')),
  );
  if (cells.length === 0) return '';
  const lines = cells.map((row) => `| ${row.join(' | ')} |`);
  lines.splice(1, 0, `|${' --- |'.repeat(cells[0]!.length)}`);
  return lines.join('\n');
}

/** The Markdown of `nodes`: blocks separated by blank lines. */
export function markdownOf(nodes: readonly HtmlNode[], options: MarkdownOptions): string {
  return blocks(nodes, options).join('\n\n');
}
