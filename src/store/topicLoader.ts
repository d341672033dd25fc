/**
 * Loads a channel's topic list on first use (`GET /users/me/{stream_id}/topics`) into the store's
 * `TopicIndex`: concurrent loads share one request, an answer started before a rebuild is not
 * installed (the load starts again), and lists the events made stale are fetched again.
 */
import type { Topic } from '../api/channels/models';
import type { TopicIndex } from './topics';

export interface TopicLoaderOptions {
  readonly topics: TopicIndex;
  readonly fetch?: (streamId: number) => Promise<readonly Topic[]>;
  /** A list was installed: the store drops its cached rows and tells its listeners. */
  readonly onLoaded: (streamId: number) => void;
  /** A background refetch failed. */
  readonly onError?: (error: unknown) => void;
}

export class TopicLoader {
  readonly #loads = new Map<number, Promise<void>>();
  /** Bumped by `clear` (a rebuild): a fetch started before it must not install its answer. */
  #generation = 0;

  constructor(private readonly options: TopicLoaderOptions) {}

  /** Forgets loads under way (the store was rebuilt). */
  clear(): void {
    this.#generation++;
    this.#loads.clear();
  }

  /** Loads the channel's topics unless they are loaded; concurrent calls share one request. */
  load(streamId: number): Promise<void> {
    if (this.options.topics.isLoaded(streamId)) return Promise.resolve();
    return this.#loads.get(streamId) ?? this.#start(streamId);
  }

  /** A move or deletion took the newest message of a topic: fetch the channel's list again. */
  refetch(streamId: number): void {
    const topics = this.options.topics;
    topics.stale.delete(streamId);
    if (this.#loads.has(streamId) || !topics.isLoaded(streamId)) return;
    const generation = this.#generation;
    this.#start(streamId).catch((error: unknown) => {
      if (generation === this.#generation) this.options.onError?.(error);
    });
  }

  #start(streamId: number): Promise<void> {
    const pending: Promise<void> = this.#fetch(streamId).finally(() => {
      if (this.#loads.get(streamId) === pending) this.#loads.delete(streamId);
    });
    this.#loads.set(streamId, pending);
    return pending;
  }

  async #fetch(streamId: number): Promise<void> {
    const { fetch, topics } = this.options;
    if (!fetch) throw new Error('This store cannot load topics (no fetchTopics given).');
    const generation = this.#generation;
    topics.beginLoad(streamId);
    let list: readonly Topic[];
    try {
      list = await fetch(streamId);
    } catch (error) {
      if (generation === this.#generation) topics.failLoad(streamId);
      throw error;
    }
    if (generation !== this.#generation) return this.load(streamId);
    topics.finishLoad(streamId, list);
    this.options.onLoaded(streamId);
  }
}
