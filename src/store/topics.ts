import { topicKey } from './keys';

export interface TopicEntry {
  name: string;
  maxId: number;
}

type Pending = { kind: 'message'; topic: string; id: number } | { kind: 'stale' };

interface StreamTopics {
  byKey: Map<string, TopicEntry>;
  /** Newest first; rebuilt lazily after changes. */
  sorted: TopicEntry[] | undefined;
}

/**
 * The topic lists of channels, loaded lazily (`GET /users/me/{stream_id}/topics`) and then kept
 * current by events. Changes that arrive while a list is being fetched are replayed on top of it.
 */
export class TopicIndex {
  readonly #loaded = new Map<number, StreamTopics>();
  readonly #loading = new Map<number, Pending[]>();
  /** Channels whose list may be wrong (a move or deletion took their newest message): refetch. */
  readonly stale = new Set<number>();

  isLoaded(streamId: number): boolean {
    return this.#loaded.has(streamId);
  }
  isLoading(streamId: number): boolean {
    return this.#loading.has(streamId);
  }
  beginLoad(streamId: number): void {
    if (!this.#loading.has(streamId)) this.#loading.set(streamId, []);
  }
  failLoad(streamId: number): void {
    this.#loading.delete(streamId);
  }

  /** Installs a fetched list (newest first) and replays what happened meanwhile. */
  finishLoad(streamId: number, topics: readonly { name: string; max_id: number }[]): void {
    const byKey = new Map<string, TopicEntry>();
    for (const t of topics) {
      const key = topicKey(t.name);
      const old = byKey.get(key);
      if (!old || old.maxId < t.max_id) byKey.set(key, { name: t.name, maxId: t.max_id });
    }
    this.#loaded.set(streamId, { byKey, sorted: undefined });
    this.stale.delete(streamId);
    const pending = this.#loading.get(streamId) ?? [];
    this.#loading.delete(streamId);
    for (const p of pending) {
      if (p.kind === 'message') this.noteMessage(streamId, p.topic, p.id);
      else this.stale.add(streamId);
    }
  }

  /** A message arrived (or was moved) into a topic. Returns true if a loaded list changed. */
  noteMessage(streamId: number, topic: string, id: number): boolean {
    const pending = this.#loading.get(streamId);
    if (pending) pending.push({ kind: 'message', topic, id });
    const s = this.#loaded.get(streamId);
    if (!s) return false;
    const key = topicKey(topic);
    const entry = s.byKey.get(key);
    if (entry && entry.maxId >= id) return false;
    if (entry) entry.maxId = id;
    else s.byKey.set(key, { name: topic, maxId: id });
    s.sorted = undefined;
    return true;
  }

  /**
   * Messages left a topic (moved away or deleted). `allGone`: the whole topic went (a `change_all`
   * move). If the topic's newest message left but others may remain, the list is marked stale.
   */
  noteRemoved(streamId: number, topic: string, ids: readonly number[], allGone: boolean): boolean {
    const pending = this.#loading.get(streamId);
    if (pending) pending.push({ kind: 'stale' });
    const s = this.#loaded.get(streamId);
    if (!s) return false;
    const key = topicKey(topic);
    const entry = s.byKey.get(key);
    if (!entry) return false;
    if (allGone) {
      s.byKey.delete(key);
      s.sorted = undefined;
      return true;
    }
    if (ids.includes(entry.maxId)) this.stale.add(streamId);
    return false;
  }

  /** A topic's display name changed case, or a channel was deleted: drop the channel's list. */
  forget(streamId: number): void {
    this.#loaded.delete(streamId);
    this.#loading.delete(streamId);
    this.stale.delete(streamId);
  }

  clear(): void {
    this.#loaded.clear();
    this.#loading.clear();
    this.stale.clear();
  }

  /** Newest first; undefined until loaded. */
  list(streamId: number): readonly TopicEntry[] | undefined {
    const s = this.#loaded.get(streamId);
    if (!s) return undefined;
    s.sorted ??= [...s.byKey.values()].sort((a, b) => b.maxId - a.maxId);
    return s.sorted;
  }

  get(streamId: number, topic: string): TopicEntry | undefined {
    return this.#loaded.get(streamId)?.byKey.get(topicKey(topic));
  }

  loadedStreamIds(): Iterable<number> {
    return this.#loaded.keys();
  }
}
