/**
 * Server HTML into a page: sanitised here, in the webview, by DOMPurify on the browser's own parser
 * (so what is checked is exactly what is shown: no second parser to disagree with, the standard
 * defence against mutation XSS), with the policy of ../sanitize.ts. The host posts the server's
 * HTML as it came; nothing else in a page inserts HTML. The CSP is the second line of defence.
 *
 * Two passes, both in DOMPurify's inert document (nothing loads before the result is inserted):
 * DOMPurify with the allowed tags, per-tag attributes, classes and rewritten URLs (hooks); then
 * KaTeX's placement (MathML and SVG only where KaTeX writes them), its styles as `data-style`, and
 * deferred images. The second pass only removes, unwraps and sets checked values.
 */
import * as l10n from '@vscode/l10n';
import type { Config, DOMPurify, WindowLike } from 'dompurify';
import { messageText } from '../../messageText';
import { pagePurify } from './purifyGlobal';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  DROPPED,
  DROPPED_WITH_CONTENT,
  OUTSIDE,
  UNWRAPPED,
  allowedClasses,
  katexPlacement,
  katexStyle,
  placeOf,
  safeUrl,
  type Place,
  type SanitizeOptions,
} from '../sanitize';

/** Attributes only the sanitiser writes: never taken from the server. */
const OUTPUT_ONLY = new Set(['data-style', 'data-src']);
const PER_TAG = new Map(
  Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [
    tag,
    new Set(names.map((n) => n.toLowerCase()).filter((n) => !OUTPUT_ONLY.has(n))),
  ]),
);

export interface ServerHtmlSanitizer {
  /**
   * The sanitised nodes, in an inert document until inserted; relative links and images point at
   * `realmUrl`. Never throws: HTML the sanitiser cannot take (a `<frameset>` document, which has
   * no body to sanitise) gives {@link unrenderable}'s note with the HTML's plain text instead.
   */
  fragment(html: string, realmUrl: string, options?: SanitizeOptions): DocumentFragment;
  /** The same, serialised (tests; a page inserts the fragment, never a string). */
  html(html: string, realmUrl: string, options?: SanitizeOptions): string;
}

/**
 * A sanitiser on `win`'s DOM (the page's window; jsdom's in unit tests), with an instance of
 * `createDOMPurify` (the page's from the shared purify.js; the `dompurify` package in unit tests).
 */
export function createServerHtmlSanitizer(win: WindowLike, createDOMPurify: DOMPurify): ServerHtmlSanitizer {
  const purify = createDOMPurify(win);
  /** The realm of the call under way (hooks are per instance; sanitising is synchronous). */
  let realmUrl = '';
  const config: Config & { RETURN_DOM_FRAGMENT: true } = {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    // `style` is read by the second pass (KaTeX's, as data-style) and never kept as such.
    ALLOWED_ATTR: ['class', 'style', ...new Set([...PER_TAG.values()].flatMap((names) => [...names]))],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
    FORBID_CONTENTS: [...DROPPED_WITH_CONTENT, 'plaintext', 'head'],
    RETURN_DOM_FRAGMENT: true,
  };
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    const tag = node.nodeName.toLowerCase();
    const name = event.attrName;
    if (name === 'class') {
      event.attrValue = allowedClasses(event.attrValue);
      event.keepAttr = event.attrValue !== '';
    } else if (name !== 'style' && !PER_TAG.get(tag)?.has(name)) {
      event.keepAttr = false;
    } else if ((tag === 'a' && name === 'href') || (tag === 'img' && name === 'src')) {
      const url = safeUrl(event.attrValue, realmUrl);
      event.keepAttr = url !== undefined && !(name === 'src' && url.startsWith('mailto:'));
      if (url !== undefined) event.attrValue = url;
    }
  });

  function fragment(html: string, realm: string, options: SanitizeOptions = {}): DocumentFragment {
    realmUrl = realm;
    try {
      const out = purify.sanitize(html, config);
      place(out, OUTSIDE, options);
      return out;
    } catch {
      return unrenderable(win.document as unknown as Document, html);
    } finally {
      realmUrl = '';
    }
  }
  return {
    fragment,
    html(html, realm, options) {
      const out = fragment(html, realm, options);
      const container = out.ownerDocument.createElement('div');
      container.append(out);
      return container.innerHTML;
    },
  };
}

/**
 * What stands for server HTML that cannot be shown: a note saying so and the HTML's plain text
 * (src/messageText reads it without a DOM; it goes in as text, never as markup).
 */
export function unrenderable(doc: Document, html: string): DocumentFragment {
  const out = doc.createDocumentFragment();
  const box = doc.createElement('div');
  box.className = 'unrenderable';
  box.setAttribute('role', 'note');
  const notice = doc.createElement('p');
  notice.className = 'unrenderable-notice';
  notice.textContent = l10n.t('This message could not be displayed');
  box.append(notice);
  const text = messageText(html);
  if (text !== '') {
    const plain = doc.createElement('p');
    plain.className = 'unrenderable-text';
    plain.textContent = text;
    box.append(plain);
  }
  out.append(box);
  return out;
}

/** The second pass over `parent`'s children: KaTeX's placement and styles, images. */
function place(parent: ParentNode, parentPlace: Place, options: SanitizeOptions): void {
  for (const element of Array.from(parent.children)) {
    const tag = element.nodeName.toLowerCase();
    const here = placeOf(tag, element.getAttribute('class') ?? '', parentPlace);
    const placed = katexPlacement(tag, here);
    if (placed === DROPPED) {
      element.remove();
      continue;
    }
    place(element, here, options);
    if (placed === UNWRAPPED) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    styleToData(element, here);
    if (tag === 'img') {
      const src = element.getAttribute('src');
      if (src === null) element.remove();
      else if (options.deferImages) {
        element.removeAttribute('src');
        element.setAttribute('data-src', src);
      }
    }
  }
}

/**
 * KaTeX positions its glyphs with inline styles, which the CSP refuses: inside a `.katex` element
 * the declarations it needs go to `data-style` (in the style's place), which the page applies
 * through the CSSOM; anywhere else the style is dropped.
 */
function styleToData(element: Element, here: Place): void {
  const style = element.getAttribute('style');
  if (style === null) return;
  const kept = here.katex ? katexStyle(style) : undefined;
  if (kept === undefined) {
    element.removeAttribute('style');
    return;
  }
  const attributes = Array.from(element.attributes, (a) => [a.namespaceURI, a.name, a.value] as const);
  for (const [ns, name] of attributes) element.removeAttributeNS(ns, name.replace(/^[^:]*:/, ''));
  for (const [ns, name, value] of attributes)
    element.setAttributeNS(
      name === 'style' ? null : ns,
      name === 'style' ? 'data-style' : name,
      name === 'style' ? kept : value,
    );
}

let pageSanitizer: ServerHtmlSanitizer | undefined;

/** The page's own sanitiser (made on first use). */
function sanitizer(): ServerHtmlSanitizer {
  pageSanitizer ??= createServerHtmlSanitizer(window, pagePurify());
  return pageSanitizer;
}

/** Replaces `target`'s content with server HTML, sanitised. */
export function setServerHtml(target: Element, html: string, realmUrl: string, options?: SanitizeOptions): void {
  target.replaceChildren(sanitizer().fragment(html, realmUrl, options));
}
