/**
 * The webview pages. Each is browser code in `src/webviews/<page>/page/` (entry `index.ts`),
 * bundled by esbuild.mjs into `dist/webview/<page>.js`, which the HTML shell loads with its nonce.
 * No `vscode` here: unit tests read this list.
 */
export const WEBVIEW_PAGES = ['profileCard', 'serverInfo', 'settings', 'topicView'] as const;
export type WebviewPage = (typeof WEBVIEW_PAGES)[number];

/** Where the page bundles are, relative to the extension's root (a `localResourceRoots` entry). */
export const PAGE_BUNDLE_DIR = ['dist', 'webview'] as const;
