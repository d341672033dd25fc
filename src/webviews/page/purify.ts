/**
 * The entry of `dist/webview/purify.js`: DOMPurify, built once and loaded by the HTML shell (with
 * the render's nonce, before the page's own script) into every page that shows server HTML, so the
 * .vsix carries one copy instead of one per page. It only sets the global that ./purifyGlobal.ts
 * reads; ./sanitize.ts makes the pages' configured instance from it.
 */
import createDOMPurify from 'dompurify';
import { PURIFY_GLOBAL } from './purifyGlobal';

(globalThis as Record<string, unknown>)[PURIFY_GLOBAL] = createDOMPurify;
