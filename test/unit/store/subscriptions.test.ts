// The subscription index and the direct conversation list on hand-made data: size, ids, muting of
// unknown channels, properties of unsubscribed channels, name ties, and the newest message of a
// conversation.
import assert from 'node:assert/strict';
import type { Subscription } from '../../../src/api/channels/models';
import { DirectConversations } from '../../../src/store/directMessages';
import { SubscriptionIndex } from '../../../src/store/subscriptions';

const sub = (stream_id: number, name: string, extra: Partial<Subscription> = {}) =>
  ({ stream_id, name, pin_to_top: false, is_muted: false, in_home_view: true, ...extra }) as Subscription;

describe('SubscriptionIndex', () => {
  it('size and ids follow the subscriptions', () => {
    const index = new SubscriptionIndex();
    assert.equal(index.size, 0);
    index.set(sub(5, 'b'));
    index.set(sub(2, 'a'));
    assert.equal(index.size, 2);
    assert.deepEqual(
      [...index.ids()].sort((a, b) => a - b),
      [2, 5],
    );
    index.remove(5);
    assert.equal(index.size, 1);
    assert.deepEqual([...index.ids()], [2]);
  });

  it('a channel one is not subscribed to is not muted; a subscribed one as set', () => {
    const index = new SubscriptionIndex();
    index.set(sub(1, 'a', { is_muted: true }));
    index.set(sub(2, 'b'));
    assert.deepEqual([index.isMuted(1), index.isMuted(2), index.isMuted(3)], [true, false, false]);
  });

  it('setting a property of a channel one is not subscribed to reports no change', () => {
    const index = new SubscriptionIndex();
    assert.equal(index.setProperty(9, 'is_muted', true), false);
    assert.equal(index.has(9), false);
    assert.equal(index.isMuted(9), false);
  });

  it('channels whose names differ only in case are ordered by id', () => {
    const index = new SubscriptionIndex();
    index.set(sub(7, 'Dev'));
    index.set(sub(3, 'dev'));
    index.set(sub(5, 'DEV'));
    assert.deepEqual(
      index.sorted().map((s) => s.stream_id),
      [3, 5, 7],
    );
  });
});

describe('DirectConversations', () => {
  it('keeps the newest message of a conversation: an older or the same message changes nothing', () => {
    const dms = new DirectConversations();
    dms.reset(1, [], []);
    assert.equal(dms.note([2], 10), true);
    assert.equal(dms.note([2], 10), false);
    assert.equal(dms.note([2], 9), false);
    assert.equal(dms.note([2], 11), true);
    assert.deepEqual(
      dms.list().map((c) => c.maxMessageId),
      [11],
    );
  });

  it('isMuted names the muted users', () => {
    const dms = new DirectConversations();
    dms.reset(1, [], [{ id: 4 }]);
    assert.deepEqual([dms.isMuted(4), dms.isMuted(5)], [true, false]);
  });
});
