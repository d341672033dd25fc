/**
 * The Drafts tree's model: the account's compose drafts (kept by `ComposeDrafts`) and the server's
 * drafts from the user's other devices that have no local copy yet (the store's `drafts`, live
 * through `drafts` events), newest first.
 */
import { Emitter } from '../../base/event';
import type { ServerDraft } from '../../api/drafts/models';
import {
  type ComposeDraft,
  type ComposeDrafts,
  type DraftTarget,
  syncEnabled,
  targetOfServerDraft,
} from '../../drafts/compose';
import { Disposable, MutableDisposable } from '../../base/lifecycle';
import type { SessionManager } from '../../session/manager';

export interface DraftNode {
  readonly kind: 'draft';
  /** `local:<key>` or `server:<id>`. */
  readonly id: string;
}

export interface DraftRow {
  readonly node: DraftNode;
  readonly target: DraftTarget;
  readonly content: string;
  /** UNIX milliseconds. */
  readonly updatedAt: number;
  readonly local?: ComposeDraft;
  /** A server draft with no local copy (written on another device). */
  readonly remote?: ServerDraft;
}

export class DraftsModel extends Disposable {
  #nodes = new Map<string, DraftNode>();
  #rows: DraftRow[] = [];
  readonly #onDidChange = this._register(new Emitter<void>());
  readonly onDidChange = this.#onDidChange.event;

  constructor(
    private readonly sessions: SessionManager,
    readonly drafts: ComposeDrafts,
  ) {
    super();
    const watching = this._register(new MutableDisposable());
    const follow = (): void => {
      watching.clear();
      const current = sessions.current;
      watching.value = current && drafts.watch(current.account.id, current.store);
      this.#update();
    };
    this._register(sessions.onDidChange(follow));
    this._register(drafts.onDidChange(() => this.#update()));
    follow();
  }

  #update(): void {
    this.#rows = this.#build();
    this.#onDidChange.fire();
  }

  #build(): DraftRow[] {
    const current = this.sessions.current;
    if (!current) return [];
    const local = this.drafts.list(current.account.id);
    const linked = new Set(local.flatMap((d) => (d.serverId === undefined ? [] : [d.serverId])));
    const rows: DraftRow[] = local.map((d) => ({
      node: this.#node(`local:${d.key}`),
      target: d.target,
      content: d.content,
      updatedAt: d.updatedAt,
      local: d,
    }));
    // Turning synchronisation off deletes the server's drafts without an event: show none then.
    for (const d of syncEnabled(current.store) ? this.drafts.serverDrafts(current.store) : []) {
      const target = targetOfServerDraft(d, current.store.ownUserId);
      if (linked.has(d.id) || !target) continue;
      rows.push({
        node: this.#node(`server:${d.id}`),
        target,
        content: d.content,
        updatedAt: d.timestamp * 1000,
        remote: d,
      });
    }
    rows.sort((a, b) => b.updatedAt - a.updatedAt);
    const used = new Set(rows.map((r) => r.node.id));
    for (const id of [...this.#nodes.keys()]) if (!used.has(id)) this.#nodes.delete(id);
    return rows;
  }

  #node(id: string): DraftNode {
    let node = this.#nodes.get(id);
    if (!node) this.#nodes.set(id, (node = { kind: 'draft', id }));
    return node;
  }

  /** Newest first. */
  rows(): readonly DraftRow[] {
    return this.#rows;
  }

  row(node: DraftNode): DraftRow | undefined {
    return this.#rows.find((r) => r.node.id === node.id);
  }

  nodes(): DraftNode[] {
    return this.#rows.map((r) => r.node);
  }
}
