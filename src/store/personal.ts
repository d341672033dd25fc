import type { ServerDraft } from '../api/drafts/models';
import type { RegisterSnapshot } from '../api/events/register';
import type { Reminder, SavedSnippet, ScheduledMessage } from '../api/personal/models';
import { DirectConversations } from './directMessages';
import { compareNames } from './keys';

/** Keyed items with a cached ordered view. */
export class OrderedMap<K, V> {
  readonly #items = new Map<K, V>();
  #sorted: V[] | undefined;

  constructor(private readonly compare: (a: V, b: V) => number) {}

  reset(items: Iterable<[K, V]>): void {
    this.#items.clear();
    for (const [k, v] of items) this.#items.set(k, v);
    this.#sorted = undefined;
  }
  set(key: K, value: V): void {
    this.#items.set(key, value);
    this.#sorted = undefined;
  }
  delete(key: K): boolean {
    this.#sorted = undefined;
    return this.#items.delete(key);
  }
  get(key: K): V | undefined {
    return this.#items.get(key);
  }
  list(): readonly V[] {
    this.#sorted ??= [...this.#items.values()].sort(this.compare);
    return this.#sorted;
  }
}

/**
 * The own user's saved snippets, scheduled messages, reminders, server drafts and direct conversations
 * (what the organisation defines for everyone is in ./realmCatalogue.ts).
 */
export class PersonalItems {
  /** By title, then id. */
  readonly snippets = new OrderedMap<number, SavedSnippet>((a, b) => compareNames(a.title, b.title) || a.id - b.id);
  /** Earliest delivery first. */
  readonly scheduled = new OrderedMap<number, ScheduledMessage>(
    (a, b) =>
      a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp ||
      a.scheduled_message_id - b.scheduled_message_id,
  );
  readonly reminders = new OrderedMap<number, Reminder>(
    (a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.reminder_id - b.reminder_id,
  );
  /** The server's drafts (synchronised ones), newest edit first. */
  readonly drafts = new OrderedMap<number, ServerDraft>((a, b) => b.timestamp - a.timestamp || b.id - a.id);
  /** Recent direct conversations and muted users. */
  readonly dms = new DirectConversations();

  reset(snapshot: RegisterSnapshot, ownUserId: number): void {
    this.snippets.reset((snapshot.saved_snippets ?? []).map((s) => [s.id, s]));
    this.scheduled.reset((snapshot.scheduled_messages ?? []).map((s) => [s.scheduled_message_id, s]));
    this.reminders.reset((snapshot.reminders ?? []).map((r) => [r.reminder_id, r]));
    this.drafts.reset((snapshot.drafts ?? []).map((d) => [d.id, d]));
    this.dms.reset(ownUserId, snapshot.recent_private_conversations ?? [], snapshot.muted_users ?? []);
  }
}
