// The extensions the activation bench loads into one extension host (test/bench/host): a copy of
// ours (the release build of the shell and the core) and the baseline, a generated extension that
// declares the same contributions (commands, views, view container, menus, keybindings, settings,
// walkthrough, authentication, activation events) and whose activate() registers a no-op handler for
// every command, an empty tree provider for every view, a serializer for every panel type and the
// authentication provider: the floor for our command and view surface. A second copy of the
// baseline is activated first, so neither measured extension pays the host's first-activation costs.
//
// All three sit in one host, so the baseline's IDs are renamed (teamChat → teamChatBaseline) and no
// registration collides. None of them activates on its own (onStartupFinished is dropped from every
// copy alike): the probe activates each in turn and times it.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO = path.join(__dirname, '..', '..', '..');
// TypeScript compiles `import()` to `require()` under CommonJS; esbuild.mjs is an ES module.
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

interface Manifest {
  name: string;
  publisher: string;
  main: string;
  activationEvents: string[];
  contributes: {
    commands?: { command: string }[];
    views?: Record<string, { id: string }[]>;
    authentication?: { id: string; label: string }[];
  };
  [key: string]: unknown;
}

/** The manifest with every `teamChat` ID renamed to `namespace` (and the `teamchat` authentication provider). */
export function renameIds(manifest: Manifest, namespace: string): Manifest {
  const rename = (s: string): string => {
    if (/^%.*%$/.test(s)) return s; // a package.nls.json key
    return s
      .replace(/\bteamChat\b/g, namespace)
      .replace(/^(onAuthenticationRequest:)?teamchat$/, `$1${namespace.toLowerCase()}`);
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return rename(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [rename(k), walk(x)]));
    return v;
  };
  return walk(manifest) as Manifest;
}

/** The baseline's extension.js: no-op handlers for everything the manifest declares. */
export function baselineSource(manifest: Manifest): string {
  const commands = (manifest.contributes.commands ?? []).map((c) => c.command);
  const views = Object.values(manifest.contributes.views ?? {})
    .flat()
    .map((v) => v.id);
  const panels = manifest.activationEvents
    .filter((e) => e.startsWith('onWebviewPanel:'))
    .map((e) => e.slice('onWebviewPanel:'.length));
  const auth = manifest.contributes.authentication ?? [];
  return `'use strict';
const vscode = require('vscode');
const COMMANDS = ${JSON.stringify(commands)};
const VIEWS = ${JSON.stringify(views)};
const PANELS = ${JSON.stringify(panels)};
const AUTH = ${JSON.stringify(auth.map((a) => a.id))};
exports.activate = function activate(context) {
  for (const id of COMMANDS) context.subscriptions.push(vscode.commands.registerCommand(id, () => undefined));
  const empty = { getChildren: () => [], getTreeItem: (element) => element };
  for (const id of VIEWS) context.subscriptions.push(vscode.window.createTreeView(id, { treeDataProvider: empty }));
  for (const type of PANELS) context.subscriptions.push(vscode.window.registerWebviewPanelSerializer(type, { deserializeWebviewPanel: async (panel) => panel.dispose() }));
  for (const id of AUTH) {
    const changed = new vscode.EventEmitter();
    context.subscriptions.push(changed, vscode.authentication.registerAuthenticationProvider(id, id, {
      onDidChangeSessions: changed.event,
      getSessions: async () => [],
      createSession: async () => { throw new Error('baseline'); },
      removeSession: async () => undefined,
    }));
  }
};
exports.deactivate = function deactivate() {};
`;
}

/**
 * Writes the release build of ours into `dir` as an extension VS Code can load from there (the
 * workbench bench's extension under development): the manifest and its translations, media/ and
 * l10n/ copied, the shell and the core minified as `npm run package` makes them (their source maps
 * beside them, unreferenced), and the webview pages.
 */
export async function writeReleaseExtension(dir: string): Promise<void> {
  const { extensionBuildOptions, pageBuildOptions } = (await importEsm(
    pathToFileURL(path.join(REPO, 'esbuild.mjs')).href,
  )) as {
    extensionBuildOptions: (production: boolean) => esbuild.BuildOptions;
    pageBuildOptions: (production: boolean) => esbuild.BuildOptions;
  };
  fs.mkdirSync(dir, { recursive: true });
  for (const file of fs.readdirSync(REPO).filter((f) => /^package(\.nls(\..+)?)?\.json$/.test(f)))
    fs.copyFileSync(path.join(REPO, file), path.join(dir, file));
  for (const folder of ['media', 'l10n']) {
    if (fs.existsSync(path.join(REPO, folder)))
      fs.cpSync(path.join(REPO, folder), path.join(dir, folder), { recursive: true, dereference: true });
  }
  await esbuild.build({
    ...extensionBuildOptions(true),
    sourcemap: 'external',
    absWorkingDir: REPO,
    outdir: path.join(dir, 'dist'),
    logLevel: 'error',
  });
  await esbuild.build({
    ...pageBuildOptions(true),
    absWorkingDir: REPO,
    outdir: path.join(dir, 'dist', 'webview'),
    logLevel: 'error',
  });
}

/**
 * Writes the three extensions into subfolders of a new temporary folder, `root`: VS Code loads
 * every extension in the subfolders of an `extensionDevelopmentPath` that has no package.json.
 * Remove `root` after.
 */
export async function makeBenchExtensions(): Promise<{ root: string }> {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Manifest;
  const activationEvents = manifest.activationEvents.filter((e) => e !== 'onStartupFinished');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-bench-ext-'));
  const shared = (dir: string): void => {
    for (const file of fs.readdirSync(REPO).filter((f) => /^package\.nls(\..+)?\.json$/.test(f)))
      fs.copyFileSync(path.join(REPO, file), path.join(dir, file));
    fs.symlinkSync(path.join(REPO, 'media'), path.join(dir, 'media'));
    if (fs.existsSync(path.join(REPO, 'l10n'))) fs.symlinkSync(path.join(REPO, 'l10n'), path.join(dir, 'l10n'));
  };

  const ours = path.join(root, 'ours');
  fs.mkdirSync(ours);
  fs.writeFileSync(path.join(ours, 'package.json'), JSON.stringify({ ...manifest, activationEvents }, null, 2));
  shared(ours);
  const { extensionBuildOptions } = (await importEsm(pathToFileURL(path.join(REPO, 'esbuild.mjs')).href)) as {
    extensionBuildOptions: (production: boolean) => esbuild.BuildOptions;
  };
  // The release build; its source maps beside it, unreferenced (the host never reads them), name
  // the functions of the profiled host's CPU profile.
  await esbuild.build({
    ...extensionBuildOptions(true),
    sourcemap: 'external',
    absWorkingDir: REPO,
    outdir: path.join(ours, 'dist'),
    logLevel: 'error',
  });

  for (const [name, namespace] of [
    ['warmup', 'teamChatWarmup'],
    ['baseline', 'teamChatBaseline'],
  ] as const) {
    const dir = path.join(root, name);
    fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
    const renamed = renameIds({ ...manifest, activationEvents }, namespace);
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ ...renamed, name, publisher: 'team-chat-bench', main: './dist/extension.js' }, null, 2),
    );
    fs.writeFileSync(path.join(dir, 'dist', 'extension.js'), baselineSource(renamed));
    shared(dir);
  }
  return { root };
}
