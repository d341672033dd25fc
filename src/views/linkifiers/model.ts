/**
 * The linkifiers tree's model: the realm's linkifiers in processing order, live from the store
 * (`realm_linkifiers` events). A refresh fetches `GET /realm/linkifiers` (operation 18); the
 * fetched list is shown until the store next reports a change of the linkifiers.
 */
import { Emitter } from '../../base/event';
import type { Linkifier } from '../../api/realm/models';
import { getLinkifiers } from '../../api/realm/routes';
import type { SessionManager } from '../../session/manager';
import { Disposable } from '../../base/lifecycle';
import { StableNodes } from '../tree';

export interface LinkifierNode {
  readonly kind: 'linkifier';
  readonly linkifierId: number;
}

export class LinkifiersModel extends Disposable {
  readonly #nodes = new StableNodes<LinkifierNode>((linkifierId) => ({ kind: 'linkifier', linkifierId }));
  #fetched: readonly Linkifier[] | undefined;
  readonly #onDidChange = this._register(new Emitter<void>());
  /** The list changed (an event, a refresh, or another account). */
  readonly onDidChange = this.#onDidChange.event;

  constructor(private readonly sessions: SessionManager) {
    super();
    // The store's list replaces a fetched one as soon as it changes (or the account does).
    const storeChanged = (): void => {
      this.#fetched = undefined;
      this.#onDidChange.fire();
    };
    this._register(sessions.onDidChange(storeChanged));
    this._register(
      sessions.onDidChangeStore((c) => {
        if (c.full || c.areas.has('linkifiers')) storeChanged();
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
    return this.#nodes.list(this.linkifiers().map((l) => l.id));
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
}
