// Bundles the extension host code into dist/extension.js, the shell loaded at activation, and
// dist/core.js, the rest, loaded after it (CommonJS, Node, `vscode` external); each webview page
// (src/webviews/<page>/page/index.ts) into dist/webview/<page>.js (an IIFE for the browser, loaded
// by the HTML shell with its nonce), and the scripts pages share (lit-html and @vscode/l10n; DOMPurify) into
// dist/webview/<name>.js. --production minifies both and writes no source maps. Imported by tests
// for pageBuildOptions(); runs the build only as a script.
import * as esbuild from 'esbuild';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const WEBVIEWS = path.join(ROOT, 'src', 'webviews');
export const PAGE_OUT_DIR = path.join(ROOT, 'dist', 'webview');

/** Page name → entry file: every src/webviews/<page>/page/index.ts (src/webviews/page/ is shared code). */
export function pageEntryPoints() {
  const entries = {};
  for (const dir of readdirSync(WEBVIEWS, { withFileTypes: true })) {
    const entry = path.join(WEBVIEWS, dir.name, 'page', 'index.ts');
    if (dir.isDirectory() && dir.name !== 'page' && existsSync(entry)) entries[dir.name] = entry;
  }
  return entries;
}

/**
 * Scripts several pages share, built once (src/webviews/page/<name>.ts → dist/webview/<name>.js)
 * and loaded by the HTML shell before the page: DOMPurify, instead of a copy in each page.
 */
export function sharedPageEntryPoints() {
  return {
    libraries: path.join(WEBVIEWS, 'page', 'libraries.ts'),
    purify: path.join(WEBVIEWS, 'page', 'purify.ts'),
  };
}

/**
 * The modules every page takes from `dist/webview/libraries.js` (src/webviews/page/libraries.ts
 * sets them, by these names, on this global) instead of bundling its own copy.
 */
export const SHARED_PAGE_LIBRARIES = ['lit-html', 'lit-html/directives/live.js', '@vscode/l10n'];
export const PAGE_LIBRARIES_GLOBAL = 'teamChatPageLibraries';

/** @type {import('esbuild').Plugin} */
const sharedPageLibraries = {
  name: 'shared-page-libraries',
  setup(build) {
    const entry = sharedPageEntryPoints().libraries;
    const names = new Set(SHARED_PAGE_LIBRARIES);
    build.onResolve({ filter: /^(?:lit-html|@vscode\/l10n)(?:\/.*)?$/ }, (args) => {
      if (args.importer === entry) return undefined; // libraries.js itself bundles the real ones
      if (!names.has(args.path))
        return { errors: [{ text: `${args.path}: add it to SHARED_PAGE_LIBRARIES and page/libraries.ts` }] };
      return { path: args.path, namespace: 'page-library' };
    });
    build.onLoad({ filter: /.*/, namespace: 'page-library' }, (args) => ({
      contents:
        `const libraries = globalThis[${JSON.stringify(PAGE_LIBRARIES_GLOBAL)}];\n` +
        `if (!libraries) throw new Error('libraries.js is not loaded: the HTML shell loads it before the page');\n` +
        `module.exports = libraries[${JSON.stringify(args.path)}];\n`,
      loader: 'js',
    }));
  },
};

/**
 * Libraries that only read or write source maps (postcss pulls source-map-js in): the release
 * ships no source maps, so they are bundled as empty modules, as postcss's own browser build does
 * (its package.json maps `source-map-js` to false; postcss checks the exports before using them).
 */
export const SOURCE_MAP_LIBRARIES = ['source-map-js', 'source-map', 'source-map-support'];

