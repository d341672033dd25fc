import type { Subscription } from '../api/channels/models';
import { nameSortKey } from './keys';

/** A channel as known to the user, subscribed or not (names for messages, moves and links). */
export interface ChannelInfo {
  stream_id: number;
  name: string;
  description?: string;
  invite_only?: boolean;
  is_archived?: boolean;
  [key: string]: unknown;
}

/** Subscriptions by channel id, the sorted list the channel tree shows, and all known channels. */
export class SubscriptionIndex {
  readonly #subs = new Map<number, Subscription>();
  readonly #channels = new Map<number, ChannelInfo>();
  /**
   * Channel records of a snapshot not indexed yet, merged in this order on first use: the first
   * screen shows subscriptions only, and a large organisation has thousands of other channels.
   */
  #unindexed: (readonly ChannelInfo[])[] | undefined;
  #sorted: Subscription[] | undefined;

  clear(): void {
    this.#subs.clear();
    this.#channels.clear();
    this.#unindexed = undefined;
    this.#sorted = undefined;
  }

  /**
   * Rebuilds from a snapshot: the same as `clear()`, `setChannel` for each record of `channels`
   * in order, then `set` for each subscription; the channel records are indexed on first use.
   */
  reset(channels: readonly (readonly ChannelInfo[])[], subs: readonly Subscription[]): void {
    this.clear();
    for (const sub of subs) this.#subs.set(sub.stream_id, sub);
    this.#unindexed = [...channels, subs];
  }

  /** Every channel record by id, after merging what `reset` left unindexed. */
  get #known(): Map<number, ChannelInfo> {
    const lists = this.#unindexed;
    if (lists) {
      this.#unindexed = undefined;
      for (const list of lists) for (const channel of list) this.setChannel(channel);
    }
    return this.#channels;
  }

  get size(): number {
    return this.#subs.size;
  }

  get(streamId: number): Subscription | undefined {
    return this.#subs.get(streamId);
  }

  has(streamId: number): boolean {
    return this.#subs.has(streamId);
  }

  isMuted(streamId: number): boolean {
    return this.#subs.get(streamId)?.is_muted ?? false;
  }

  set(sub: Subscription): void {
    this.#subs.set(sub.stream_id, sub);
    this.setChannel(sub);
    this.#sorted = undefined;
  }

  remove(streamId: number): boolean {
    this.#sorted = undefined;
    return this.#subs.delete(streamId);
  }

  /** Sets one property; `is_muted` and its legacy inverse `in_home_view` are kept in step. */
  setProperty(streamId: number, property: string, value: unknown, extra: Record<string, unknown> = {}): boolean {
    const sub = this.#subs.get(streamId);
    const fields: Record<string, unknown> = { ...extra, [property]: value };
    if (property === 'in_home_view' && typeof value === 'boolean') fields.is_muted = !value;
    if (property === 'is_muted' && typeof value === 'boolean') fields.in_home_view = !value;
    const channel = this.#known.get(streamId);
    if (channel) this.#channels.set(streamId, { ...channel, ...fields });
    if (!sub) return false;
    this.#subs.set(streamId, { ...sub, ...fields } as Subscription);
    if (property === 'name' || property === 'pin_to_top') this.#sorted = undefined;
    else if (this.#sorted)
      this.#sorted = this.#sorted.map((s) => (s.stream_id === streamId ? this.#subs.get(streamId)! : s));
    return true;
  }

  /** Pinned first, then by name (case-insensitive, numbers by value). */
  sorted(): readonly Subscription[] {
    if (!this.#sorted) {
      const keyed = [...this.#subs.values()].map((s) => ({ s, k: nameSortKey(s.name) }));
      keyed.sort((a, b) => {
        if (a.s.pin_to_top !== b.s.pin_to_top) return a.s.pin_to_top ? -1 : 1;
        return a.k < b.k ? -1 : a.k > b.k ? 1 : a.s.stream_id - b.s.stream_id;
      });
      this.#sorted = keyed.map((e) => e.s);
    }
    return this.#sorted;
  }

  ids(): Iterable<number> {
    return this.#subs.keys();
  }

  /** Adds a channel record, or merges it over the known one. */
  setChannel(channel: ChannelInfo): void {
    const channels = this.#known;
    const old = channels.get(channel.stream_id);
    // Records are replaced, never changed in place: a new one can be kept as it is (no copy).
    channels.set(channel.stream_id, old ? { ...old, ...channel } : channel);
  }

  deleteChannel(streamId: number): void {
    this.#known.delete(streamId);
    this.remove(streamId);
  }

  channel(streamId: number): ChannelInfo | undefined {
    return this.#known.get(streamId);
  }

  channels(): Iterable<ChannelInfo> {
    return this.#known.values();
  }
}
