// Users left out of a `user_list_incomplete` snapshot: which ones are fetched into the snapshot,
// and which ones new events ask for afterwards (deduplicated, in batches of USER_FETCH_BATCH),
// against a fake fetch and host (no server).
import assert from 'node:assert/strict';
import type { ChatEvent } from '../../../src/api/events/models';
import type { RegisterSnapshot } from '../../../src/api/events/register';
import { LazyUsers, USER_FETCH_BATCH, type FetchUsers } from '../../../src/store/lazyUsers';
import type { User } from '../../../src/api/users/models';
import { user } from '../support/synthetic';

/** A fetch that answers with the users asked for (or `answer(ids)`) and records every call. */
function fakeFetch(answer: (ids: readonly number[]) => User[] = (ids) => ids.map((id) => user(id))) {
  const calls: number[][] = [];
  const fetch: FetchUsers = (ids) => {
    calls.push([...ids]);
    return Promise.resolve(answer(ids));
  };
  return { fetch, calls };
}

function fakeHost(initial: number[] = []) {
  const known = new Set(initial);
  const added: number[][] = [];
  const errors: unknown[] = [];
  return {
    known,
    added,
    errors,
    host: {
      has: (id: number) => known.has(id),
      add: (users: readonly User[]) => {
        added.push(users.map((u) => u.user_id));
        for (const u of users) known.add(u.user_id);
      },
      onError: (error: unknown) => void errors.push(error),
    },
  };
}

const snap = (fields: Partial<RegisterSnapshot>) =>
  ({ queue_id: 'q', last_event_id: -1, ...fields }) as RegisterSnapshot;
const ids = (list: readonly User[] | undefined) => (list ?? []).map((u) => u.user_id);
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('LazyUsers.completeSnapshot', () => {
  it('fetches the own user and the users of DMs, DM/group unreads and mutes that the snapshot lacks', async () => {
    const { fetch, calls } = fakeFetch();
    const h = fakeHost();
    const s = snap({
      user_id: 1,
      realm_users: [user(2)],
      realm_non_active_users: [user(3)],
      cross_realm_bots: [user(4)],
      recent_private_conversations: [{ max_message_id: 9, user_ids: [2, 3, 4, 5] }],
      unread_msgs: {
        count: 0,
        mentions: [],
        old_unreads_missing: false,
        pms: [{ other_user_id: 6, unread_message_ids: [1] }],
        streams: [],
        huddles: [{ user_ids_string: '1,7,8', unread_message_ids: [2] }],
      },
      muted_users: [{ id: 9, timestamp: 0 }],
    });
    await new LazyUsers(fetch, h.host).completeSnapshot(s);
    assert.deepEqual(calls, [[5, 6, 1, 7, 8, 9]]);
    assert.deepEqual(ids(s.realm_users), [2, 5, 6, 1, 7, 8, 9]);
    assert.deepEqual(h.errors, []);
  });

  it('works on a snapshot with none of the optional lists: only the own user is fetched', async () => {
    const { fetch, calls } = fakeFetch();
    const s = snap({ user_id: 10 });
    await new LazyUsers(fetch, fakeHost().host).completeSnapshot(s);
    assert.deepEqual(calls, [[10]]);
    assert.deepEqual(s.realm_users, [user(10)]);
  });

  it('reads group unreads and mutes when there are no recent conversations', async () => {
    const { fetch, calls } = fakeFetch();
    const s = snap({
      unread_msgs: {
        count: 0,
        mentions: [],
        old_unreads_missing: false,
        pms: [],
        streams: [],
        huddles: [{ user_ids_string: '11,12', unread_message_ids: [1] }],
      },
      muted_users: [{ id: 13, timestamp: 0 }],
    });
    await new LazyUsers(fetch, fakeHost().host).completeSnapshot(s);
    assert.deepEqual(calls, [[11, 12, 13]]);
    assert.deepEqual(ids(s.realm_users), [11, 12, 13]);
  });

  it('fetches nothing when every wanted user is already in the snapshot', async () => {
    const { fetch, calls } = fakeFetch();
    const s = snap({ user_id: 1, realm_users: [user(1)], muted_users: [{ id: 1, timestamp: 0 }] });
    await new LazyUsers(fetch, fakeHost().host).completeSnapshot(s);
    assert.deepEqual(calls, []);
    assert.deepEqual(ids(s.realm_users), [1]);
  });

  it('keeps the snapshot users when a server answers with every user (before feature level 384)', async () => {
    const { fetch } = fakeFetch(() => [user(1), user(2), user(3)]);
    const s = snap({ user_id: 3, realm_users: [user(1)], realm_non_active_users: [user(2)] });
    await new LazyUsers(fetch, fakeHost().host).completeSnapshot(s);
    assert.deepEqual(ids(s.realm_users), [1, 3]);
  });

  it('a failed fetch goes to onError and leaves the snapshot as it was', async () => {
    const boom = new Error('users unavailable');
    const h = fakeHost();
    const s = snap({ user_id: 5, realm_users: [user(1)] });
    await new LazyUsers(() => Promise.reject(boom), h.host).completeSnapshot(s);
    assert.deepEqual(h.errors, [boom]);
    assert.deepEqual(ids(s.realm_users), [1]);
  });

  it(`asks for at most ${USER_FETCH_BATCH} users per request: ${USER_FETCH_BATCH} in one, ${USER_FETCH_BATCH + 1} in two`, async () => {
    const exact = fakeFetch();
    const s1 = snap({ muted_users: range(1, USER_FETCH_BATCH).map((id) => ({ id, timestamp: 0 })) });
    await new LazyUsers(exact.fetch, fakeHost().host).completeSnapshot(s1);
    assert.deepEqual(exact.calls, [range(1, USER_FETCH_BATCH)]);
    assert.deepEqual(ids(s1.realm_users), range(1, USER_FETCH_BATCH));

    const over = fakeFetch();
    const s2 = snap({ muted_users: range(1, USER_FETCH_BATCH + 1).map((id) => ({ id, timestamp: 0 })) });
    await new LazyUsers(over.fetch, fakeHost().host).completeSnapshot(s2);
    assert.deepEqual(over.calls, [range(1, USER_FETCH_BATCH), [USER_FETCH_BATCH + 1]]);
    assert.deepEqual(ids(s2.realm_users), range(1, USER_FETCH_BATCH + 1));
  });
});

