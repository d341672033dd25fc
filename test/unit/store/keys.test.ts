// Issue 25 item 4: names are listed with numbers by value ("channel-1025, channel-1057,
// channel-10412"; "User 1080, User 10768"), case-insensitively, by one rule everywhere.
import assert from 'node:assert/strict';
import type { Subscription } from '../../../src/api/channels/models';
import { compareNames, nameSortKey } from '../../../src/store/keys';
import { SubscriptionIndex } from '../../../src/store/subscriptions';
import { UserIndex } from '../../../src/store/users';
import { user } from '../support/synthetic';

const sub = (stream_id: number, name: string, extra: Partial<Subscription> = {}) =>
  ({ stream_id, name, pin_to_top: false, is_muted: false, in_home_view: true, ...extra }) as Subscription;

describe('name order: numbers by value, case-insensitive', () => {
  it('orders the names the issue saw out of order', () => {
    assert.deepEqual(['channel-1057', 'channel-10412', 'channel-1025'].sort(compareNames), [
      'channel-1025',
      'channel-1057',
      'channel-10412',
    ]);
    assert.deepEqual(['User 10768', 'User 1080'].sort(compareNames), ['User 1080', 'User 10768']);
  });

  it('compares numbers of equal and unequal length, leading zeros, and text around them', () => {
    assert.equal(compareNames('a9', 'a10'), -1);
    assert.equal(compareNames('a10', 'a9'), 1);
    assert.equal(compareNames('a10', 'a10'), 0);
    assert.equal(compareNames('a09', 'a9'), 0, 'leading zeros do not change the value');
    assert.equal(compareNames('a2b', 'a10a'), -1);
    assert.equal(compareNames('Beta', 'alpha'), 1, 'case-insensitive');
    assert.equal(compareNames('x', 'x1'), -1, 'a prefix first');
    assert.equal(nameSortKey('Release 2026-11'), 'release 042026-0211');
  });

  it('the Channels list (pinned first) and the users list follow it', () => {
    const channels = new SubscriptionIndex();
    for (const [id, name] of [
      [1, 'channel-1057'],
      [2, 'channel-10412'],
      [3, 'Channel-1025'],
      [4, 'channel-9'],
    ] as const)
      channels.set(sub(id, name));
    channels.set(sub(5, 'zeta', { pin_to_top: true }));
    assert.deepEqual(
      channels.sorted().map((s) => s.name),
      ['zeta', 'channel-9', 'Channel-1025', 'channel-1057', 'channel-10412'],
    );
    const users = new UserIndex();
    for (const [id, name] of [
      [1, 'User 10768'],
      [2, 'User 1080'],
      [3, 'user 2'],
    ] as const)
      users.set(user(id, name));
    assert.deepEqual(
      users.all().map((u) => u.full_name),
      ['user 2', 'User 1080', 'User 10768'],
    );
  });
});
