// POST /typing and POST /messages/{id}/typing: the client's operation against the local server, and
// the local server against the real service (event shapes, who gets them, errors in its order).
import assert from 'node:assert/strict';
import type { ChatClient } from '../../../../src/api';
import { registerQueue, getEvents } from '../../../../src/api/events/routes';
import { setTypingStatus } from '../../../../src/api/typing/routes';
import { byEmail, clientFor, withServer, type Account, type RunningServer } from '../../support/server';
import { apiError, refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

type Json = Record<string, any>;

/** A raw call (no client-side checks), answering the status and body. */
async function raw(
  server: RunningServer,
  who: Account,
  path: string,
  params: Record<string, unknown>,
): Promise<{ status: number; body: Json }> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: {
      Authorization: 'Basic ' + Buffer.from(`${who.email}:${who.apiKey}`).toString('base64'),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form.toString(),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function refusedBy(
  server: RunningServer,
  who: Account,
  path: string,
  params: Record<string, unknown>,
  msg: string,
): Promise<void> {
  const r = await raw(server, who, path, params);
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.deepEqual(r.body, { result: 'error', msg, code: 'BAD_REQUEST' });
}

/** A queue for `client` with `typing` events; `drain()` what came since the last drain. */
async function typingQueue(
  client: ChatClient,
  capabilities: Record<string, boolean> = { stream_typing_notifications: true },
) {
  const reg = await registerQueue(client, {
    event_types: ['typing', 'typing_edit_message'],
    fetch_event_types: [],
    client_capabilities: capabilities,
  });
  let last = reg.last_event_id;
  return {
    async drain(): Promise<Json[]> {
      const { events } = await getEvents(client, { queue_id: reg.queue_id, last_event_id: last, dont_block: true });
      if (events.length) last = (events[events.length - 1] as Json).id;
      return (events as Json[]).filter((e) => e.type !== 'heartbeat').map(({ id: _id, ...e }) => e);
    },
  };
}

describe('API: typing notifications (POST /typing)', () => {
  let server: RunningServer;
  let alice: Account, bob: Account, carol: Account, dora: Account;
  let aliceC: ChatClient, bobC: ChatClient, carolC: ChatClient;
  let general: { id: number; size: number };
  const person = (a: Account) => ({
    user_id: a.userId,
    email: server.state.apiEmail(server.state.users.get(a.userId)!),
  });

  const testServer = withServer({}, 'test');
  beforeEach(async () => {
    server = testServer.server;
    [alice, bob, carol, dora] = ['alice', 'bob', 'carol', 'dora'].map((n) => byEmail(server, n));
    [aliceC, bobC, carolC] = [alice, bob, carol].map((a) => clientFor(server, a));
    const s = [...server.state.streams.values()].find(
      (x) => !x.inviteOnly && x.subscribers.has(alice.userId) && x.subscribers.has(bob.userId),
    )!;
    general = { id: s.id, size: s.subscribers.size };
  });
  afterEach(async () => {
    await Promise.all([aliceC, bobC, carolC].map((c) => c.close()));
  });

  it('direct: every participant (the sender too) gets the event, recipients in the order sent with the sender last', async () => {
    const [aliceQ, bobQ, carolQ] = await Promise.all([aliceC, bobC, carolC].map((c) => typingQueue(c)));
    await setTypingStatus(aliceC, { op: 'start', type: 'direct', to: [carol.userId, bob.userId] });
    const expected = {
      type: 'typing',
      op: 'start',
      message_type: 'direct',
      sender: person(alice),
      recipients: [person(carol), person(bob), person(alice)],
    };
    assert.deepEqual(await bobQ.drain(), [expected]);
    assert.deepEqual(await carolQ.drain(), [expected]);
    assert.deepEqual(await aliceQ.drain(), [expected]);
    await setTypingStatus(aliceC, { op: 'stop', type: 'direct', to: [bob.userId] });
    assert.deepEqual(await bobQ.drain(), [{ ...expected, op: 'stop', recipients: [person(bob), person(alice)] }]);
    assert.deepEqual(await carolQ.drain(), []);
  });

  it('channel: subscribers whose queue has the stream_typing_notifications capability', async () => {
    const withCap = await typingQueue(bobC);
    const without = await typingQueue(bobC, {});
    await setTypingStatus(aliceC, { op: 'start', type: 'stream', stream_id: general.id, topic: 'lunch' });
    assert.deepEqual(await withCap.drain(), [
      {
        type: 'typing',
        op: 'start',
        message_type: 'stream',
        sender: person(alice),
        stream_id: general.id,
        topic: 'lunch',
      },
    ]);
    assert.deepEqual(await without.drain(), [], 'a client that did not say it shows channel typing gets none');
  });

  it('channel: none above max_stream_size_for_typing_notifications; at exactly the limit, events', async () => {
    const bobQ = await typingQueue(bobC);
    server.state.realm.settings.max_stream_size_for_typing_notifications = general.size - 1;
    await setTypingStatus(aliceC, { op: 'start', type: 'stream', stream_id: general.id, topic: 'lunch' });
    assert.deepEqual(await bobQ.drain(), []);
    server.state.realm.settings.max_stream_size_for_typing_notifications = general.size;
    await setTypingStatus(aliceC, { op: 'start', type: 'stream', stream_id: general.id, topic: 'lunch' });
    assert.equal((await bobQ.drain()).length, 1);
  });

  it('receives_typing_notifications off: nothing reaches that user', async () => {
    const bobQ = await typingQueue(bobC);
    server.state.users.get(bob.userId)!.settings.receives_typing_notifications = false;
    await setTypingStatus(aliceC, { op: 'start', type: 'direct', to: [bob.userId] });
    await setTypingStatus(aliceC, { op: 'start', type: 'stream', stream_id: general.id, topic: 'lunch' });
    assert.deepEqual(await bobQ.drain(), []);
  });

  it('refuses like the service, in its order', async () => {
    await refusedBy(server, alice, '/typing', { op: 'start' }, "Missing 'to' argument");
    await refusedBy(server, alice, '/typing', { op: 'start', to: [] }, "Empty 'to' list");
    await refusedBy(server, alice, '/typing', { op: 'start', to: [987654] }, 'Invalid user ID 987654');
    await refusedBy(server, alice, '/typing', { op: 'start', type: 'private', to: [bob.userId] }, 'Invalid type');
    await refusedBy(
      server,
      alice,
      '/typing',
      { op: 'start', type: 'stream', topic: 'x' },
      "Missing 'stream_id' argument",
    );
    await refusedBy(server, alice, '/typing', { op: 'start', type: 'channel', stream_id: general.id }, 'Missing topic');
    await refusedBy(
      server,
      alice,
      '/typing',
      { op: 'start', type: 'stream', stream_id: 987654, topic: 'x' },
      'Invalid channel ID',
    );
    // A deactivated user is still a valid recipient (the event goes only to active users).
    assert.equal((await raw(server, alice, '/typing', { op: 'start', to: [dora.userId] })).status, 200);
    server.state.users.get(alice.userId)!.settings.send_private_typing_notifications = false;
    server.state.users.get(alice.userId)!.settings.send_stream_typing_notifications = false;
    await refusedBy(
      server,
      alice,
      '/typing',
      { op: 'start', to: [bob.userId] },
      'User has disabled typing notifications for direct messages',
    );
    await refusedBy(
      server,
      alice,
      '/typing',
      { op: 'start', type: 'stream', stream_id: general.id, topic: 'x' },
      'User has disabled typing notifications for channel messages',
    );
    // Missing arguments come before the setting.
    await refusedBy(server, alice, '/typing', { op: 'start', to: [] }, "Empty 'to' list");
  });

  it('an old server (FL 200): private accepted and sent as message_type private; channel typing refused before sending', async () => {
    const old = (await testServer.start({ featureLevel: 200 })).server;
    const [a, b] = [byEmail(old, 'alice'), byEmail(old, 'bob')];
    const [ac, bc] = [clientFor(old, a), clientFor(old, b)];
    try {
      const bobQ = await typingQueue(bc);
      await setTypingStatus(ac, { op: 'start', type: 'direct', to: [b.userId] });
      const [e] = await bobQ.drain();
      assert.equal(e?.message_type, 'private');
      const plain = await raw(old, a, '/typing', { op: 'start', type: 'private', to: [b.userId] });
      assert.equal(plain.status, 200, 'private was valid before FL 215');
      await refused(
        setTypingStatus(ac, { op: 'start', type: 'stream', stream_id: 1, topic: 'x' }),
        'type',
        /does not support typing notifications in channels/,
      );
    } finally {
      await Promise.all([ac.close(), bc.close()]);
    }
  });

  it('the client checks its parameters before sending', async () => {
    const client = offlineClient();
    await refused(setTypingStatus(client, { op: 'start', type: 'direct' }), 'to');
    await refused(setTypingStatus(client, { op: 'start', type: 'direct', to: [] }), 'to');
    await refused(setTypingStatus(client, { op: 'start', type: 'stream', topic: 'x' }), 'stream_id');
    await refused(setTypingStatus(client, { op: 'start', type: 'stream', stream_id: 3 }), 'topic');
    await refused(setTypingStatus(client, { op: 'begin' as 'start', type: 'direct', to: [1] }), 'op');
  });

  it('sends "private" to servers before FL 174 (no "direct" there)', async () => {
    const old = (await testServer.start({ featureLevel: 170 })).server;
    const [a, b] = [byEmail(old, 'alice'), byEmail(old, 'bob')];
    const ac = clientFor(old, a);
    try {
      await setTypingStatus(ac, { op: 'start', type: 'direct', to: [b.userId] });
      await refusedBy(old, a, '/typing', { op: 'start', type: 'direct', to: [b.userId] }, 'Invalid type');
    } finally {
      await ac.close();
    }
  });

  describe('POST /messages/{message_id}/typing', () => {
    it('typing_edit_message to the participants, with the recipient; only the sender may', async () => {
      const bobQ = await typingQueue(bobC);
      const sent = await raw(server, alice, '/messages', { type: 'direct', to: [bob.userId], content: 'Typo here' });
      const id = sent.body.id as number;
      assert.equal((await raw(server, alice, `/messages/${id}/typing`, { op: 'start' })).status, 200);
      assert.deepEqual(await bobQ.drain(), [
        {
          type: 'typing_edit_message',
          op: 'start',
          sender_id: alice.userId,
          message_id: id,
          recipient: { type: 'direct', user_ids: [alice.userId, bob.userId] },
        },
      ]);
      await refusedBy(
        server,
        bob,
        `/messages/${id}/typing`,
        { op: 'start' },
        "You don't have permission to edit this message",
      );
      const inChannel = await raw(server, alice, '/messages', {
        type: 'stream',
        to: general.id,
        topic: 'lunch',
        content: 'Soup?',
      });
      assert.equal((await raw(server, alice, `/messages/${inChannel.body.id}/typing`, { op: 'stop' })).status, 200);
      assert.deepEqual(await bobQ.drain(), [
        {
          type: 'typing_edit_message',
          op: 'stop',
          sender_id: alice.userId,
          message_id: inChannel.body.id,
          recipient: { type: 'channel', channel_id: general.id, topic: 'lunch' },
        },
      ]);
    });
  });

  it('answers with the strict success shape', async () => {
    const r = await raw(server, alice, '/typing', { op: 'stop', to: [bob.userId] });
    assert.deepEqual(r, { status: 200, body: { result: 'success', msg: '' } });
    await apiError(setTypingStatus(aliceC, { op: 'start', type: 'direct', to: [987654] }), 'BAD_REQUEST', 400);
  });
});

describe('demo server: Bob types sometimes', () => {
  const servers = withServer({}, 'none');
  it('sends Alice start then stop from Bob in their conversation, every period', async function () {
    this.timeout(20_000);
    const server = (await servers.start({ demoTypingSeconds: 0.4 })).server;
    const [alice, bob] = [byEmail(server, 'alice'), byEmail(server, 'bob')];
    const aliceC = clientFor(server, alice);
    try {
      const q = await typingQueue(aliceC);
      const person = (a: Account) => ({
        user_id: a.userId,
        email: server.state.apiEmail(server.state.users.get(a.userId)!),
      });
      const events: Json[] = [];
      const end = Date.now() + 10_000;
      while (events.filter((e) => e.op === 'start').length < 2) {
        assert.ok(Date.now() < end, `two spells of typing: ${JSON.stringify(events)}`);
        events.push(...(await q.drain()));
        await new Promise((r) => setTimeout(r, 50));
      }
      const base = {
        type: 'typing',
        message_type: 'direct',
        sender: person(bob),
        recipients: [person(alice), person(bob)],
      };
      assert.deepEqual(events.slice(0, 3), [
        { ...base, op: 'start' },
        { ...base, op: 'stop' },
        { ...base, op: 'start' },
      ]);
    } finally {
      await aliceC.close();
    }
  });
});