describe('LazyUsers.afterEvents', () => {
  const message = (sender: number, recipients?: number[]) =>
    ({
      type: 'message',
      id: 1,
      flags: [],
      message: { sender_id: sender, display_recipient: recipients ? recipients.map((id) => ({ id })) : 'general' },
    }) as unknown as ChatEvent;
  const typing = (sender: number) =>
    ({
      type: 'typing',
      id: 1,
      op: 'start',
      message_type: 'direct',
      sender: { user_id: sender, email: '' },
      recipients: [],
    }) as unknown as ChatEvent;
  const reaction = (userId: number | undefined) =>
    ({
      type: 'reaction',
      id: 1,
      op: 'add',
      message_id: 1,
      emoji_name: 'x',
      emoji_code: '1',
      reaction_type: 'unicode_emoji',
      user_id: userId,
    }) as unknown as ChatEvent;

  it('fetches unknown senders, DM recipients, typists and reacting users in one batch and hands them to the host', async () => {
    const { fetch, calls } = fakeFetch();
    const h = fakeHost([1]);
    const lazy = new LazyUsers(fetch, h.host);
    await lazy.afterEvents([message(2, [1, 3]), message(4), typing(5), reaction(6), typing(2)]);
    assert.deepEqual(calls, [[2, 3, 4, 5, 6]]);
    assert.deepEqual(h.added, [[2, 3, 4, 5, 6]]);
  });

  it('a reaction without a user id asks for nobody; other event types are ignored', async () => {
    const { fetch, calls } = fakeFetch();
    const h = fakeHost();
    await new LazyUsers(fetch, h.host).afterEvents([
      reaction(undefined),
      { type: 'presence', id: 1, user_id: 7 } as unknown as ChatEvent,
    ]);
    assert.deepEqual(calls, []);
    assert.deepEqual(h.added, []);
  });

  it('does not fetch a user that became known before the batch ran', async () => {
    const { fetch, calls } = fakeFetch();
    const h = fakeHost();
    const lazy = new LazyUsers(fetch, h.host);
    lazy.want(8);
    lazy.want(9);
    h.known.add(8);
    await lazy.afterEvents([]);
    assert.deepEqual(calls, [[9]]);
    assert.deepEqual(h.added, [[9]]);
  });

  it('does nothing at all when every asked-for user became known before the batch ran', async () => {
    const { fetch, calls } = fakeFetch();
    const h = fakeHost();
    const lazy = new LazyUsers(fetch, h.host);
    lazy.want(8);
    h.known.add(8);
    await lazy.afterEvents([]);
    assert.deepEqual(calls, []);
    assert.deepEqual(h.added, []);
  });

  it('hands over only the users the host does not know when the server answers with everybody', async () => {
    const { fetch } = fakeFetch(() => [user(1), user(2), user(3)]);
    const h = fakeHost([1]);
    await new LazyUsers(fetch, h.host).afterEvents([message(3)]);
    assert.deepEqual(h.added, [[2, 3]]);
  });

  it('a failed fetch goes to onError, and the same user is asked for again later', async () => {
    const boom = new Error('offline');
    let fail = true;
    const calls: number[][] = [];
    const fetch: FetchUsers = (list) => {
      calls.push([...list]);
      return fail ? Promise.reject(boom) : Promise.resolve(list.map((id) => user(id)));
    };
    const h = fakeHost();
    const lazy = new LazyUsers(fetch, h.host);
    await lazy.afterEvents([message(4)]);
    assert.deepEqual(h.errors, [boom]);
    assert.deepEqual(h.added, []);
    fail = false;
    await lazy.afterEvents([message(4)]);
    assert.deepEqual(calls, [[4], [4]]);
    assert.deepEqual(h.added, [[4]]);
  });

  it('does not ask twice for a user whose fetch is still under way', async () => {
    let release: (() => void) | undefined;
    const calls: number[][] = [];
    const fetch: FetchUsers = (list) => {
      calls.push([...list]);
      return new Promise((resolve) => (release = () => resolve(list.map((id) => user(id)))));
    };
    const h = fakeHost();
    const lazy = new LazyUsers(fetch, h.host);
    void lazy.afterEvents([message(4)]);
    await Promise.resolve();
    await Promise.resolve();
    assert.deepEqual(calls, [[4]]);
    await lazy.afterEvents([message(4)]);
    assert.deepEqual(calls, [[4]]);
    release?.();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(h.added, [[4]]);
  });

  it(`fetches ${USER_FETCH_BATCH + 1} new users in requests of ${USER_FETCH_BATCH} and 1`, async () => {
    const { fetch, calls } = fakeFetch();
    const h = fakeHost();
    const lazy = new LazyUsers(fetch, h.host);
    for (const id of range(1, USER_FETCH_BATCH + 1)) lazy.want(id);
    await lazy.afterEvents([]);
    assert.deepEqual(calls, [range(1, USER_FETCH_BATCH), [USER_FETCH_BATCH + 1]]);
    assert.deepEqual(h.added, [range(1, USER_FETCH_BATCH + 1)]);
  });
});
