// ChatSession without a live queue: a warm start from a saved snapshot (the small first part at
// once, the whole one on the next turn unless disposed first; a missing or failing whole one),
// start() called twice, and which failed presence pings are worth a notification.
import assert from 'node:assert/strict';
import { RegisterSnapshot } from '../../../src/api/events/register';
import { ApiError } from '../../../src/api/errors';
import { ChatSession } from '../../../src/store';
import { byEmail, clientFor, withServer } from '../support/server';
import { offlineClient } from '../support/offline';
import { user } from '../support/synthetic';

const saved = (userIds: number[]) =>
  RegisterSnapshot.parse({
    queue_id: 'q',
    last_event_id: -1,
    user_id: userIds[0],
    realm_users: userIds.map((id) => user(id)),
  });
const userIds = (session: ChatSession) =>
  session.store
    .users()
    .map((u) => u.user_id)
    .sort((a, b) => a - b);
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('ChatSession.restore (warm start)', () => {
  let session: ChatSession;
  let errors: unknown[];
  beforeEach(() => {
    session = new ChatSession(offlineClient());
    errors = [];
    session.onError((e) => errors.push(e));
  });
  afterEach(async () => {
    session.dispose();
    await session.client.close();
  });

  it('without a whole snapshot: built from the one given, nothing more happens', async () => {
    await session.restore(saved([1, 2]));
    await nextTurn();
    assert.deepEqual(userIds(session), [1, 2]);
    assert.deepEqual(errors, []);
  });

  it('first the small snapshot, then on the next turn the whole one', async () => {
    const done = session.restore(saved([1]), () => saved([1, 2, 3]));
    assert.deepEqual(userIds(session), [1]);
    await done;
    assert.deepEqual(userIds(session), [1, 2, 3]);
    assert.deepEqual(errors, []);
  });

  it('a whole snapshot that turns out unavailable leaves the small one, without an error', async () => {
    await session.restore(saved([1]), () => undefined);
    assert.deepEqual(userIds(session), [1]);
    assert.deepEqual(errors, []);
  });

  it('a failure reading the whole snapshot is reported and leaves the small one', async () => {
    const boom = new Error('cache unreadable');
    await session.restore(saved([1]), () => {
      throw boom;
    });
    assert.deepEqual(userIds(session), [1]);
    assert.deepEqual(errors, [boom]);
  });

  it('disposed before the next turn: the whole snapshot is not even read', async () => {
    let reads = 0;
    const done = session.restore(saved([1]), () => (reads++, saved([1, 2])));
    session.dispose();
    await done;
    assert.equal(reads, 0);
  });

  it('disposed while the whole snapshot is read: it is not applied', async () => {
    const done = session.restore(saved([1]), () => {
      session.dispose();
      return saved([1, 2]);
    });
    await done;
    assert.deepEqual(userIds(session), [1]);
  });
});

describe('ChatSession.start twice and failed pings', () => {
  const servers = withServer({}, 'none');
  it('a second start() is refused with a message saying so', async () => {
    const session = new ChatSession(offlineClient());
    const first = session.start().catch(() => undefined);
    try {
      await assert.rejects(session.start(), { message: 'ChatSession.start() was already called.' });
    } finally {
      await session.stop();
      await first;
      session.dispose();
      await session.client.close();
    }
  });

  it('a failed ping is reported when the server refuses it, not when the connection drops', async () => {
    const server = (await servers.start()).server;
    const client = clientFor(server, byEmail(server, 'alice'), { maxRetries: 0 });
    const session = new ChatSession(client);
    const errors: unknown[] = [];
    session.onError((e) => errors.push(e));
    try {
      await session.start();
      await session.pingPresence();
      assert.deepEqual(errors, []);
      server.inject({ kind: 'drop', route: 'POST /users/me/presence', times: 1 });
      await session.pingPresence();
      assert.deepEqual(errors, []);
      server.inject({ kind: 'status', status: 400, body: 'json', route: 'POST /users/me/presence', times: 1 });
      await session.pingPresence();
      assert.equal(errors.length, 1);
      assert.ok((errors[0] as object) instanceof ApiError, String(errors[0]));
    } finally {
      session.dispose();
      await client.close();
    }
  });
});
