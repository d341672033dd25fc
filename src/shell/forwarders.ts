/**
 * The shell's side of lazy activation. The host loads only the shell (extension.ts) at
 * activation: it registers a forwarder for every command the manifest contributes and a serializer
 * for every `onWebviewPanel:` activation event, each of which loads the core (core.ts, a separate
 * bundle) once and then runs what the core registered for it through `ShellHost`.
 *
 * Imports nothing at run time (`vscode` only as types), so plain-Node unit tests can drive it.
 */
import type * as vscode from 'vscode';
import { CollapsibleViews } from '../constants';
import { TreeForwarder } from './trees';

type CommandImplementation = (...args: unknown[]) => unknown;

/** Where the core registers its command implementations and panel serializers (kept by the shell). */
export interface ShellHost {
  /** A manifest command: the shell's forwarder runs `run`; any other command is registered with VS Code. */
  registerCommand(id: string, run: CommandImplementation): vscode.Disposable;
  /**
   * A panel type of an `onWebviewPanel:` activation event: the shell's serializer hands panels to it; any other is
   * registered with VS Code.
   */
  registerWebviewPanelSerializer(viewType: string, serializer: vscode.WebviewPanelSerializer): vscode.Disposable;
  /**
   * A tree of the manifest: the view the shell created at activation, with `options.treeDataProvider`
   * behind it from now on (the view belongs to the shell); any other tree is created with VS Code.
   */
  createTreeView<N>(viewId: string, options: vscode.TreeViewOptions<N>): vscode.TreeView<N>;
  /**
   * The manifest's trees answer the rows asked for before `until` settles only then: the first
   * answer has the saved snapshot's rows instead of an empty tree that a refresh redraws later (a
   * round trip to the workbench, slow while it starts). Call before the trees are created.
   */
  holdFirstRows(until: Promise<unknown>): void;
}

/** What the shell reads of the manifest (`context.extension.packageJSON`). */
export interface Manifest {
  readonly activationEvents?: readonly string[];
  readonly contributes?: {
    readonly commands?: readonly { readonly command: string }[];
    readonly views?: Readonly<Record<string, readonly { readonly id: string; readonly type?: string }[]>>;
  };
}

/** The tree views the manifest contributes (webview views left out). */
export function manifestTrees(manifest: Manifest): string[] {
  return Object.values(manifest.contributes?.views ?? {}).flatMap((views) =>
    views.filter((v) => (v.type ?? 'tree') === 'tree').map((v) => v.id),
  );
}

/** The commands the manifest contributes. */
export function manifestCommands(manifest: Manifest): string[] {
  return (manifest.contributes?.commands ?? []).map((c) => c.command);
}

/** The panel types of the manifest's `onWebviewPanel:` activation events. */
export function manifestPanelTypes(manifest: Manifest): string[] {
  const prefix = 'onWebviewPanel:';
  return (manifest.activationEvents ?? []).filter((e) => e.startsWith(prefix)).map((e) => e.slice(prefix.length));
}

/** The `vscode` functions the shell registers with (injected, so tests can record them). */
export interface Registrar {
  registerCommand(id: string, run: CommandImplementation): vscode.Disposable;
  registerWebviewPanelSerializer(viewType: string, serializer: vscode.WebviewPanelSerializer): vscode.Disposable;
  createTreeView<N>(viewId: string, options: vscode.TreeViewOptions<N>): vscode.TreeView<N>;
}

/**
 * The forwarders and the `ShellHost` behind them. `load` loads and activates the core; `ready()`
 * runs it once, and every forwarder awaits it, so a command run before the core is ready waits
 * for it rather than failing.
 */
export class Forwarders<T = unknown> implements ShellHost {
  readonly #commands = new Map<string, CommandImplementation>();
  readonly #serializers = new Map<string, vscode.WebviewPanelSerializer>();
  readonly #trees = new Map<string, { view: vscode.TreeView<unknown>; forwarder: TreeForwarder<unknown> }>();
  readonly #manifestCommands: ReadonlySet<string>;
  readonly #manifestPanels: ReadonlySet<string>;
  #loaded: Promise<T> | undefined;
  #hold: Promise<unknown> | undefined;

