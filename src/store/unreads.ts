import { dmKey, topicKey } from './keys';

/** Where an unread message is. */
export type UnreadLocation =
  | { readonly kind: 'stream'; readonly streamId: number; readonly topic: string }
  | { readonly kind: 'dm'; readonly key: string };

/**
 * A topic's unreads. It is also the location of each of its ids (an `UnreadLocation`), so the
 * index holds no object per unread message, only a map entry.
 */
interface TopicUnreads {
  readonly kind: 'stream';
  readonly streamId: number;
  /** The display name as first seen (topics compare case-insensitively). */
  readonly topic: string;
  /** `topicKey(topic)`. */
  readonly key: string;
  /**
   * The unread ids, in arrival order. A lone id is held as the number itself: most topics have one
   * unread, and a Set each would be most of a large organisation's unread index.
   */
  ids: number | Set<number>;
}

/** A direct conversation's unreads; also the location of each of its ids. */
interface DmUnreads {
  readonly kind: 'dm';
  readonly key: string;
  readonly ids: Set<number>;
}

function idCount(ids: number | Set<number>): number {
  return typeof ids === 'number' ? 1 : ids.size;
}

interface StreamUnreads {
  count: number;
  topics: Map<string, TopicUnreads>;
}

/**
 * The unread index: every unread message id with its location, counts per channel, per topic and
 * per direct conversation, all maintained incrementally so every read is O(1).
 */
export class UnreadIndex {
  /** Each unread id → its topic's or conversation's entry (shared by all its ids). */
  readonly #where = new Map<number, TopicUnreads | DmUnreads>();
  readonly #streams = new Map<number, StreamUnreads>();
  readonly #dms = new Map<string, DmUnreads>();
  readonly #mentions = new Set<number>();
  #dmTotal = 0;

  constructor(readonly ownUserId: number) {}

  get total(): number {
    return this.#where.size;
  }
  get dmTotal(): number {
    return this.#dmTotal;
  }
  get mentionCount(): number {
    return this.#mentions.size;
  }
  /** Unread direct messages plus unread mentions in channels, each message once (the mobile apps' badge). */
  get dmsAndMentions(): number {
    return this.dmTotal + this.streamMentionCount;
  }

  /** Unread mentions in channels (mentions in direct messages are counted by `dmTotal`). */
  get streamMentionCount(): number {
    let n = 0;
    for (const id of this.#mentions) if (this.#where.get(id)?.kind === 'stream') n++;
    return n;
  }

  has(id: number): boolean {
    return this.#where.has(id);
  }
  location(id: number): UnreadLocation | undefined {
    return this.#where.get(id);
  }

  addStream(id: number, streamId: number, topic: string, mentioned = false): boolean {
    if (this.#where.has(id)) return false;
    let s = this.#streams.get(streamId);
    if (!s) this.#streams.set(streamId, (s = { count: 0, topics: new Map() }));
    const key = topicKey(topic);
    let t = s.topics.get(key);
    if (!t) s.topics.set(key, (t = { kind: 'stream', streamId, topic, key, ids: id }));
    else if (typeof t.ids === 'number') t.ids = new Set([t.ids, id]);
    else t.ids.add(id);
    this.#where.set(id, t);
    s.count++;
    if (mentioned) this.#mentions.add(id);
    return true;
  }

  /** `userIds`: the conversation's users, with or without the own user. */
  addDm(id: number, userIds: Iterable<number>, mentioned = false): boolean {
    return this.addDmKey(id, dmKey(userIds, this.ownUserId), mentioned);
  }

  addDmKey(id: number, key: string, mentioned = false): boolean {
    if (this.#where.has(id)) return false;
    let dm = this.#dms.get(key);
    if (!dm) this.#dms.set(key, (dm = { kind: 'dm', key, ids: new Set() }));
    dm.ids.add(id);
    this.#where.set(id, dm);
    this.#dmTotal++;
    if (mentioned) this.#mentions.add(id);
    return true;
  }

  /** Removes one id; returns where it was. */
  remove(id: number): UnreadLocation | undefined {
    const loc = this.#where.get(id);
    if (!loc) return undefined;
    this.#where.delete(id);
    this.#mentions.delete(id);
    if (loc.kind === 'dm') {
      loc.ids.delete(id);
      if (loc.ids.size === 0) this.#dms.delete(loc.key);
      this.#dmTotal--;
    } else {
      const s = this.#streams.get(loc.streamId)!;
      if (typeof loc.ids === 'number' || (loc.ids.delete(id) && loc.ids.size === 0)) s.topics.delete(loc.key);
      if (--s.count === 0) this.#streams.delete(loc.streamId);
    }
    return loc;
  }

  /** Moves an unread channel message to another channel and/or topic. */
  move(id: number, streamId: number, topic: string): UnreadLocation | undefined {
    const loc = this.#where.get(id);
    if (!loc || loc.kind !== 'stream') return undefined;
    const mentioned = this.#mentions.has(id);
    this.remove(id);
    this.addStream(id, streamId, topic, mentioned);
    return loc;
  }

  clear(): void {
    this.#where.clear();
    this.#streams.clear();
    this.#dms.clear();
    this.#mentions.clear();
    this.#dmTotal = 0;
  }

  streamCount(streamId: number): number {
    return this.#streams.get(streamId)?.count ?? 0;
  }

  topicCount(streamId: number, topic: string): number {
    const t = this.#streams.get(streamId)?.topics.get(topicKey(topic));
    return t ? idCount(t.ids) : 0;
  }

  dmCount(userIds: Iterable<number>): number {
    return this.#dms.get(dmKey(userIds, this.ownUserId))?.ids.size ?? 0;
  }

  /** The unread ids of one topic (a copy). */
  topicIds(streamId: number, topic: string): number[] {
    const ids = this.#streams.get(streamId)?.topics.get(topicKey(topic))?.ids;
    return ids === undefined ? [] : typeof ids === 'number' ? [ids] : [...ids];
  }

  /** The unread ids of one direct conversation (a copy). */
  dmIds(userIds: Iterable<number>): number[] {
    return [...(this.#dms.get(dmKey(userIds, this.ownUserId))?.ids ?? [])];
  }

  /** Unreads of a channel in the topics `counts(name)` accepts. */
  countWhere(streamId: number, counts: (topic: string) => boolean): number {
    const s = this.#streams.get(streamId);
    if (!s) return 0;
    let n = 0;
    for (const t of s.topics.values()) if (counts(t.topic)) n += idCount(t.ids);
    return n;
  }

  /** Topics with unreads in a channel: `[key, name, count]`. */
  *topicsOf(streamId: number): Iterable<[key: string, name: string, count: number]> {
    const s = this.#streams.get(streamId);
    if (!s) return;
    for (const [key, t] of s.topics) yield [key, t.topic, idCount(t.ids)];
  }

  streamIds(): Iterable<number> {
    return this.#streams.keys();
  }

  /** Direct conversations with unreads: key (see `dmKey`) → count. */
  *dmConversations(): Iterable<[key: string, count: number]> {
    for (const [key, dm] of this.#dms) yield [key, dm.ids.size];
  }
}

/** What the store lets views read of its unread index (the Inbox lists conversations from it). */
export type ReadonlyUnreads = Pick<
  UnreadIndex,
  'topicsOf' | 'topicIds' | 'streamIds' | 'dmConversations' | 'dmIds' | 'dmsAndMentions'
>;
