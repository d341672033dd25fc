/**
 * The HTML shell of every webview: a strict CSP (no inline script or style; scripts only with this
 * render's nonce), styles and icons from `media/`, the page's script bundle from `dist/webview/`
 * (built from src/webviews/<page>/page/ by esbuild.mjs), the shared theme stylesheet first.
 */
import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import { PAGE_BUNDLE_DIR, pageScripts, type WebviewPage } from './pages';
import { escapeHtml } from './sanitize';

export const MEDIA_DIR = 'media';

/** Options for a panel or view: scripts on, resources only from `media/` and the page bundles. */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [
      vscode.Uri.joinPath(extensionUri, MEDIA_DIR),
      vscode.Uri.joinPath(extensionUri, ...PAGE_BUNDLE_DIR),
    ],
  };
}

/** A fresh nonce per render (base64 of 16 random bytes). */
export function makeNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The image origins a page showing `realmUrl`'s content needs beyond the CSP's https: the
 * realm's own origin when it is plain http (a local server).
 */
export function realmImageOrigins(realmUrl: string | undefined): string[] {
  const origin = realmUrl ? new URL(realmUrl).origin : undefined;
  return origin?.startsWith('http:') ? [origin] : [];
}

export interface PageSpec {
  title: string;
  /** File names under `media/` (the shared `webview-base.css` is always first). */
  styles: readonly string[];
  /**
   * The page's script: its bundle `dist/webview/<page>.js` (shared browser code included), after
   * the shared scripts it needs (`dist/webview/purify.js` for a page showing server HTML).
   */
  script: WebviewPage;
  /** Static markup of the page (no server content: that arrives by message, sanitised). */
  body: string;
  /**
   * Extra image origins, e.g. the realm's origin when it is served over plain http (a local
   * server); https and data: images are allowed anyway.
   */
  imageOrigins?: readonly string[];
}

/** The Content-Security-Policy for one render. */
export function contentSecurityPolicy(
  webview: vscode.Webview,
  nonce: string,
  imageOrigins: readonly string[] = [],
): string {
  const images = [
    webview.cspSource,
    'https:',
    'data:',
    ...imageOrigins.filter((o) => /^https?:\/\/[^\s;,']+$/.test(o)),
  ];
  return [
    `default-src 'none'`,
    `img-src ${images.join(' ')}`,
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
  ].join('; ');
}

/**
 * The display language's translations for the page's `l10n.t` (`@vscode/l10n`, set up by
 * page/common.ts): the extension's bundle, as JSON in an attribute (none in English).
 */
function localization(): string {
  const bundle = vscode.l10n.bundle;
  return bundle ? ` data-l10n="${escapeHtml(JSON.stringify(bundle))}"` : '';
}

/** Builds the page; call again for every render (each gets a new nonce). */
export function renderHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: PageSpec): string {
  const nonce = makeNonce();
  const media = (file: string): string =>
    webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, MEDIA_DIR, file)).toString();
  const styles = ['webview-base.css', ...page.styles]
    .map((f) => `<link rel="stylesheet" href="${escapeHtml(media(f))}">`)
    .join('\n    ');
  const scripts = pageScripts(page.script)
    .map((name) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...PAGE_BUNDLE_DIR, `${name}.js`)).toString())
    .map((src) => `<script nonce="${nonce}" src="${escapeHtml(src)}"></script>`)
    .join('\n    ');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(vscode.env.language)}">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview, nonce, page.imageOrigins)}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    ${styles}
    <title>${escapeHtml(page.title)}</title>
  </head>
  <body${localization()}>
    ${page.body}
    ${scripts}
  </body>
</html>`;
}

/** A page's static body until its content arrives: `<main>` saying "Loading…" (announced when it changes). */
export function loadingBody(id: string, className: string): string {
  const loading = escapeHtml(vscode.l10n.t('Loading…'));
  return `<main id="${id}" class="${className}" aria-live="polite"><p class="muted">${loading}</p></main>`;
}
