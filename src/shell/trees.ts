/**
 * The side bar's trees, created by the shell at activation so VS Code never shows "There is no
 * data provider registered" while the core loads: each tree's provider is a `TreeForwarder`, whose
 * rows are asked for at once and given once the core has attached the real provider (VS Code shows
 * its progress bar meanwhile). Imports nothing at run time (`vscode` only as types).
 */
import type * as vscode from 'vscode';
import { Emitter } from '../base/event';

/** A tree data provider that waits for the real one (the core's) and then forwards to it. */
export class TreeForwarder<N> implements vscode.TreeDataProvider<N> {
  #target: vscode.TreeDataProvider<N> | undefined;
  #targetEvents: vscode.Disposable | undefined;
  #attached!: Promise<vscode.TreeDataProvider<N>>;
  #resolve!: (target: vscode.TreeDataProvider<N>) => void;
  readonly #onDidChangeTreeData = new Emitter<N | N[] | undefined | null | void>();
  readonly onDidChangeTreeData = this.#onDidChangeTreeData.event;

  constructor() {
    this.#reset();
  }

  /**
   * The core's provider: rows asked for meanwhile come from it (once `hold` has settled, if given);
   * its changes are passed on.
   */
  attach(target: vscode.TreeDataProvider<N>, hold?: Promise<unknown>): vscode.Disposable {
    if (this.#target) throw new Error('a tree provider is already attached');
    this.#target = target;
    this.#targetEvents = target.onDidChangeTreeData?.((e) => this.#fire(e));
    const resolve = this.#resolve;
    if (hold)
      void hold.then(
        () => resolve(target),
        () => resolve(target),
      );
    else resolve(target);
    return {
      dispose: () => {
        if (this.#target !== target) return;
        this.#targetEvents?.dispose();
        this.#target = this.#targetEvents = undefined;
        this.#reset();
        this.#fire(undefined);
      },
    };
  }

  async getChildren(element?: N): Promise<N[]> {
    const target = await this.#attached;
    return (await target.getChildren(element)) ?? [];
  }

  getTreeItem(element: N): vscode.TreeItem | Thenable<vscode.TreeItem> {
    // Rows exist only once a provider gave them.
    if (!this.#target) throw new Error('no tree provider attached');
    return this.#target.getTreeItem(element);
  }

  getParent(element: N): vscode.ProviderResult<N> {
    return this.#target?.getParent?.(element);
  }

  #reset(): void {
    this.#attached = new Promise((resolve) => (this.#resolve = resolve));
  }

  #fire(value: N | N[] | undefined | null | void): void {
    this.#onDidChangeTreeData.fire(value);
  }
}
