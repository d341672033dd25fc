/**
 * Server HTML (message content, rendered profile fields, descriptions) is user-generated: it is
 * sanitised here, in the extension host, before any of it is posted to a webview. The CSP is the
 * second line of defence, not the first.
 */
import sanitizeHtml from 'sanitize-html';
import { KATEX_ATTRIBUTES, KATEX_CLASSES, KATEX_TAGS } from './sanitizeKatex';

/** Tags the server's Markdown renderer produces that are safe to show. */
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'del', 's', 'u', 'sub', 'sup',
  'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'time',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ...KATEX_TAGS,
];

/** Pygments' token classes (inside `.codehilite`), as media/content.css colours them. */
export const PYGMENTS_CLASSES = [
  'c', 'c1', 'ch', 'cm', 'cp', 'cpf', 'cs', 'k', 'kc', 'kd', 'kn', 'kp', 'kr', 'kt', 'n', 'na', 'nb', 'bp', 'nc', 'nd',
  'ne', 'nf', 'fm', 'ni', 'nl', 'nn', 'no', 'nt', 'nv', 'nx', 'py', 'vc', 'vg', 'vi', 'o', 'ow', 'p', 's', 's1', 's2',
  'sa', 'sb', 'sc', 'sd', 'se', 'sh', 'si', 'sr', 'ss', 'sx', 'dl', 'm', 'mb', 'mf', 'mh', 'mi', 'il', 'mo', 'err',
  'w', 'gd', 'gi', 'ge', 'gs', 'gh', 'gu', 'gp', 'go', 'gr', 'gt',
];

/** Classes the renderer uses (mentions, code highlighting, emoji, spoilers, inline images). */
const ALLOWED_CLASSES = [
  'highlight', 'user-mention', 'user-group-mention', 'silent', 'topic-mention', 'channel-wildcard-mention',
  'stream', 'stream-topic', 'codehilite', 'emoji', 'emoji-*', 'message_inline_image', 'message_inline_ref',
  'spoiler-block', 'spoiler-header', 'spoiler-content', 'katex', 'tex-error', 'rendered_markdown',
  // Pygments token classes inside `.codehilite`.
  ...PYGMENTS_CLASSES,
  ...KATEX_CLASSES,
];

const KATEX_TAG_SET = new Set(KATEX_TAGS);
const SVG_TAGS = new Set(['svg', 'path', 'line']);
/** What happens to an element out of KaTeX's places: removed with its content, or its tag alone. */
const DROPPED = 'drop';
const UNWRAPPED = 'unwrap';

/**
 * Where an element is, for KaTeX's markup: inside a `.katex` element, inside its `.katex-mathml`
 * part, inside a `<math>`, inside an `<svg>` (the element itself included).
 */
interface Place {
  readonly katex: boolean;
  readonly mathmlPart: boolean;
  readonly math: boolean;
  readonly svg: boolean;
}
const OUTSIDE: Place = { katex: false, mathmlPart: false, math: false, svg: false };

function placeOf(tag: string, className: string, parent: Place): Place {
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
function katexPlacement(tag: string, place: Place): string | typeof DROPPED | typeof UNWRAPPED {
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
  ...['height', 'vertical-align', 'top', 'bottom', 'left', 'right', 'width', 'min-width', 'margin-left', 'margin-right',
    'padding-left', 'border-width', 'border-bottom-width', 'border-top-width', 'border-right-width'].map((p) => [p, [LENGTH]]),
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

function rewriteUrl(attribute: 'href' | 'src', realmUrl: string, deferImages = false): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const out: sanitizeHtml.Attributes = { ...attribs };
    delete out['data-src'];
    const raw = attribs[attribute];
    if (raw !== undefined) {
      const url = safeUrl(raw, realmUrl);
      if (url === undefined || (attribute === 'src' && url.startsWith('mailto:'))) delete out[attribute];
      else out[attribute] = url;
    }
    if (deferImages && out.src !== undefined) {
      out['data-src'] = out.src;
      delete out.src;
    }
    return { tagName, attribs: out };
  };
}

export interface SanitizeOptions {
  /**
   * Images keep their URL in `data-src`, not `src`: the page loads them through the host (with
   * the account's credentials) instead of from the network.
   */
  readonly deferImages?: boolean;
}

/** Sanitises server HTML for a webview; relative links and images point at `realmUrl`. */
export function sanitizeServerHtml(html: string, realmUrl: string, options: SanitizeOptions = {}): string {
  /** Per open element: where it is (see {@link Place}). */
  const places: Place[] = [];
  /** Elements (by their attributes object) removed at their end: with their content, or the tag alone. */
  const removed = new WeakMap<object, typeof DROPPED | typeof UNWRAPPED>();
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      ...KATEX_ATTRIBUTES,
      a: ['href', 'title', 'data-stream-id'],
      img: ['src', 'alt', 'title', ...(options.deferImages ? ['data-src'] : [])],
      time: ['datetime'],
      span: ['data-user-id', 'title', 'role', 'aria-label', 'aria-hidden', 'data-style'],
      div: ['aria-hidden', 'data-code-language'],
      ol: ['start'],
      th: ['align'],
      td: ['align'],
    },
    allowedClasses: { '*': ALLOWED_CLASSES },
    allowedStyles: {},
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowVulnerableTags: false,
    disallowedTagsMode: 'discard',
    // Dropped with their content, not just their tags.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'embed', 'select', 'xmp', 'noembed', 'noframes'],
    // KaTeX positions its glyphs with inline styles: kept (as `data-style`) only inside a `.katex` element.
    onOpenTag: (tag, attribs) => {
      places.push(placeOf(tag, attribs.class ?? '', places[places.length - 1] ?? OUTSIDE));
    },
    onCloseTag: () => {
      places.pop();
    },
    transformTags: {
      a: rewriteUrl('href', realmUrl),
      img: rewriteUrl('src', realmUrl, options.deferImages),
      '*': (tagName, attribs) => {
        const place = places[places.length - 1] ?? OUTSIDE;
        const placed = katexPlacement(tagName, place);
        if (placed !== tagName) {
          // Not renamed (sanitize-html would then close the next sibling with the new name): marked.
          const marked = {};
          removed.set(marked, placed === DROPPED ? DROPPED : UNWRAPPED);
          return { tagName, attribs: marked };
        }
        const { style, 'data-style': _given, ...rest } = attribs;
        const kept = style !== undefined && place.katex ? katexStyle(style) : undefined;
        return { tagName, attribs: kept === undefined ? rest : { ...rest, 'data-style': kept } };
      },
    },
    exclusiveFilter: (frame) => {
      const remove = removed.get(frame.attribs);
      if (remove !== undefined) return remove === DROPPED ? true : 'excludeTag';
      return frame.tag === 'img' && !frame.attribs.src && !frame.attribs['data-src'];
    },
  });
}

/** Escapes text for HTML (the host builds a few fragments itself). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
