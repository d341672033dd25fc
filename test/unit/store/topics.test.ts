// The topic lists of channels (TopicIndex): installing a fetched list, the changes events make to
// it, and the changes that arrive while a list is being fetched, replayed on top of it.
import { strict as assert } from 'node:assert';
import { TopicIndex } from '../../../src/store/topics';

const GENERAL = 1;
const DESIGN = 2;

function names(index: TopicIndex, streamId: number): [string, number][] | undefined {
  return index.list(streamId)?.map((t) => [t.name, t.maxId]);
}

describe('topic index', () => {
  describe('loading', () => {
    it('is loading from beginLoad until the list is installed or the load fails', () => {
      const topics = new TopicIndex();
      assert.equal(topics.isLoading(GENERAL), false);
      topics.beginLoad(GENERAL);
      assert.equal(topics.isLoading(GENERAL), true);
      assert.equal(topics.isLoading(DESIGN), false);
      assert.equal(topics.isLoaded(GENERAL), false);
      topics.finishLoad(GENERAL, [{ name: 'a', max_id: 1 }]);
      assert.equal(topics.isLoading(GENERAL), false);
      assert.equal(topics.isLoaded(GENERAL), true);

      topics.beginLoad(DESIGN);
      topics.failLoad(DESIGN);
      assert.equal(topics.isLoading(DESIGN), false);
      assert.equal(topics.isLoaded(DESIGN), false);
      assert.equal(topics.list(DESIGN), undefined);
    });

    it('keeps the newest of names that differ only in case', () => {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [
        { name: 'plans', max_id: 5 },
        { name: 'Plans', max_id: 9 },
        { name: 'Lunch', max_id: 8 },
        { name: 'lunch', max_id: 3 },
      ]);
      assert.deepEqual(names(topics, GENERAL), [
        ['Plans', 9],
        ['Lunch', 8],
      ]);
      assert.deepEqual(topics.get(GENERAL, 'PLANS'), { name: 'Plans', maxId: 9 });
    });

    it('installs a list fetched without beginLoad as it is, nothing replayed and nothing stale', () => {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [{ name: 'a', max_id: 4 }]);
      assert.deepEqual(names(topics, GENERAL), [['a', 4]]);
      assert.equal(topics.stale.has(GENERAL), false);
    });

    it('replays messages that arrived during the load on top of the fetched list', () => {
      const topics = new TopicIndex();
      topics.beginLoad(GENERAL);
      assert.equal(topics.noteMessage(GENERAL, 'new', 20), false, 'no list yet');
      assert.equal(topics.noteMessage(GENERAL, 'old', 15), false);
      topics.finishLoad(GENERAL, [
        { name: 'old', max_id: 10 },
        { name: 'older', max_id: 5 },
      ]);
      assert.deepEqual(names(topics, GENERAL), [
        ['new', 20],
        ['old', 15],
        ['older', 5],
      ]);
      assert.equal(topics.stale.has(GENERAL), false);
    });

    it('a second beginLoad keeps what was noted since the first', () => {
      const topics = new TopicIndex();
      topics.beginLoad(GENERAL);
      topics.noteMessage(GENERAL, 'early', 30);
      topics.beginLoad(GENERAL);
      topics.noteMessage(GENERAL, 'late', 31);
      topics.finishLoad(GENERAL, [{ name: 'old', max_id: 10 }]);
      assert.deepEqual(names(topics, GENERAL), [
        ['late', 31],
        ['early', 30],
        ['old', 10],
      ]);
    });

    it('a removal during the load marks the installed list stale (its newest ids are unknown)', () => {
      const topics = new TopicIndex();
      topics.beginLoad(GENERAL);
      assert.equal(topics.noteRemoved(GENERAL, 'old', [10], false), false);
      topics.finishLoad(GENERAL, [{ name: 'old', max_id: 10 }]);
      assert.deepEqual([...topics.stale], [GENERAL]);
      assert.deepEqual(names(topics, GENERAL), [['old', 10]]);
    });

    it('installing a list clears its stale mark', () => {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [{ name: 'old', max_id: 10 }]);
      topics.noteRemoved(GENERAL, 'old', [10], false);
      assert.equal(topics.stale.has(GENERAL), true);
      topics.finishLoad(GENERAL, [{ name: 'old', max_id: 9 }]);
      assert.equal(topics.stale.has(GENERAL), false);
    });
  });

  describe('new messages', () => {
    it('a newer message moves its topic first; an older or the same one changes nothing', () => {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [
        { name: 'b', max_id: 20 },
        { name: 'a', max_id: 10 },
      ]);
      assert.equal(topics.noteMessage(GENERAL, 'a', 5), false, 'older');
      assert.equal(topics.noteMessage(GENERAL, 'a', 10), false, 'the same message again');
      assert.deepEqual(names(topics, GENERAL), [
        ['b', 20],
        ['a', 10],
      ]);
      assert.equal(topics.noteMessage(GENERAL, 'a', 21), true);
      assert.deepEqual(names(topics, GENERAL), [
        ['a', 21],
        ['b', 20],
      ]);
      assert.equal(topics.noteMessage(GENERAL, 'c', 22), true, 'a new topic');
      assert.deepEqual(names(topics, GENERAL), [
        ['c', 22],
        ['a', 21],
        ['b', 20],
      ]);
    });

    it('keeps the listed spelling of a topic when a message arrives under another case', () => {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [{ name: 'Plans', max_id: 10 }]);
      assert.equal(topics.noteMessage(GENERAL, 'PLANS', 11), true);
      assert.deepEqual(names(topics, GENERAL), [['Plans', 11]]);
    });

    it('ignores messages of channels whose list is not loaded', () => {
      const topics = new TopicIndex();
      assert.equal(topics.noteMessage(DESIGN, 'x', 1), false);
      assert.equal(topics.list(DESIGN), undefined);
      assert.equal(topics.get(DESIGN, 'x'), undefined);
    });
  });

  describe('removed messages', () => {
    it('a whole topic gone leaves the list', () => {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [
        { name: 'b', max_id: 20 },
        { name: 'a', max_id: 10 },
      ]);
      assert.equal(topics.noteRemoved(GENERAL, 'B', [19, 20], true), true);
      assert.deepEqual(names(topics, GENERAL), [['a', 10]]);
      assert.equal(topics.get(GENERAL, 'b'), undefined);
    });

    it('the newest message of a topic gone marks the list stale, without changing it', () => {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [{ name: 'b', max_id: 20 }]);
      assert.equal(topics.noteRemoved(GENERAL, 'b', [20], false), false);
      assert.equal(topics.stale.has(GENERAL), true);
      assert.deepEqual(names(topics, GENERAL), [['b', 20]]);
    });

    it('older messages of a topic gone change nothing', () => {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [{ name: 'b', max_id: 20 }]);
      assert.equal(topics.noteRemoved(GENERAL, 'b', [18, 19], false), false);
      assert.equal(topics.stale.size, 0);
      assert.deepEqual(names(topics, GENERAL), [['b', 20]]);
    });

    it('a removal from an unknown topic or an unloaded channel changes nothing', () => {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [{ name: 'b', max_id: 20 }]);
      assert.equal(topics.noteRemoved(GENERAL, 'nope', [20], true), false);
      assert.equal(topics.noteRemoved(DESIGN, 'b', [20], true), false);
      assert.equal(topics.stale.size, 0);
      assert.deepEqual(names(topics, GENERAL), [['b', 20]]);
      assert.equal(topics.list(DESIGN), undefined);
    });
  });

  describe('forgetting', () => {
    function loadedIndex(): TopicIndex {
      const topics = new TopicIndex();
      topics.finishLoad(GENERAL, [{ name: 'b', max_id: 20 }]);
      topics.noteRemoved(GENERAL, 'b', [20], false);
      topics.finishLoad(DESIGN, [{ name: 'd', max_id: 7 }]);
      topics.beginLoad(3);
      return topics;
    }

    it('forget drops one channel: its list, its load and its stale mark', () => {
      const topics = loadedIndex();
      assert.deepEqual([...topics.loadedStreamIds()].sort(), [GENERAL, DESIGN]);
      topics.forget(GENERAL);
      topics.forget(3);
      assert.equal(topics.isLoaded(GENERAL), false);
      assert.equal(topics.list(GENERAL), undefined);
      assert.equal(topics.stale.has(GENERAL), false);
      assert.equal(topics.isLoading(3), false);
      assert.deepEqual([...topics.loadedStreamIds()], [DESIGN]);
      assert.deepEqual(names(topics, DESIGN), [['d', 7]]);
    });

    it('clear drops every channel', () => {
      const topics = loadedIndex();
      topics.clear();
      assert.deepEqual([...topics.loadedStreamIds()], []);
      assert.equal(topics.list(DESIGN), undefined);
      assert.equal(topics.isLoading(3), false);
      assert.equal(topics.stale.size, 0);
    });
  });
});
