import { strict as assert } from 'node:assert';
import { RegisterSnapshot } from '../../../../src/api/events/register';
import { ChatStore, type StoreChange } from '../../../../src/store';
import { events, ownSnapshot, user } from '../../support/synthetic';

/**
 * User events (`realm_user`, `presence`) in the store: what they change, and exactly which areas
 * and users each change names (the people tree and the permission checks refresh on these).
 */

const ME = 10;
const ALICE = 11;
const BOB = 12;
const NOBODY = 99;
const NOW_S = 1_700_000_000;

function snapshot(): RegisterSnapshot {
  return ownSnapshot({
    realm_users: [user(ME, 'Me'), user(ALICE, 'alice'), user(BOB, 'Bob')],
    subscriptions: [],
    user_topics: [],
    presences: {},
    server_timestamp: NOW_S,
    realm_user_groups: [],
    realm_linkifiers: [],
    unread_msgs: { count: 0, mentions: [], old_unreads_missing: false, streams: [], pms: [], huddles: [] },
  });
}

function summary(c: StoreChange | undefined) {
  if (!c) return undefined;
  return { areas: [...c.areas].sort(), userIds: [...c.userIds].sort() };
}

describe('store: user events (what each change names)', () => {
  let store: ChatStore;
  let errors: unknown[];

  beforeEach(() => {
    errors = [];
    store = new ChatStore({ now: () => NOW_S * 1000, onError: (e) => errors.push(e) });
    store.reset(snapshot());
  });

  afterEach(() => assert.deepEqual(errors, []));

  const apply = (...raw: Record<string, unknown>[]) => summary(store.apply(events(...raw)));

  describe('realm_user', () => {
    it('an update of another user names that user; of the own user, the realm too (the role decides permissions)', () => {
      assert.deepEqual(apply({ type: 'realm_user', op: 'update', person: { user_id: ALICE, full_name: 'Alice' } }), {
        areas: ['users'],
        userIds: [ALICE],
      });
      assert.equal(store.user(ALICE)?.full_name, 'Alice');
      assert.deepEqual(apply({ type: 'realm_user', op: 'update', person: { user_id: ME, role: 200 } }), {
        areas: ['realm', 'users'],
        userIds: [ME],
      });
      assert.equal(store.ownUser?.is_admin, true);
    });

    it('a removal deactivates the user (the record stays) and names them', () => {
      assert.deepEqual(apply({ type: 'realm_user', op: 'remove', person: { user_id: BOB, full_name: 'Bob' } }), {
        areas: ['users'],
        userIds: [BOB],
      });
      assert.equal(store.user(BOB)?.is_active, false);
      assert.equal(store.user(BOB)?.full_name, 'Bob');
    });

    it('an update or removal of a user the store does not know changes nothing', () => {
      assert.equal(
        apply({ type: 'realm_user', op: 'update', person: { user_id: NOBODY, full_name: 'Ghost' } }),
        undefined,
      );
      assert.equal(
        apply({ type: 'realm_user', op: 'remove', person: { user_id: NOBODY, full_name: 'Ghost' } }),
        undefined,
      );
      assert.equal(store.user(NOBODY), undefined);
    });

    it('an addition names the new user', () => {
      assert.deepEqual(apply({ type: 'realm_user', op: 'add', person: user(14, 'Zed') }), {
        areas: ['users'],
        userIds: [14],
      });
      assert.equal(store.user(14)?.full_name, 'Zed');
    });
  });

  describe('presence', () => {
    it('keyed by user id or by a known email; an unknown email is skipped', () => {
      assert.deepEqual(
        apply({
          type: 'presence',
          presences: {
            [ALICE]: { active_timestamp: NOW_S - 5, idle_timestamp: NOW_S - 5 },
            'nobody@example.com': { active_timestamp: NOW_S },
            'U12@example.com': { active_timestamp: NOW_S - 5 },
          },
        }),
        { areas: ['presence'], userIds: [ALICE, BOB] },
      );
      assert.equal(store.presence(ALICE), 'active');
      assert.equal(store.presence(BOB), 'active');
      assert.equal(
        apply({ type: 'presence', presences: { 'nobody@example.com': { active_timestamp: NOW_S } } }),
        undefined,
      );
    });
  });
});
