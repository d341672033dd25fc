import type { Linkifier, RealmPlayground } from '../api/realm/models';
import type { RealmEmoji } from '../api/messages/models';
import type { Reminder, SavedSnippet, ScheduledMessage } from '../api/personal/models';
import type { CustomProfileField } from '../api/users/models';
import type { ServerDraft } from '../api/drafts/models';
import { DirectConversations } from './directMessages';
import { compareNames } from './keys';

import { ChannelFolderIndex } from './channelFolders';
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
 * The own user's saved snippets, scheduled messages and reminders, and the realm's linkifiers and
 * custom profile fields.
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
  /** In the realm's order (the order matters: the first matching linkifier wins). */
  linkifiers: readonly Linkifier[] = [];
  /** In the realm's `order`. */
  customProfileFields: readonly CustomProfileField[] = [];
  /** The organisation's custom emoji that can be used (not deactivated), by name. */
  realmEmoji: readonly RealmEmoji[] = [];
  /** The organisation's code playgrounds, in its order. */
  playgrounds: readonly RealmPlayground[] = [];
  /** Recent direct conversations and muted users. */
  readonly dms = new DirectConversations();
  /** The organisation's channel folders (feature level 389). */
  readonly channelFolders = new ChannelFolderIndex();
}

/** The custom emoji that can be used, by name. */
export function activeRealmEmoji(all: Readonly<Record<string, RealmEmoji>>): RealmEmoji[] {
  return Object.values(all)
    .filter((e) => !e.deactivated)
    .sort((a, b) => compareNames(a.name, b.name));
}

/** Custom profile fields in the realm's order (`order`, else id). */
export function orderProfileFields(fields: readonly CustomProfileField[]): CustomProfileField[] {
  return [...fields].sort((a, b) => (a.order ?? a.id) - (b.order ?? b.id));
}
