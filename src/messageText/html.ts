/**
 * A small, forgiving HTML reader for the server's rendered messages, without a DOM (the extension
 * host has none): elements, attributes and text, entities decoded. It is only ever used to make
 * text (./plain.ts, ./markdown.ts), never to produce HTML, so it need not agree with a browser on
 * hostile markup: what it reads ends up as text or escaped Markdown.
 */

export interface HtmlElement {
  readonly kind: 'element';
  readonly tag: string;
  readonly attrs: ReadonlyMap<string, string>;
  readonly children: HtmlNode[];
}
export interface HtmlText {
  readonly kind: 'text';
  readonly text: string;
}
export type HtmlNode = HtmlElement | HtmlText;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is not markup: skipped to their end tag. */
const RAW = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'template',
]);

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  times: '×',
  divide: '÷',
  deg: '°',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  para: '¶',
  sect: '§',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  le: '≤',
  ge: '≥',
  ne: '≠',
};

/** Text with its character references decoded (unknown ones, and invalid code points, stay as written). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function attributesOf(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;

/** The nodes of `html`. Unclosed elements end with their parent; stray end tags are ignored. */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { kind: 'element', tag: '#root', attrs: new Map(), children: [] };
  const stack: HtmlElement[] = [root];
  const top = (): HtmlElement => stack[stack.length - 1]!;
  const text = (t: string): void => {
    if (t !== '') top().children.push({ kind: 'text', text: decodeEntities(t) });
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      text(html.slice(i));
      break;
    }
    text(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(html);
    if (!m) {
      text('<');
      i = lt + 1;
      continue;
    }
    i = TAG.lastIndex;
    const tag = m[2]!.toLowerCase();
    if (m[1] === '/') {
      let at = stack.length - 1;
      while (at > 0 && stack[at]!.tag !== tag) at--;
      if (at > 0) stack.length = at;
      continue;
    }
    const element: HtmlElement = { kind: 'element', tag, attrs: attributesOf(m[3]!), children: [] };
    top().children.push(element);
    if (RAW.has(tag)) {
      const close = new RegExp(`</${tag}\\s*>`, 'ig');
      close.lastIndex = i;
      const end = close.exec(html);
      i = end ? close.lastIndex : html.length;
      continue;
    }
    if (!VOID.has(tag) && !/\/\s*$/.test(m[3]!)) stack.push(element);
  }
  return root.children;
}

/** The classes of an element. */
export function classesOf(e: HtmlElement): string[] {
  return (e.attrs.get('class') ?? '').split(/\s+/).filter((c) => c !== '');
}

export function hasClass(e: HtmlElement, name: string): boolean {
  return classesOf(e).includes(name);
}

/** The text under `node`, as written (no layout). */
export function textContent(node: HtmlNode): string {
  return node.kind === 'text' ? node.text : node.children.map(textContent).join('');
}

/** The first element under `nodes` (depth first) that `test` accepts. */
export function findElement(nodes: readonly HtmlNode[], test: (e: HtmlElement) => boolean): HtmlElement | undefined {
  for (const n of nodes) {
    if (n.kind !== 'element') continue;
    if (test(n)) return n;
    const found = findElement(n.children, test);
    if (found) return found;
  }
  return undefined;
}
