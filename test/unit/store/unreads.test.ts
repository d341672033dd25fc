// The unread counts behind every badge (channels, topics, DMs, mentions): the index kept
// incrementally from the snapshot and events. Pure: exact counts after each change.
import assert from 'node:assert/strict';
import { dmKey } from '../../../src/store/keys';
import { UnreadIndex, type UnreadLocation } from '../../../src/store/unreads';

/** The fields of a location (the index hands out its shared per-topic entry, which holds more). */
function where(loc: UnreadLocation | undefined): UnreadLocation | undefined {
  if (!loc) return undefined;
  return loc.kind === 'stream'
    ? { kind: 'stream', streamId: loc.streamId, topic: loc.topic }
    : { kind: 'dm', key: loc.key };
}

describe('unread index: the counts behind the badges', () => {
  const ME = 1;

  it('counts a message once, however often it is added, in its channel, topic and the total', () => {
    const u = new UnreadIndex(ME);
    assert.equal(u.addStream(100, 5, 'Build'), true);
    assert.equal(u.addStream(100, 5, 'Build'), false);
    assert.equal(u.addStream(101, 5, 'build'), true); // topics compare case-insensitively
    u.addStream(102, 6, 'other');
    assert.equal(u.addDm(200, [ME, 3]), true);
    assert.equal(u.addDm(200, [3]), false);
    assert.deepEqual(
      [u.total, u.streamCount(5), u.topicCount(5, 'BUILD'), u.dmTotal, u.dmCount([3]), u.mentionCount],
      [4, 2, 2, 1, 1, 0],
    );
    assert.deepEqual([...u.topicsOf(5)], [['build', 'Build', 2]]);
    assert.deepEqual([...u.topicsOf(7)], []);
    assert.deepEqual(u.topicIds(5, 'build'), [100, 101]);
    assert.deepEqual(u.topicIds(5, 'no such topic'), []);
  });

  it('keeps a topic through one, several and no unreads, ids in arrival order', () => {
    const u = new UnreadIndex(ME);
    u.addStream(10, 5, 'solo');
    assert.deepEqual(
      [u.topicCount(5, 'solo'), u.topicIds(5, 'solo'), [...u.topicsOf(5)]],
      [1, [10], [['solo', 'solo', 1]]],
    );
    u.addStream(12, 5, 'Solo');
    u.addStream(11, 5, 'solo');
    assert.deepEqual([u.topicCount(5, 'solo'), u.topicIds(5, 'SOLO')], [3, [10, 12, 11]]);
    assert.equal(
      u.countWhere(5, () => true),
      3,
    );
    u.remove(12);
    u.remove(10);
    assert.deepEqual([u.topicCount(5, 'solo'), u.topicIds(5, 'solo')], [1, [11]]);
    u.remove(11);
    assert.deepEqual(
      [u.topicCount(5, 'solo'), u.topicIds(5, 'solo'), [...u.topicsOf(5)], u.streamCount(5)],
      [0, [], [], 0],
    );
    u.addStream(13, 5, 'solo');
    u.remove(13);
    assert.deepEqual([u.total, [...u.streamIds()]], [0, []]);
  });

  it('counts mentions only where flagged, and forgets them when read', () => {
    const u = new UnreadIndex(ME);
    u.addStream(1, 5, 't', true);
    u.addStream(2, 5, 't');
    u.addDm(3, [4], true);
    u.addDm(4, [4]);
    assert.equal(u.mentionCount, 2);
    u.remove(1);
    u.remove(3);
    assert.equal(u.mentionCount, 0);
  });

  it('removing the last unread of a topic, channel or DM drops it from the lists', () => {
    const u = new UnreadIndex(ME);
    u.addStream(1, 5, 'a');
    u.addStream(2, 5, 'b');
    u.addDm(3, [4, 6]);
    u.addDm(7, [4, 6]);
    assert.deepEqual(where(u.remove(1)), { kind: 'stream', streamId: 5, topic: 'a' });
    assert.deepEqual([...u.topicsOf(5)], [['b', 'b', 1]]);
    assert.deepEqual([...u.streamIds()], [5]);
    u.remove(2);
    assert.deepEqual([...u.streamIds()], []);
    assert.equal(u.remove(2), undefined, 'already read');
    u.remove(3);
    assert.deepEqual([...u.dmConversations()], [['4,6', 1]]);
    u.remove(7);
    assert.deepEqual([...u.dmConversations()], []);
    assert.deepEqual([u.total, u.dmTotal], [0, 0]);
  });

  it('a moved unread keeps its mention and counts in its new place; DMs do not move', () => {
    const u = new UnreadIndex(ME);
    u.addStream(1, 5, 'old', true);
    u.addDm(2, [4]);
    assert.deepEqual(where(u.move(1, 6, 'new')), { kind: 'stream', streamId: 5, topic: 'old' });
    assert.deepEqual([u.streamCount(5), u.topicCount(6, 'new'), u.mentionCount], [0, 1, 1]);
    assert.equal(u.move(2, 6, 'new'), undefined);
    assert.equal(u.move(99, 6, 'new'), undefined);
    assert.deepEqual(where(u.location(2)), { kind: 'dm', key: '4' });
  });

  it('counts a channel only in the topics asked for (muted topics left out)', () => {
    const u = new UnreadIndex(ME);
    u.addStream(1, 5, 'muted');
    u.addStream(2, 5, 'open');
    u.addStream(3, 5, 'Open');
    u.addDm(4, [2], true);
    assert.equal(
      u.countWhere(5, (t) => t !== 'muted'),
      2,
    );
    assert.equal(
      u.countWhere(9, () => true),
      0,
    );
    u.clear();
    assert.deepEqual([u.total, u.dmTotal, u.mentionCount, u.streamCount(5), u.dmCount([2])], [0, 0, 0, 0, 0]);
  });

  it('keeps each location right as its topic or conversation fills and empties (one shared entry per topic)', () => {
    const u = new UnreadIndex(ME);
    u.addStream(1, 5, 'Deploy');
    u.addStream(2, 5, 'deploy');
    u.addDm(3, [ME, 4, 6, 4]);
    u.addDm(4, [6, 4]);
    assert.deepEqual(
      [where(u.location(1)), where(u.location(2))],
      [
        { kind: 'stream', streamId: 5, topic: 'Deploy' },
        { kind: 'stream', streamId: 5, topic: 'Deploy' },
      ],
    );
    assert.deepEqual(
      [where(u.location(3)), u.dmCount([4, 6]), u.dmCount([6, ME, 4])],
      [{ kind: 'dm', key: '4,6' }, 2, 2],
    );
    // Emptied, then filled again under another spelling: a new entry with the new name.
    u.remove(1);
    u.remove(2);
    assert.equal(u.location(1), undefined);
    u.addStream(7, 5, 'DEPLOY');
    assert.deepEqual(
      [where(u.location(7)), u.topicCount(5, 'deploy'), [...u.topicsOf(5)]],
      [{ kind: 'stream', streamId: 5, topic: 'DEPLOY' }, 1, [['deploy', 'DEPLOY', 1]]],
    );
    u.remove(3);
    assert.deepEqual([u.dmCount([4, 6]), u.dmIds([4, 6]), [...u.dmConversations()]], [1, [4], [['4,6', 1]]]);
    u.remove(4);
    assert.deepEqual([u.dmCount([4, 6]), [...u.dmConversations()], u.total], [0, [], 1]);
  });

  it('keys a direct conversation by the other users, deduplicated and in numeric order; by the own id when alone', () => {
    assert.deepEqual(
      [
        dmKey([10, 9, ME, 10], ME),
        dmKey([ME, 12], ME),
        dmKey([12], ME),
        dmKey([ME, ME], ME),
        dmKey([], ME),
        dmKey(new Set([3, 2]), ME),
      ],
      ['9,10', '12', '12', String(ME), String(ME), '2,3'],
    );
  });
});
