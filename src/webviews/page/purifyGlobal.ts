/**
 * Where a page finds DOMPurify: the global that `dist/webview/purify.js` (./purify.ts) sets. Pages
 * import only this module's type-only dependency on `dompurify`, so no page bundles a copy.
 */
import type { DOMPurify } from 'dompurify';

/** The global `dist/webview/purify.js` sets: DOMPurify's factory (call it with a window). */
export const PURIFY_GLOBAL = 'DOMPurify';

/** DOMPurify's factory, from the shared script; throws when the shell did not load it first. */
export function pagePurify(): DOMPurify {
  const purify = (globalThis as Record<string, unknown>)[PURIFY_GLOBAL];
  if (typeof purify !== 'function')
    throw new Error(
      `${PURIFY_GLOBAL} is not loaded: the HTML shell loads purify.js before a page that shows server HTML`,
    );
  return purify as DOMPurify;
}