/** @type {import('esbuild').Plugin} */
const noSourceMapLibraries = {
  name: 'no-source-map-libraries',
  setup(build) {
    const filter = new RegExp(`^(?:${SOURCE_MAP_LIBRARIES.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'no-source-map' }));
    build.onLoad({ filter: /.*/, namespace: 'no-source-map' }, () => ({
      contents: 'module.exports = {};',
      loader: 'js',
    }));
  },
};

/**
 * undici embeds llhttp (its HTTP/1.1 parser) twice, as base64 WebAssembly: a SIMD build it tries
 * first and a plain one it falls back to (lib/dispatcher/client-h1.js). Resolving the SIMD module
 * to the plain one keeps one copy (about 70 KiB less in the bundle) and the behaviour of undici's
 * own fallback path, which runs on every CPU; the parser is not where our client spends its time.
 */
export const LLHTTP_SIMD = /[\\/]llhttp[\\/]llhttp_simd-wasm\.js$/;

/** @type {import('esbuild').Plugin} */
const oneLlhttpBuild = {
  name: 'one-llhttp-build',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path);
      if (!LLHTTP_SIMD.test(resolved)) return undefined;
      return { path: path.join(path.dirname(resolved), 'llhttp-wasm.js') };
    });
  },
};

/**
 * `import * as vscode from 'vscode'` of an external CommonJS module compiles, in every module that
 * has it (over a hundred in the core), to a copy of the API object's few hundred properties as
 * getters (esbuild's `__toESM`): tens of milliseconds at start-up in the extension host. Resolving
 * `vscode` to one internal ES module that re-exports the external makes that copy once.
 */
/** @type {import('esbuild').Plugin} */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-namespace'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: 'vscode-namespace' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-namespace' }, () => ({
      contents: "export * from 'vscode';",
      loader: 'js',
    }));
  },
};

/**
 * Two entries: the shell (dist/extension.js, all the host loads at activation) and the core
 * (dist/core.js, which the shell requires by a computed path after activation, so it is never
 * inlined into the shell).
 * @param {boolean} production
 */
export function extensionBuildOptions(production) {
  return {
    entryPoints: { extension: path.join(ROOT, 'src', 'extension.ts'), core: path.join(ROOT, 'src', 'core.ts') },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outdir: path.join(ROOT, 'dist'),
    external: ['vscode'],
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'warning',
    metafile: true,
    plugins: production
      ? [noSourceMapLibraries, oneLlhttpBuild, oneVscodeNamespace]
      : [oneLlhttpBuild, oneVscodeNamespace],
  };
}

/** @param {boolean} production */
export function pageBuildOptions(production) {
  return {
    entryPoints: { ...pageEntryPoints(), ...sharedPageEntryPoints() },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // The webview runs in VS Code's own Chromium (1.100: Chromium 134).
    target: 'chrome120',
    outdir: PAGE_OUT_DIR,
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'warning',
    metafile: true,
    plugins: production ? [sharedPageLibraries, noSourceMapLibraries] : [sharedPageLibraries],
  };
}

/** KaTeX's stylesheet and woff2 fonts for the conversation view's formulas (generated, not committed). */
export const KATEX_OUT_DIR = path.join(ROOT, 'media', 'katex');

/**
 * Copies KaTeX's minified CSS and its woff2 fonts into media/katex/ (packaged with media/). The
 * stylesheet's font sources are cut to the woff2 files: the woff and ttf ones are not shipped.
 */
export function copyKatex() {
  const dist = path.join(path.dirname(fileURLToPath(import.meta.resolve('katex/package.json'))), 'dist');
  rmSync(KATEX_OUT_DIR, { recursive: true, force: true });
  mkdirSync(path.join(KATEX_OUT_DIR, 'fonts'), { recursive: true });
  const css = readFileSync(path.join(dist, 'katex.min.css'), 'utf8').replace(
    /src:(url\(fonts\/[^)]+\.woff2\) format\("woff2"\))(?:,url\([^)]+\) format\("[a-z]+"\))*/g,
    'src:$1',
  );
  if (/\.(?:woff|ttf)\)/.test(css)) throw new Error('KaTeX stylesheet: a non-woff2 font source is left');
  writeFileSync(path.join(KATEX_OUT_DIR, 'katex.min.css'), css);
  for (const font of readdirSync(path.join(dist, 'fonts'))) {
    if (font.endsWith('.woff2')) copyFileSync(path.join(dist, 'fonts', font), path.join(KATEX_OUT_DIR, 'fonts', font));
  }
}

async function main() {
  const production = process.argv.includes('--production');
  const targets = [extensionBuildOptions(production), pageBuildOptions(production)];
  // No stale bundle or source map of an earlier build (or of a removed page) is left to ship.
  rmSync(PAGE_OUT_DIR, { recursive: true, force: true });
  copyKatex();
  if (process.argv.includes('--watch')) {
    for (const options of targets) await (await esbuild.context(options)).watch();
    return;
  }
  const results = await Promise.all(targets.map((options) => esbuild.build(options)));
  if (process.argv.includes('--stats')) {
    for (const result of results) console.log(await esbuild.analyzeMetafile(result.metafile));
  }
}

// Node runs the main module from its real path, so compare real paths (the checkout may be a symlink).
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
