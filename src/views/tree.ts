/** What every tree of the sidebar shares: the provider's change event, flat lists, registration. */
import * as vscode from 'vscode';
import type { Event } from '../base/event';
import { Emitter } from '../base/event';
import type { Services } from '../services';
import { Disposable } from '../base/lifecycle';
import { phaseDescription } from './sessionText';

/** Owns the tree's change event; `refresh()` redraws the named nodes, or everything. */
export abstract class TreeProvider<N> extends Disposable implements vscode.TreeDataProvider<N> {
  readonly #onDidChangeTreeData = this._register(new Emitter<N | N[] | undefined>());
  readonly onDidChangeTreeData = this.#onDidChangeTreeData.event;

  protected refresh(nodes?: readonly N[]): void {
    this.#onDidChangeTreeData.fire(nodes ? [...nodes] : undefined);
  }

  abstract getChildren(element?: N): N[];
  abstract getTreeItem(node: N): vscode.TreeItem;
}

/** A model of one level of rows that says when anything changed. */
export interface ListModel<N> {
  readonly onDidChange: Event<unknown>;
  nodes(): N[];
}

/** A one-level list: rows are few, so any change of the model reloads it. */
export abstract class ListProvider<N, M extends ListModel<N> = ListModel<N>> extends TreeProvider<N> {
  constructor(protected readonly model: M) {
    super();
    this._register(model.onDidChange(() => this.refresh()));
  }

  getChildren(element?: N): N[] {
    return element ? [] : this.model.nodes();
  }
}

/** One node object per id, reused across refreshes so rows keep their selection. */
export class StableNodes<N> {
  #nodes = new Map<number, N>();

  constructor(private readonly make: (id: number) => N) {}

  list(ids: Iterable<number>): N[] {
    const next = new Map<number, N>();
    for (const id of ids) next.set(id, this.#nodes.get(id) ?? this.make(id));
    this.#nodes = next;
    return [...next.values()];
  }
}

export interface TreeOptions<N> extends Omit<vscode.TreeViewOptions<N>, 'treeDataProvider'> {
  /**
   * The view sets its own description (and shows the session's phase in it itself, if at all);
   * otherwise the description is the phase while the rows are not live ("updating…").
   */
  ownDescription?: boolean;
  /**
   * The view has welcome content for when it is empty ("no unread messages"): this context key
   * says so, set only from the rows the provider really has for a current session, so the welcome
   * never claims emptiness before the data is there.
   */
  emptyKey?: string;
}

/**
 * The tree view of `viewId` with `provider` behind it (the shell created the view at activation,
 * so the side bar never shows "no data provider"); model, provider and view belong to
 * `context.subscriptions`.
 */
export function createTree<N>(
  services: Services,
  viewId: string,
  model: vscode.Disposable,
  provider: vscode.TreeDataProvider<N> & vscode.Disposable,
  options: TreeOptions<N> = {},
): vscode.TreeView<N> {
  const { ownDescription, emptyKey, ...viewOptions } = options;
  const view = services.host.createTreeView(viewId, { ...viewOptions, treeDataProvider: provider });
  // The view itself belongs to the shell, which created it at activation.
  services.disposables.add(model);
  services.disposables.add(provider);
  if (!ownDescription) {
    const update = (): void => void (view.description = phaseDescription(services.sessions.state));
    services.disposables.add(services.sessions.onDidChangeState(update));
    update();
  }
  if (emptyKey) followEmptiness(services, emptyKey, provider);
  return view;
}

/** Keeps the context key `key` true exactly while a session is current and the provider has no rows. */
function followEmptiness<N>(services: Services, key: string, provider: vscode.TreeDataProvider<N>): void {
  let empty: boolean | undefined;
  let checking = 0;
  const check = async (): Promise<void> => {
    const run = ++checking;
    const now = services.sessions.current !== undefined && ((await provider.getChildren(undefined)) ?? []).length === 0;
    if (run !== checking || now === empty) return;
    empty = now;
    await vscode.commands.executeCommand('setContext', key, now);
  };
  const recheck = (): void => void check().catch(() => undefined);
  services.disposables.add(services.sessions.onDidChange(recheck));
  if (provider.onDidChangeTreeData) services.disposables.add(provider.onDidChangeTreeData(recheck));
  recheck();
}
