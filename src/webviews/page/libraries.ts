/**
 * The entry of `dist/webview/libraries.js`: the libraries every page uses (lit-html with the
 * directives the pages use, and `@vscode/l10n`), built once and loaded by the HTML shell (with the
 * render's nonce) before the page's own script, so the .vsix carries one copy instead of one per
 * page. It only sets the global that the page bundles read: esbuild.mjs resolves these module
 * names, in a page, to that global's entry (`SHARED_PAGE_LIBRARIES`, the same names as here).
 */
import * as litHtml from 'lit-html';
import * as live from 'lit-html/directives/live.js';
import * as l10n from '@vscode/l10n';

(globalThis as Record<string, unknown>)['teamChatPageLibraries'] = {
  'lit-html': litHtml,
  'lit-html/directives/live.js': live,
  '@vscode/l10n': l10n,
};
