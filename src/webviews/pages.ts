/**
 * The webview pages. Each is browser code in `src/webviews/<page>/page/` (entry `index.ts`),
 * bundled by esbuild.mjs into `dist/webview/<page>.js`, which the HTML shell loads with its nonce.
 * No `vscode` here: unit tests read this list.
 */
export const WEBVIEW_PAGES = ['profileCard', 'serverInfo', 'settings', 'topicView'] as const;
export type WebviewPage = (typeof WEBVIEW_PAGES)[number];

/**
 * Scripts shared by several pages, each built once into `dist/webview/<name>.js` from
 * `src/webviews/page/<name>.ts` and loaded by the HTML shell before the page's own script, instead
 * of a copy in each page: the libraries every page uses (lit-html, `@vscode/l10n`), and DOMPurify
 * (about 22 KiB minified) for the pages that show server HTML.
 */
export const SHARED_PAGE_SCRIPTS = ['libraries', 'purify'] as const;
export type SharedPageScript = (typeof SHARED_PAGE_SCRIPTS)[number];

/** The pages that show server HTML (src/webviews/page/sanitize.ts), so load the shared DOMPurify first. */
export const SERVER_HTML_PAGES: readonly WebviewPage[] = ['profileCard', 'serverInfo', 'topicView'];

/** The scripts the shell loads for `page`, in order: the shared ones it needs, then its own bundle. */
export function pageScripts(page: WebviewPage): (WebviewPage | SharedPageScript)[] {
  return SERVER_HTML_PAGES.includes(page) ? ['libraries', 'purify', page] : ['libraries', page];
}

/** Where the page bundles are, relative to the extension's root (a `localResourceRoots` entry). */
export const PAGE_BUNDLE_DIR = ['dist', 'webview'] as const;
