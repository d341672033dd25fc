/**
 * The channels tree's model: one stable node per subscribed channel (so the provider can refresh
 * single rows), the order of the last listing, and a change event naming the rows that changed
 * (`undefined`: the whole list — a rebuild, a (un)subscription, a pin or a rename).
 */
import * as vscode from 'vscode';
import type { SessionManager } from '../../session/manager';
import { Disposable } from '../../disposable';
import type { ChatStore, StoreChange } from '../../store';

export interface ChannelNode {
  readonly kind: 'channel';
  readonly streamId: number;
}

export class ChannelsModel extends Disposable {
  readonly #nodes = new Map<number, ChannelNode>();
  #order: readonly number[] = [];
  readonly #onDidChange = this._register(new vscode.EventEmitter<readonly ChannelNode[] | undefined>());
  readonly onDidChange = this.#onDidChange.event;
  readonly #onDidChangeTotal = this._register(new vscode.EventEmitter<void>());
  /** The unread total may have changed (badge, status bar). */
  readonly onDidChangeTotal = this.#onDidChangeTotal.event;

  constructor(private readonly sessions: SessionManager) {
    super();
    this._register(sessions.onDidChange(() => this.#reset()));
    this._register(sessions.onDidChangeStore((c) => this.#onStore(c)));
  }

  get store(): ChatStore | undefined {
    return this.sessions.current?.store;
  }

  node(streamId: number): ChannelNode {
    let node = this.#nodes.get(streamId);
    if (!node) this.#nodes.set(streamId, (node = { kind: 'channel', streamId }));
    return node;
  }

  /** Pinned first, then by name; O(n) with the store's cached order. */
  roots(): ChannelNode[] {
    const subs = this.store?.subscriptions() ?? [];
    this.#order = subs.map((s) => s.stream_id);
    return this.#order.map((id) => this.node(id));
  }

  /** Reload everything (refresh command). */
  refresh(): void {
    this.#reset();
  }

  #reset(): void {
    this.#nodes.clear();
    this.#onDidChange.fire(undefined);
    this.#onDidChangeTotal.fire();
  }

  #onStore(change: StoreChange): void {
    const a = change.areas;
    if (a.has('unreads') || a.has('subscriptions') || a.has('userTopics')) this.#onDidChangeTotal.fire();
    if (change.full) return this.#reset();
    if (!a.has('subscriptions') && !a.has('unreads') && !a.has('userTopics')) return;
    if (a.has('subscriptions') && !this.#sameOrder()) return this.#onDidChange.fire(undefined);
    const changed: ChannelNode[] = [];
    for (const id of change.streamIds) {
      const node = this.#nodes.get(id);
      if (node) changed.push(node);
    }
    if (changed.length > 0) this.#onDidChange.fire(changed);
  }

  #sameOrder(): boolean {
    const subs = this.store?.subscriptions() ?? [];
    if (subs.length !== this.#order.length) return false;
    for (let i = 0; i < subs.length; i++) if (subs[i]!.stream_id !== this.#order[i]) return false;
    return true;
  }
}
