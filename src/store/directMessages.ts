import { dmKey } from './keys';

/** One direct conversation: the other users (ascending; empty for the one with oneself) and its newest message. */
export interface DirectConversation {
  readonly key: string;
  readonly userIds: readonly number[];
  readonly maxMessageId: number;
}

/**
 * The own user's recent direct conversations (the snapshot's `recent_private_conversations`, kept
 * current by `message` events) and the users they muted (`muted_users`), whose 1:1 conversations
 * are not listed.
 */
export class DirectConversations {
  readonly #byKey = new Map<string, DirectConversation>();
  #muted = new Set<number>();
  #sorted: DirectConversation[] | undefined;
  #ownUserId = 0;

  reset(
    ownUserId: number,
    recent: readonly { max_message_id: number; user_ids: readonly number[] }[],
    muted: readonly { id: number }[],
  ): void {
    this.#ownUserId = ownUserId;
    this.#byKey.clear();
    for (const r of recent) this.note(r.user_ids, r.max_message_id);
    this.setMuted(muted.map((m) => m.id));
  }

  /** A message in the conversation with these users (own id optional). Returns whether the list changed. */
  note(userIds: Iterable<number>, messageId: number): boolean {
    const key = dmKey(userIds, this.#ownUserId);
    const old = this.#byKey.get(key);
    if (old && old.maxMessageId >= messageId) return false;
    const others = key === String(this.#ownUserId) ? [] : key.split(',').map(Number);
    this.#byKey.set(key, { key, userIds: others, maxMessageId: messageId });
    this.#sorted = undefined;
    return true;
  }

  setMuted(ids: Iterable<number>): void {
    this.#muted = new Set(ids);
    this.#sorted = undefined;
  }

  /** Whether the conversation with these users (own id optional) has messages. */
  has(userIds: Iterable<number>, ownUserId: number): boolean {
    return this.#byKey.has(dmKey(userIds, ownUserId));
  }

  isMuted(userId: number): boolean {
    return this.#muted.has(userId);
  }

  /** Newest first; 1:1 conversations with a muted user are left out. */
  list(): readonly DirectConversation[] {
    this.#sorted ??= [...this.#byKey.values()]
      .filter((c) => !(c.userIds.length === 1 && this.#muted.has(c.userIds[0])))
      .sort((a, b) => b.maxMessageId - a.maxMessageId);
    return this.#sorted;
  }
}
