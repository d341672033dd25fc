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

/** Classes the renderer uses (mentions, code highlighting, emoji, spoilers, inline images). */
const ALLOWED_CLASSES = [
  'highlight', 'user-mention', 'user-group-mention', 'silent', 'topic-mention', 'channel-wildcard-mention',
  'stream', 'stream-topic', 'codehilite', 'emoji', 'emoji-*', 'message_inline_image', 'message_inline_ref',
  'spoiler-block', 'spoiler-header', 'spoiler-content', 'katex', 'tex-error', 'rendered_markdown',
  // Pygments token classes inside `.codehilite`.
  'c', 'c1', 'cm', 'k', 'kd', 'kn', 'kt', 'n', 'na', 'nb', 'nc', 'nf', 'nt', 'nv', 'o', 'p', 's', 's1', 's2',
  'mi', 'mf', 'err', 'w', 'gp', 'go',
  ...KATEX_CLASSES,
];

const KATEX_TAG_SET = new Set(KATEX_TAGS);
/** Names MathML and SVG elements outside KaTeX's markup take: not allowed, so discarded. */
const DROPPED = 'x-dropped';
const UNWRAPPED = 'x-unwrapped';

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
  /** Per open element: whether it is inside (or is) a `.katex` element. */
  const katexDepth: boolean[] = [];
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      ...KATEX_ATTRIBUTES,
      a: ['href', 'title', 'data-stream-id'],
      img: ['src', 'alt', 'title', ...(options.deferImages ? ['data-src'] : [])],
      time: ['datetime'],
      span: ['data-user-id', 'title', 'role', 'aria-label', 'aria-hidden', 'data-style'],
      div: ['aria-hidden'],
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
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'embed', 'select', DROPPED, 'xmp', 'noembed', 'noframes'],
    // KaTeX positions its glyphs with inline styles: kept (as `data-style`) only inside a `.katex` element.
    onOpenTag: (_tag, attribs) => {
      katexDepth.push(katexDepth[katexDepth.length - 1] === true || /(?:^|\s)katex(?:\s|$)/.test(attribs.class ?? ''));
    },
    onCloseTag: () => {
      katexDepth.pop();
    },
    transformTags: {
      a: rewriteUrl('href', realmUrl),
      img: rewriteUrl('src', realmUrl, options.deferImages),
      '*': (tagName, attribs) => {
        const inKatex = katexDepth[katexDepth.length - 1] === true;
        // MathML and SVG only as KaTeX writes them: elsewhere dropped (math and svg with their content).
        if (!inKatex && KATEX_TAG_SET.has(tagName)) return { tagName: tagName === 'math' || tagName === 'svg' ? DROPPED : UNWRAPPED, attribs: {} };
        const { style, 'data-style': _given, ...rest } = attribs;
        const kept = style !== undefined && inKatex ? katexStyle(style) : undefined;
        return { tagName, attribs: kept === undefined ? rest : { ...rest, 'data-style': kept } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src && !frame.attribs['data-src'],
  });
}

/** Escapes text for HTML (the host builds a few fragments itself). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
