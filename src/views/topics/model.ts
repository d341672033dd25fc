/**
 * The topics tree's model: the topics of one channel (the one selected in the channels tree),
 * newest first, loaded once per channel through the store (which keeps them live afterwards).
 * Nodes are stable per topic so rows keep their selection and expansion across refreshes.
 */
import { Emitter } from '../../base/event';
import type { SessionManager } from '../../session/manager';
import { Disposable } from '../../base/lifecycle';
import type { ChatStore, StoreChange, TopicItem } from '../../store';
import { topicKey } from '../../store/keys';

export interface TopicNode {
  readonly kind: 'topic';
  readonly streamId: number;
  /** As the server spells it (resolved topics keep their "✔ " prefix). */
  readonly topic: string;
}

export type TopicsState =
  | { kind: 'none' }
  | { kind: 'loading'; streamId: number }
  | { kind: 'loaded'; streamId: number }
  | { kind: 'failed'; streamId: number; error: unknown };

export class TopicsModel extends Disposable {
  #streamId: number | undefined;
  #state: TopicsState = { kind: 'none' };
  #nodes = new Map<string, TopicNode>();
  #items = new Map<string, TopicItem>();
  readonly #onDidChange = this._register(new Emitter<void>());
  /** The list changed (another channel, a load, new topics, counts or policies). */
  readonly onDidChange = this.#onDidChange.event;
  readonly #onDidChangeChannel = this._register(new Emitter<number | undefined>());
  readonly onDidChangeChannel = this.#onDidChangeChannel.event;

  constructor(private readonly sessions: SessionManager) {
    super();
    this._register(
      sessions.onDidChange((current) => {
        // Another account: its channels differ; a rebuild of the same account keeps the channel.
        if (!current) void this.setChannel(undefined);
        else if (this.#streamId !== undefined && current.store.subscription(this.#streamId))
          void this.load().catch(() => undefined);
      }),
    );
    this._register(sessions.onDidChangeStore((c) => this.#onStore(c)));
  }

  get store(): ChatStore | undefined {
    return this.sessions.current?.store;
  }
  get streamId(): number | undefined {
    return this.#streamId;
  }
  get state(): TopicsState {
    return this.#state;
  }

  /** Shows another channel's topics (loading them if needed). */
  setChannel(streamId: number | undefined): Promise<void> {
    if (streamId !== this.#streamId) {
      this.#streamId = streamId;
      this.#nodes = new Map();
      this.#onDidChangeChannel.fire(streamId);
    }
    return this.load();
  }

  /** Loads the current channel's topics (no-op when the store already has them). */
  async load(): Promise<void> {
    const streamId = this.#streamId;
    const store = this.store;
    if (streamId === undefined || !store) {
      this.#state = { kind: 'none' };
      this.#onDidChange.fire();
      return;
    }
    if (store.topics(streamId)) {
      this.#state = { kind: 'loaded', streamId };
      this.#onDidChange.fire();
      return;
    }
    this.#state = { kind: 'loading', streamId };
    this.#onDidChange.fire();
    try {
      await store.loadTopics(streamId);
      if (this.#streamId === streamId) this.#state = { kind: 'loaded', streamId };
    } catch (error) {
      if (this.#streamId === streamId) this.#state = { kind: 'failed', streamId, error };
      throw error;
    } finally {
      if (this.#streamId === streamId) this.#onDidChange.fire();
    }
  }

  /** The current channel's topics, newest first (empty while loading). */
  topics(): TopicNode[] {
    const streamId = this.#streamId;
    const list = streamId === undefined ? undefined : this.store?.topics(streamId);
    this.#items = new Map();
    if (!list || streamId === undefined) return [];
    const nodes = new Map<string, TopicNode>();
    const result: TopicNode[] = [];
    for (const t of list) {
      const key = topicKey(t.name);
      let node = this.#nodes.get(key);
      if (!node || node.topic !== t.name) node = { kind: 'topic', streamId, topic: t.name };
      nodes.set(key, node);
      this.#items.set(key, t);
      result.push(node);
    }
    this.#nodes = nodes;
    return result;
  }

  /** The row data of a node from the last listing (O(1)). */
  item(node: TopicNode): TopicItem | undefined {
    return this.#items.get(topicKey(node.topic));
  }

  #onStore(change: StoreChange): void {
    const streamId = this.#streamId;
    if (streamId === undefined) return;
    if (change.full) {
      void this.load().catch(() => undefined);
      return;
    }
    const a = change.areas;
    const relevant =
      a.has('topics') || a.has('unreads') || a.has('userTopics') || a.has('subscriptions') || a.has('realm');
    if (!relevant) return;
    if (change.streamIds.has(streamId) || a.has('realm')) this.#onDidChange.fire();
  }
}
