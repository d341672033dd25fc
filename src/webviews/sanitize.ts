/**
 * The policy for server HTML (message content, rendered profile fields, descriptions), which is
 * user-generated: what may be shown of it. The pages apply it with DOMPurify, on the browser's own
 * parser, before inserting anything (src/webviews/page/sanitize.ts); the CSP is the second line of
 * defence. Plain functions and tables, no DOM and no Node: the host uses the URL checks too.
 */
import { HEADING_TAGS } from '../messageText/tags';
import { KATEX_ATTRIBUTES, KATEX_CLASSES, KATEX_TAGS } from './sanitizeKatex';

/** Tags the server's Markdown renderer produces that are safe to show. */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'u',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'time',
  ...HEADING_TAGS,
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  ...KATEX_TAGS,
];

/** Pygments' token classes (inside `.codehilite`), as media/content.css colours them. */
export const PYGMENTS_CLASSES = [
  'c',
  'c1',
  'ch',
  'cm',
  'cp',
  'cpf',
  'cs',
  'k',
  'kc',
  'kd',
  'kn',
  'kp',
  'kr',
  'kt',
  'n',
  'na',
  'nb',
  'bp',
  'nc',
  'nd',
  'ne',
  'nf',
  'fm',
  'ni',
  'nl',
  'nn',
  'no',
  'nt',
  'nv',
  'nx',
  'py',
  'vc',
  'vg',
  'vi',
  'o',
  'ow',
  'p',
  's',
  's1',
  's2',
  'sa',
  'sb',
  'sc',
  'sd',
  'se',
  'sh',
  'si',
  'sr',
  'ss',
  'sx',
  'dl',
  'm',
  'mb',
  'mf',
  'mh',
  'mi',
  'il',
  'mo',
  'err',
  'w',
  'gd',
  'gi',
  'ge',
  'gs',
  'gh',
  'gu',
  'gp',
  'go',
  'gr',
  'gt',
];

/** Classes the renderer uses (mentions, code highlighting, emoji, spoilers, inline images); `*` matches any suffix. */
export const ALLOWED_CLASSES = [
  'highlight',
  'user-mention',
  'user-group-mention',
  'silent',
  'topic-mention',
  'channel-wildcard-mention',
  'stream',
  'stream-topic',
  'codehilite',
  'emoji',
  'emoji-*',
  'message_inline_image',
  'message_inline_ref',
  'spoiler-block',
  'spoiler-header',
  'spoiler-content',
  'katex',
  'tex-error',
  'rendered_markdown',
  // Pygments token classes inside `.codehilite`.
  ...PYGMENTS_CLASSES,
  ...KATEX_CLASSES,
];

const ALLOWED_CLASS = new RegExp(
  `^(?:${ALLOWED_CLASSES.map((c) => c.replace(/[.+?^${}()|[\]\\-]/g, '\\$&').replace(/\*/g, '.*')).join('|')})$`,
);

/** The classes of a `class` attribute that the policy keeps (space-separated; empty: none). */
export function allowedClasses(value: string): string {
  return value
    .split(/[\t\n\f\r ]+/)
    .filter((c) => c !== '' && ALLOWED_CLASS.test(c))
    .join(' ');
}

/** Attributes per tag (besides `class`, filtered by {@link allowedClasses}, on any tag). */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  ...KATEX_ATTRIBUTES,
  a: ['href', 'title', 'data-stream-id'],
  img: ['src', 'alt', 'title'],
  time: ['datetime'],
  span: ['data-user-id', 'title', 'role', 'aria-label', 'aria-hidden'],
  div: ['aria-hidden', 'data-code-language'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
};

/**
 * Elements dropped with their content when met (not allowed, and their text is no content):
 * scripts, styles, frames, form controls, templates.
 */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'title',
  'template',
  'iframe',
  'object',
  'embed',
  'select',
  'xmp',
  'noembed',
  'noframes',
  'annotation-xml',
  'foreignobject',
  'desc',
  'mglyph',
  'malignmark',
];

const KATEX_TAG_SET = new Set(KATEX_TAGS);
const SVG_TAGS = new Set(['svg', 'path', 'line']);
/** What happens to an element out of KaTeX's places: removed with its content, or its tag alone. */
export const DROPPED = 'drop';
export const UNWRAPPED = 'unwrap';

