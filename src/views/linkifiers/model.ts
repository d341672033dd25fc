/**
 * The linkifiers tree's model: the realm's linkifiers in processing order, live from the store
 * (`realm_linkifiers` events). A refresh fetches `GET /realm/linkifiers` (operation 18); the
 * fetched list is shown until the store next reports a change of the linkifiers.
 */
import * as vscode from 'vscode';
import type { Linkifier } from '../../api/realm/models';
import { getLinkifiers } from '../../api/realm/routes';
import type { SessionManager } from '../../session/manager';

export interface LinkifierNode {
  readonly kind: 'linkifier';
  readonly linkifierId: number;
}

export class LinkifiersModel implements vscode.Disposable {
  #nodes = new Map<number, LinkifierNode>();
  #fetched: readonly Linkifier[] | undefined;
  readonly #onDidChange = new vscode.EventEmitter<void>();
  /** The list changed (an event, a refresh, or another account). */
  readonly onDidChange = this.#onDidChange.event;
  readonly #disposables: vscode.Disposable[] = [this.#onDidChange];

  constructor(private readonly sessions: SessionManager) {
    this.#disposables.push(
      sessions.onDidChange(() => {
        this.#fetched = undefined;
        this.#onDidChange.fire();
      }),
      sessions.onDidChangeStore((c) => {
        if (!c.full && !c.areas.has('linkifiers')) return;
        this.#fetched = undefined;
        this.#onDidChange.fire();
      }),
    );
  }

  /** In processing order; empty while signed out. */
  linkifiers(): readonly Linkifier[] {
    return this.#fetched ?? this.sessions.current?.store.linkifiers() ?? [];
  }

  get(linkifierId: number): Linkifier | undefined {
    return this.linkifiers().find((l) => l.id === linkifierId);
  }

  /** 1-based position in the order, or 0. */
  position(linkifierId: number): number {
    return this.linkifiers().findIndex((l) => l.id === linkifierId) + 1;
  }

  nodes(): LinkifierNode[] {
    const next = new Map<number, LinkifierNode>();
    for (const l of this.linkifiers()) next.set(l.id, this.#nodes.get(l.id) ?? { kind: 'linkifier', linkifierId: l.id });
    this.#nodes = next;
    return [...next.values()];
  }

  /** Fetches the list from the server (operation 18). */
  async refresh(signal?: AbortSignal): Promise<readonly Linkifier[]> {
    const current = this.sessions.current;
    if (!current) return [];
    const { linkifiers } = await getLinkifiers(current.client, { signal });
    if (this.sessions.current !== current) return this.linkifiers();
    this.#fetched = linkifiers;
    this.#onDidChange.fire();
    return linkifiers;
  }

  dispose(): void {
    for (const d of this.#disposables) d.dispose();
  }
}
