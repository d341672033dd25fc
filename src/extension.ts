/**
 * The shell: all the host loads at activation (dist/extension.js, a few KiB). It registers a
 * forwarder for every command in package.json and a serializer for every `onWebviewPanel:` panel
 * type, then loads the core (dist/core.js: the client, the store, the views, the commands) right
 * after activate() returns, so the sidebar still fills at start-up; a command run before that
 * waits for it. The core is compiled with a V8 code cache (src/shell/coreLoader.ts), and run a
 * turn of the event loop after it is compiled. Imports nothing heavy: only `vscode`, Node's
 * built-ins, src/shell and the constants.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type * as Core from './core';
import { DisposableStore } from './base/lifecycle';
import { loadCore, type CacheOutcome } from './shell/coreLoader';
import { Forwarders, type Manifest } from './shell/forwarders';
import { presetSignInContext } from './shell/signedIn';
import { ContextKeys } from './constants';

export type { TeamChatApi } from './core';

/** What `activate` returns. */
export interface TeamChatShell {
  /** Loads the core (once) and resolves when it has activated, to the API integration tests use. */
  ready(): Promise<Core.TeamChatApi>;
  /** The manifest commands the core has implemented so far (the smoke test checks all are). */
  implementedCommands(): ReadonlySet<string>;
  /**
   * The core's code cache: what became of the one read, and whether one was written (after the
   * core's background loading). Resolves once that write is done or not needed (the bench waits for it).
   */
  codeCache(): Promise<{ read: CacheOutcome; written: boolean }>;
}

let core: typeof Core | undefined;

export function activate(context: vscode.ExtensionContext): TeamChatShell {
  // The one place that touches context.subscriptions: the root everything else is owned by.
  const root = new DisposableStore();
  context.subscriptions.push(root);
  presetSignInContext(context.globalState, (key, value) => vscode.commands.executeCommand('setContext', key, value));
  let codeCache: Promise<{ read: CacheOutcome; written: boolean }> | undefined;
  const forwarders: Forwarders<Core.TeamChatApi> = new Forwarders(
    context.extension.packageJSON as Manifest,
    {
      registerCommand: (id, run) => vscode.commands.registerCommand(id, run),
      registerWebviewPanelSerializer: (viewType, serializer) =>
        vscode.window.registerWebviewPanelSerializer(viewType, serializer),
      createTreeView: (viewId, options) => vscode.window.createTreeView(viewId, options),
    },
    async () => {
      // A path esbuild cannot follow: the core stays its own bundle, loaded only now.
      const loaded = await loadCore<typeof Core>({
        file: path.join(__dirname, 'core.js'),
        cacheDir:
          context.globalStorageUri.scheme === 'file'
            ? path.join(context.globalStorageUri.fsPath, 'code-cache')
            : undefined,
        require,
        between: () => new Promise((resolve) => setImmediate(resolve)),
      });
      core = loaded.exports;
      const api = await core.activateCore(context, forwarders, (d) => root.add(d));
      codeCache = api.loaded.then(async () => ({ read: loaded.cache, written: await loaded.saveCache() }));
      return api;
    },
    (d) => root.add(d),
  );
  // Every tree now has its provider: the "starting" welcome goes.
  void Promise.resolve(vscode.commands.executeCommand('setContext', ContextKeys.started, true)).catch(() => undefined);
  setImmediate(() => {
    forwarders.ready().catch((error: unknown) => {
      console.error(error);
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Team Chat could not start: {0}', error instanceof Error ? error.message : String(error)),
      );
    });
  });
  return {
    ready: () => forwarders.ready(),
    implementedCommands: () => forwarders.implemented,
    codeCache: async () => {
      await forwarders.ready();
      return codeCache!;
    },
  };
}

export function deactivate(): void {
  core?.deactivateCore();
}