/**
 * Where an element is, for KaTeX's markup: inside a `.katex` element, inside its `.katex-mathml`
 * part, inside a `<math>`, inside an `<svg>` (the element itself included).
 */
export interface Place {
  readonly katex: boolean;
  readonly mathmlPart: boolean;
  readonly math: boolean;
  readonly svg: boolean;
}
export const OUTSIDE: Place = { katex: false, mathmlPart: false, math: false, svg: false };

export function placeOf(tag: string, className: string, parent: Place): Place {
  const katex = parent.katex || /(?:^|\s)katex(?:\s|$)/.test(className);
  return {
    katex,
    mathmlPart: parent.mathmlPart || (katex && /(?:^|\s)katex-mathml(?:\s|$)/.test(className)),
    math: parent.math || tag === 'math',
    svg: parent.svg || tag === 'svg',
  };
}

/**
 * The tag an element keeps, given where it is: MathML and SVG only where KaTeX writes them (a
 * `<math>` in `.katex-mathml`, MathML inside it, an `<svg>` elsewhere in `.katex`); nothing but
 * MathML inside `<math>` and nothing but SVG inside `<svg>` (no namespace confusion). Otherwise
 * {@link DROPPED} (removed with its content) or {@link UNWRAPPED} (the tag removed, its content kept).
 */
export function katexPlacement(tag: string, place: Place): string | typeof DROPPED | typeof UNWRAPPED {
  const mathml = KATEX_TAG_SET.has(tag) && !SVG_TAGS.has(tag);
  if (tag === 'math') return place.mathmlPart && !place.svg ? tag : DROPPED;
  if (tag === 'svg') return place.katex && !place.math ? tag : DROPPED;
  if (SVG_TAGS.has(tag)) return place.svg ? tag : UNWRAPPED;
  if (mathml) return place.math ? tag : UNWRAPPED;
  return place.math || place.svg ? DROPPED : tag;
}

/** Length values KaTeX writes in `style` (`-0.25em`, `100%`). */
const LENGTH = /^-?(?:\d{1,3}(?:\.\d+)?|\.\d+)(?:em|%)$/;
const COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]{3,20})$/i;

/**
 * The declarations KaTeX's HTML uses, values restricted to lengths and colours; kept only inside a
 * `.katex` element, dropped anywhere else (see {@link katexStyle}).
 */
const KATEX_STYLES: Record<string, RegExp[]> = Object.fromEntries([
  ...[
    'height',
    'vertical-align',
    'top',
    'bottom',
    'left',
    'right',
    'width',
    'min-width',
    'margin-left',
    'margin-right',
    'padding-left',
    'border-width',
    'border-bottom-width',
    'border-top-width',
    'border-right-width',
  ].map((p) => [p, [LENGTH]]),
  ['position', [/^relative$/]],
  ['border-style', [/^solid$/]],
  ['color', [COLOR]],
  ['background-color', [COLOR]],
]);

/**
 * The declarations of a `style` that KaTeX needs, or undefined. The page's CSP refuses style
 * attributes: what is kept goes to `data-style`, and the page applies it through the CSSOM.
 */
export function katexStyle(style: string): string | undefined {
  const kept = style.split(';').flatMap((declaration) => {
    const colon = declaration.indexOf(':');
    if (colon < 0) return [];
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const allowed = Object.hasOwn(KATEX_STYLES, property) ? KATEX_STYLES[property]! : [];
    return allowed.some((re) => re.test(value)) ? [`${property}:${value}`] : [];
  });
  return kept.length > 0 ? kept.join(';') : undefined;
}

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The absolute URL for a link or image, or undefined to drop it. Relative URLs (`/user_uploads/…`,
 * `#narrow/…`) resolve against the realm; anything not http(s)/mailto after decoding is refused.
 */
export function safeUrl(raw: string, realmUrl: string): string | undefined {
  // The parser has decoded entities already; strip the control characters and whitespace
  // browsers ignore inside a scheme (`java\tscript:`).
  const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value === '' || value.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(value, realmUrl.replace(/\/*$/, '/'));
  } catch {
    return undefined;
  }
  return ALLOWED_SCHEMES.has(url.protocol) ? url.href : undefined;
}

export interface SanitizeOptions {
  /**
   * Images keep their URL in `data-src`, not `src`: the page loads them through the host (with
   * the account's credentials) instead of from the network.
   */
  readonly deferImages?: boolean;
}

/** Escapes text for HTML (the host builds a few fragments itself). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
