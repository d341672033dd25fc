/** What every tree of the sidebar shares: the provider's change event, flat lists, registration. */
import * as vscode from 'vscode';
import type { Event } from '../base/event';
import { Emitter } from '../base/event';
import type { Services } from '../services';
import { Disposable, type IDisposable } from '../base/lifecycle';
import type { ChatStore, StoreChange } from '../store';
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

/** A tree of the side bar as registered: its model, its provider (tests read the rows) and the view. */
export interface TreeParts<M, P extends vscode.TreeDataProvider<unknown>> {
  readonly model: M;
  readonly provider: P;
  readonly view: vscode.TreeView<NodeOf<P>>;
}

/** The node type of a tree provider. */
export type NodeOf<P> = P extends vscode.TreeDataProvider<infer N> ? N : never;

/**
 * Registers the tree view of `viewId` with `provider` (made from `model`) behind it: the one way a
 * view of the side bar is registered. The shell created the view at activation, so the side bar
 * never shows "no data provider"; model and provider belong to `services.disposables` (the view to
 * the shell).
 */
export function registerTree<M extends IDisposable, P extends vscode.TreeDataProvider<unknown> & IDisposable>(
  services: Services,
  viewId: string,
  model: M,
  makeProvider: (model: M) => P,
  options: TreeOptions<NodeOf<P>> = {},
): TreeParts<M, P> {
  const { ownDescription, emptyKey, ...viewOptions } = options;
  const { disposables, sessions } = services;
  disposables.add(model);
  const provider = disposables.add(makeProvider(model));
  const view = services.host.createTreeView<NodeOf<P>>(viewId, {
    ...viewOptions,
    treeDataProvider: provider as vscode.TreeDataProvider<NodeOf<P>>,
  });
  if (!ownDescription) {
    const update = (): void => void (view.description = phaseDescription(sessions.state));
    disposables.add(sessions.onDidChangeState(update));
    update();
  }
  if (emptyKey) followEmptiness(services, emptyKey, provider);
  return { model, provider, view };
}

/** A model that shows the current session's store (set at once, then on every session and store change). */
export interface StoreModel {
  setStore(store: ChatStore | undefined): void;
  onStoreChange(change: StoreChange): void;
}

/** Keeps `model` on the current session's store. */
export function followStore(services: Services, model: StoreModel): void {
  const { disposables, sessions } = services;
  model.setStore(sessions.current?.store);
  disposables.add(sessions.onDidChange((current) => model.setStore(current?.store)));
  disposables.add(sessions.onDidChangeStore((change) => model.onStoreChange(change)));
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
