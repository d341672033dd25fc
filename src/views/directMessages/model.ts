/**
 * The Direct Messages tree's model: the store's recent direct conversations, newest first, each
 * with its unread count; muted users' 1:1 conversations left out. One stable node per
 * conversation so rows keep their selection across refreshes. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { ChatStore, StoreChange } from '../../store';
import type { Event } from '../../base/event';
import { Emitter } from '../../base/event';
import { Disposable } from '../../base/lifecycle';

export interface ConversationNode {
  readonly kind: 'dm';
  /** The conversation's key: the other users' ids ascending, joined by commas (the own id for the one with oneself). */
  readonly key: string;
  /** The other participants, ascending (empty for the conversation with oneself). */
  readonly userIds: readonly number[];
}

/** One row as shown. */
export interface ConversationRow {
  readonly node: ConversationNode;
  readonly maxMessageId: number;
  readonly unread: number;
}

export class DirectMessagesModel extends Disposable {
  #store: ChatStore | undefined;
  #nodes = new Map<string, ConversationNode>();
  readonly #onDidChange = this._register(new Emitter<void>());
  /** The list, an order or a count changed (or the account did): the tree reloads (rows are few). */
  readonly onDidChange: Event<void> = this.#onDidChange.event;

  get store(): ChatStore | undefined {
    return this.#store;
  }

  setStore(store: ChatStore | undefined): void {
    this.#store = store;
    this.#nodes.clear();
    this.#onDidChange.fire();
  }

  /** Reloads on a new snapshot, a new direct message, unread changes, user changes (names, presence). */
  onStoreChange(change: StoreChange): void {
    if (!this.#store) return;
    const a = change.areas;
    if (change.full || a.has('directMessages') || a.has('unreads') || a.has('users') || a.has('presence'))
      this.#onDidChange.fire();
  }

  /** Newest conversation first; empty while signed out or before the first snapshot. */
  rows(): ConversationRow[] {
    const store = this.#store;
    if (!store?.ready) return [];
    const next = new Map<string, ConversationNode>();
    const rows = store.directConversations.list().map((c) => {
      const node = this.#nodes.get(c.key) ?? { kind: 'dm' as const, key: c.key, userIds: c.userIds };
      next.set(c.key, node);
      const ids = c.userIds.length === 0 ? [store.ownUserId] : c.userIds;
      return { node, maxMessageId: c.maxMessageId, unread: store.unreadCount({ dmUserIds: ids }) };
    });
    this.#nodes = next;
    return rows;
  }

  nodes(): ConversationNode[] {
    return this.rows().map((r) => r.node);
  }

  /** The row of a node as last listed. */
  row(node: ConversationNode): ConversationRow | undefined {
    return this.rows().find((r) => r.node.key === node.key);
  }
}

/** "Alice Anders" or "Bob Brown, Carol Chen" (the own name for the conversation with oneself). */
export function conversationTitle(store: ChatStore, userIds: readonly number[]): string {
  const ids = userIds.length === 0 ? [store.ownUserId] : userIds;
  return ids.map((id) => store.user(id)?.full_name ?? l10n.t('User {0}', id)).join(', ');
}