  /** Registers the forwarders (each returned disposable belongs to the caller). */
  constructor(
    manifest: Manifest,
    private readonly registrar: Registrar,
    private readonly load: () => Promise<T>,
    own: (d: vscode.Disposable) => void,
  ) {
    this.#manifestCommands = new Set(manifestCommands(manifest));
    this.#manifestPanels = new Set(manifestPanelTypes(manifest));
    for (const id of this.#manifestCommands) own(registrar.registerCommand(id, (...args) => this.#forward(id, args)));
    for (const viewType of this.#manifestPanels) {
      own(
        registrar.registerWebviewPanelSerializer(viewType, {
          deserializeWebviewPanel: async (panel, state: unknown) => {
            await this.ready();
            const serializer = this.#serializers.get(viewType);
            if (!serializer) throw new Error(`no serializer for the ${viewType} panel`);
            await serializer.deserializeWebviewPanel(panel, state);
          },
        }),
      );
    }
    for (const viewId of manifestTrees(manifest)) {
      const forwarder = new TreeForwarder<unknown>();
      const view = registrar.createTreeView(viewId, {
        treeDataProvider: forwarder,
        showCollapseAll: CollapsibleViews.includes(viewId),
      });
      own(view);
      this.#trees.set(viewId, { view, forwarder });
    }
  }

  /** Loads and activates the core, once; what it resolves to. */
  ready(): Promise<T> {
    // A load that throws (a missing core.js) rejects like one that fails later.
    return (this.#loaded ??= (async () => this.load())());
  }

  /** The manifest commands the core has registered an implementation for. */
  get implemented(): ReadonlySet<string> {
    return new Set(this.#commands.keys());
  }

  registerCommand(id: string, run: CommandImplementation): vscode.Disposable {
    if (!this.#manifestCommands.has(id)) return this.registrar.registerCommand(id, run);
    if (this.#commands.has(id)) throw new Error(`command ${id} is already implemented`);
    this.#commands.set(id, run);
    return { dispose: () => void (this.#commands.get(id) === run && this.#commands.delete(id)) };
  }

  registerWebviewPanelSerializer(viewType: string, serializer: vscode.WebviewPanelSerializer): vscode.Disposable {
    if (!this.#manifestPanels.has(viewType)) return this.registrar.registerWebviewPanelSerializer(viewType, serializer);
    this.#serializers.set(viewType, serializer);
    return {
      dispose: () => void (this.#serializers.get(viewType) === serializer && this.#serializers.delete(viewType)),
    };
  }

  createTreeView<N>(viewId: string, options: vscode.TreeViewOptions<N>): vscode.TreeView<N> {
    const tree = this.#trees.get(viewId);
    if (!tree) return this.registrar.createTreeView(viewId, options);
    const { treeDataProvider, ...rest } = options;
    const unknownOptions = Object.keys(rest).filter((k) => k !== 'showCollapseAll');
    if (unknownOptions.length > 0 || !!rest.showCollapseAll !== CollapsibleViews.includes(viewId)) {
      throw new Error(
        `the shell creates ${viewId} without ${unknownOptions.join(', ') || 'that showCollapseAll'}: add it to the ` +
          `shell's tree options (CollapsibleViews)`,
      );
    }
    (tree.forwarder as TreeForwarder<N>).attach(treeDataProvider, this.#hold);
    return tree.view as vscode.TreeView<N>;
  }

  holdFirstRows(until: Promise<unknown>): void {
    this.#hold = until;
  }

  async #forward(id: string, args: unknown[]): Promise<unknown> {
    await this.ready();
    const run = this.#commands.get(id);
    if (!run) throw new Error(`command ${id} has no implementation`);
    return run(...args);
  }
}
