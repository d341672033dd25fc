// Loading channels' topic lists (TopicLoader) with a fetch the test answers by hand: shared
// requests, refetches of stale lists, failures, and answers that a rebuild (`clear`) made stale.
import { strict as assert } from 'node:assert';
import type { Topic } from '../../../src/api/channels/models';
import { TopicLoader } from '../../../src/store/topicLoader';
import { TopicIndex } from '../../../src/store/topics';

const GENERAL = 1;

interface Request {
  streamId: number;
  resolve(topics: Topic[]): void;
  reject(error: unknown): void;
}

/** A loader over a real TopicIndex whose fetches wait for the test to answer them. */
function setup(options: { withFetch?: boolean; withOnError?: boolean } = {}) {
  const topics = new TopicIndex();
  const requests: Request[] = [];
  const loaded: number[] = [];
  const errors: unknown[] = [];
  const fetch = (streamId: number) =>
    new Promise<readonly Topic[]>((resolve, reject) => {
      requests.push({ streamId, resolve, reject });
    });
  const loader = new TopicLoader({
    topics,
    fetch: options.withFetch === false ? undefined : fetch,
    onLoaded: (id) => loaded.push(id),
    onError: options.withOnError === false ? undefined : (e) => errors.push(e),
  });
  return { topics, loader, requests, loaded, errors };
}

/** Lets settled promises run their callbacks (a few turns of the microtask queue). */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function names(topics: TopicIndex, streamId: number): string[] | undefined {
  return topics.list(streamId)?.map((t) => t.name);
}

describe('topic loader', () => {
  it('shares one request between concurrent loads, installs the answer once, and does not fetch a loaded list again', async () => {
    const { topics, loader, requests, loaded } = setup();
    const first = loader.load(GENERAL);
    const second = loader.load(GENERAL);
    assert.equal(requests.length, 1);
    assert.equal(topics.isLoading(GENERAL), true);
    requests[0]!.resolve([{ name: 'a', max_id: 1 }]);
    await Promise.all([first, second]);
    assert.deepEqual(names(topics, GENERAL), ['a']);
    assert.deepEqual(loaded, [GENERAL]);
    await loader.load(GENERAL);
    assert.equal(requests.length, 1);
  });

  it('without a fetch function, a load fails with an explanation', async () => {
    const { topics, loader } = setup({ withFetch: false });
    await assert.rejects(loader.load(GENERAL), /no fetchTopics given/);
    assert.equal(topics.isLoading(GENERAL), false);
  });

  it('a failed fetch rejects the load with its error, and the next load asks again', async () => {
    const { topics, loader, requests, loaded } = setup();
    const failure = new Error('network down');
    const load = loader.load(GENERAL);
    requests[0]!.reject(failure);
    await assert.rejects(load, (e) => e === failure);
    assert.equal(topics.isLoading(GENERAL), false);
    assert.equal(topics.isLoaded(GENERAL), false);
    assert.deepEqual(loaded, []);
    const again = loader.load(GENERAL);
    assert.equal(requests.length, 2);
    requests[1]!.resolve([{ name: 'b', max_id: 2 }]);
    await again;
    assert.deepEqual(names(topics, GENERAL), ['b']);
  });

  describe('after a rebuild (clear)', () => {
    it('an answer to a request made before is not installed: the load asks again', async () => {
      const { topics, loader, requests, loaded } = setup();
      const load = loader.load(GENERAL);
      loader.clear();
      requests[0]!.resolve([{ name: 'before the rebuild', max_id: 1 }]);
      await settle();
      assert.equal(requests.length, 2, 'asked again');
      assert.equal(topics.isLoaded(GENERAL), false);
      requests[1]!.resolve([{ name: 'after the rebuild', max_id: 2 }]);
      await load;
      assert.deepEqual(names(topics, GENERAL), ['after the rebuild']);
      assert.deepEqual(loaded, [GENERAL]);
    });

    it('a request made before that fails leaves the newer load alone', async () => {
      const { topics, loader, requests } = setup();
      const old = loader.load(GENERAL);
      loader.clear();
      const current = loader.load(GENERAL);
      assert.equal(requests.length, 2);
      requests[0]!.reject(new Error('old request failed'));
      await assert.rejects(old, /old request failed/);
      // The newer load is still under way: it is shared, and what happens meanwhile is replayed.
      void loader.load(GENERAL);
      assert.equal(requests.length, 2, 'no third request');
      assert.equal(topics.isLoading(GENERAL), true);
      topics.noteMessage(GENERAL, 'during the load', 50);
      requests[1]!.resolve([{ name: 'fetched', max_id: 40 }]);
      await current;
      assert.deepEqual(names(topics, GENERAL), ['during the load', 'fetched']);
    });
  });

  describe('refetching a stale list', () => {
    it('fetches a loaded list again (once while a request is under way) and clears its stale mark', async () => {
      const { topics, loader, requests, loaded } = setup();
      topics.finishLoad(GENERAL, [{ name: 'a', max_id: 10 }]);
      topics.noteRemoved(GENERAL, 'a', [10], false);
      assert.equal(topics.stale.has(GENERAL), true);
      loader.refetch(GENERAL);
      loader.refetch(GENERAL);
      assert.equal(topics.stale.has(GENERAL), false);
      assert.equal(requests.length, 1);
      requests[0]!.resolve([{ name: 'a', max_id: 9 }]);
      await settle();
      assert.deepEqual(
        topics.list(GENERAL)?.map((t) => t.maxId),
        [9],
      );
      assert.deepEqual(loaded, [GENERAL]);
    });

    it('does not fetch a list that was never loaded', () => {
      const { topics, loader, requests } = setup();
      topics.stale.add(GENERAL);
      loader.refetch(GENERAL);
      assert.equal(requests.length, 0);
      assert.equal(topics.stale.has(GENERAL), false);
    });

    it('reports a failed refetch to onError and keeps the old list', async () => {
      const { topics, loader, requests, errors } = setup();
      topics.finishLoad(GENERAL, [{ name: 'a', max_id: 10 }]);
      loader.refetch(GENERAL);
      const failure = new Error('refetch failed');
      requests[0]!.reject(failure);
      await settle();
      assert.deepEqual(errors, [failure]);
      assert.deepEqual(names(topics, GENERAL), ['a']);
      assert.equal(topics.isLoading(GENERAL), false);
    });

    it('does not report a failed refetch started before a rebuild', async () => {
      const { topics, loader, requests, errors } = setup();
      topics.finishLoad(GENERAL, [{ name: 'a', max_id: 10 }]);
      loader.refetch(GENERAL);
      loader.clear();
      requests[0]!.reject(new Error('stale failure'));
      await settle();
      assert.deepEqual(errors, []);
    });

    it('without onError, a failed refetch rejects nothing unhandled', async () => {
      const { topics, loader, requests } = setup({ withOnError: false });
      const unhandled: unknown[] = [];
      const listener = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', listener);
      try {
        topics.finishLoad(GENERAL, [{ name: 'a', max_id: 10 }]);
        loader.refetch(GENERAL);
        requests[0]!.reject(new Error('refetch failed'));
        await settle();
        await settle();
      } finally {
        process.off('unhandledRejection', listener);
      }
      assert.deepEqual(unhandled, []);
    });
  });
});
