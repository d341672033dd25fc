import assert from 'node:assert/strict';
import type { ChatClient } from '../../../../src/api';
import { createDrafts, deleteDraft, editDraft, getDrafts } from '../../../../src/api/drafts/routes';
import { parseEvent } from '../../../../src/api/events/parse';
import { getEvents, registerQueue } from '../../../../src/api/events/routes';
import { updateSettings } from '../../../../src/api/personal/routes';
import { ChatStore } from '../../../../src/store';
import { accountWithRole, channelId, MEMBER, withServer } from '../../support/server';
import { apiError, refused } from '../../support/errors';
import { offlineClient } from '../../support/offline';

/** The server's drafts events since `last` (parsed by the client's own parser). */
async function draftEvents(client: ChatClient, queueId: string, last: number) {
  const { events } = await getEvents(client, { queue_id: queueId, last_event_id: last, dont_block: true });
  return events.flatMap((raw) => {
    const parsed = parseEvent(raw);
    assert.ok(parsed.ok, JSON.stringify(raw));
    return parsed.event.type === 'drafts' ? [parsed.event] : [];
  });
}

describe('API: drafts', function () {
  const suite = withServer();
  let alice: ChatClient;
  let bob: ChatClient;
  let aliceId: number;
  let bobId: number;
  let eng: number;

  before(async function () {
    alice = suite.client(MEMBER, 0);
    bob = suite.client(MEMBER, 1);
    aliceId = accountWithRole(suite.server, MEMBER, 0).userId;
    bobId = accountWithRole(suite.server, MEMBER, 1).userId;
    eng = await channelId(alice, 'engineering');
  });

  it('creates, lists, edits and deletes drafts, with drafts events to the own queues that keep a store current', async function () {
    const snapshot = await registerQueue(alice, { fetch_event_types: ['drafts'], event_types: ['drafts'] });
    const store = new ChatStore();
    store.reset(snapshot);
    const before = store.serverDrafts().length;
    const bobQueue = await registerQueue(bob, { fetch_event_types: [], event_types: ['drafts'] });

    const { ids } = await createDrafts(alice, {
      drafts: [
        { type: 'stream', to: [eng], topic: 'deploys', content: 'Rolling out **now**', timestamp: 1700000000 },
        { type: 'private', to: [bobId, aliceId], topic: '', content: 'Lunch?', timestamp: 1700000100.5 },
      ],
    });
    assert.equal(ids.length, 2);
    const listed = (await getDrafts(alice)).drafts.filter((d) => ids.includes(d.id));
    // Oldest edit first; a DM draft names the other users only; whole seconds.
    assert.deepEqual(listed, [
      {
        id: ids[0],
        type: 'stream',
        to: [eng],
        topic: 'deploys',
        content: 'Rolling out **now**',
        timestamp: 1700000000,
      },
      { id: ids[1], type: 'private', to: [bobId], topic: '', content: 'Lunch?', timestamp: 1700000100 },
    ]);

    let events = await draftEvents(alice, snapshot.queue_id, snapshot.last_event_id);
    assert.deepEqual(
      events.map((e) => e.type === 'drafts' && e.op),
      ['add'],
    );
    store.apply(events);
    assert.equal(store.serverDrafts().length, before + 2);
    // Newest edit first in the store.
    assert.equal(store.serverDrafts()[0]!.id, ids[1]);

    await editDraft(alice, {
      draft_id: ids[0]!,
      draft: { type: 'stream', to: [eng], topic: 'deploys', content: 'Rolled out.', timestamp: 1700000200 },
    });
    await deleteDraft(alice, { draft_id: ids[1]! });
    const last = events.at(-1)!.id;
    events = await draftEvents(alice, snapshot.queue_id, last);
    assert.deepEqual(
      events.map((e) => e.type === 'drafts' && e.op),
      ['update', 'remove'],
    );
    const change = store.apply(events);
    assert.ok(change?.areas.has('drafts'));
    assert.equal(store.serverDrafts().length, before + 1);
    assert.equal(store.serverDrafts()[0]!.content, 'Rolled out.');
    assert.ok(!store.serverDrafts().some((d) => d.id === ids[1]));
    // Only the own user's queues hear of them.
    assert.deepEqual(await draftEvents(bob, bobQueue.queue_id, bobQueue.last_event_id), []);
    await deleteDraft(alice, { draft_id: ids[0]! });
  });

  it('a note-to-self draft keeps the own ID; an unaddressed one has no recipients', async function () {
    const { ids } = await createDrafts(alice, {
      drafts: [
        { type: 'private', to: [aliceId], topic: '', content: 'note' },
        { type: '', to: [], topic: 'ignored', content: 'idea' },
      ],
    });
    const mine = (await getDrafts(alice)).drafts.filter((d) => ids.includes(d.id));
    assert.deepEqual(
      mine.map((d) => [d.type, d.to, d.topic]),
      [
        ['private', [aliceId], ''],
        ['', [], ''],
      ],
    );
    // Server time when no timestamp is given.
    for (const d of mine) assert.ok(Math.abs(d.timestamp - Date.now() / 1000) < 60);
    for (const id of ids) await deleteDraft(alice, { draft_id: id });
  });

  it("answers 404 'Draft does not exist' for an unknown draft and for another user's", async function () {
    const { ids } = await createDrafts(alice, { drafts: [{ type: 'stream', to: [eng], topic: 't', content: 'mine' }] });
    const draft = { type: 'stream' as const, to: [eng], topic: 't', content: 'x' };
    const calls = [
      () => deleteDraft(bob, { draft_id: ids[0]! }),
      () => editDraft(bob, { draft_id: ids[0]!, draft }),
      () => deleteDraft(alice, { draft_id: 999999 }),
    ];
    for (const call of calls) {
      const error = await apiError(call(), 'BAD_REQUEST', 404);
      assert.equal(error.message, 'Draft does not exist');
    }
    await deleteDraft(alice, { draft_id: ids[0]! });
    assert.equal(
      (await apiError(deleteDraft(alice, { draft_id: ids[0]! }), 'BAD_REQUEST', 404)).message,
      'Draft does not exist',
    );
  });

  it('validates recipients and topics as the real server does', async function () {
    const cases: [unknown, RegExp][] = [
      [{ type: 'stream', to: [99999], topic: 't', content: 'x' }, /^Invalid channel ID$/],
      [{ type: 'private', to: [99999], topic: '', content: 'x' }, /^Invalid user ID 99999$/],
      [
        { type: 'stream', to: [eng, eng + 1], topic: 't', content: 'x' },
        /^Must specify exactly 1 channel ID for channel messages$/,
      ],
      [{ type: 'stream', to: [eng], topic: 'a\u0000b', content: 'x' }, /^Topic must not contain null bytes$/],
      [{ type: 'stream', to: [eng], topic: 't', content: 'x', timestamp: -1 }, /^Timestamp must not be negative\.$/],
      [{ type: 'huddle', to: [bobId], topic: '', content: 'x' }, /type/],
      [{ type: 'stream', to: [eng], topic: 't', content: '   ' }, /content cannot be blank/],
      [{ type: 'stream', to: [eng], topic: 't', content: 'x', id: 5 }, /id is not allowed/],
    ];
    const url = `${suite.server.url}/api/v1/drafts`;
    const account = accountWithRole(suite.server, MEMBER, 0);
    const auth = 'Basic ' + Buffer.from(`${account.email}:${account.apiKey}`).toString('base64');
    for (const [draft, msg] of cases) {
      // Raw requests: the client refuses most of these before sending.
      const res = await fetch(url, {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ drafts: JSON.stringify([draft]) }).toString(),
      });
      const body = (await res.json()) as { result: string; msg: string };
      assert.equal(res.status, 400, JSON.stringify(draft));
      assert.equal(body.result, 'error');
      assert.match(body.msg, msg);
    }
    // A long topic is truncated, not refused.
    const { ids } = await createDrafts(alice, {
      drafts: [{ type: 'stream', to: [eng], topic: 'x'.repeat(100), content: 'y' }],
    });
    const kept = (await getDrafts(alice)).drafts.find((d) => d.id === ids[0])!;
    assert.ok(kept.topic.length <= 60 && kept.topic.endsWith('...'), kept.topic);
    await deleteDraft(alice, { draft_id: ids[0]! });
  });

  it('the client refuses a bad draft before sending it', async function () {
    const offline = offlineClient();
    await refused(
      createDrafts(offline, { drafts: [{ type: 'stream', to: [1], topic: 't', content: '  ' }] }),
      'drafts',
      /empty/,
    );
    await refused(
      createDrafts(offline, { drafts: [{ type: 'stream', to: [1, 2], topic: 't', content: 'x' }] }),
      'drafts',
      /exactly one channel/,
    );
    await refused(createDrafts(offline, { drafts: [] }), undefined, /at least one draft/);
    await refused(
      editDraft(offline, { draft_id: 1, draft: { type: 'stream', to: [1], topic: 't', content: 'x', timestamp: -5 } }),
      undefined,
      /negative/,
    );
  });

  it('register sends `drafts` only when asked for; turning synchronisation off deletes them and refuses the endpoints', async function () {
    const carol = suite.client(MEMBER, 2);
    await createDrafts(carol, { drafts: [{ type: 'stream', to: [eng], topic: 't', content: 'kept on the server' }] });
    const without = await registerQueue(carol, { fetch_event_types: ['message'], event_types: ['message'] });
    assert.equal(without.drafts, undefined);
    const asked = await registerQueue(carol, { fetch_event_types: ['drafts'], event_types: ['drafts'] });
    assert.deepEqual(
      asked.drafts?.map((d) => d.content),
      ['kept on the server'],
    );

    await updateSettings(carol, { enable_drafts_synchronization: false });
    try {
      const error = await apiError(getDrafts(carol), 'BAD_REQUEST', 400);
      assert.equal(error.message, 'User has disabled synchronizing drafts.');
      await apiError(
        createDrafts(carol, { drafts: [{ type: 'stream', to: [eng], topic: 't', content: 'x' }] }),
        'BAD_REQUEST',
        400,
      );
      assert.deepEqual((await registerQueue(carol, { fetch_event_types: ['drafts'], event_types: [] })).drafts, []);
    } finally {
      await updateSettings(carol, { enable_drafts_synchronization: true });
    }
    assert.deepEqual((await getDrafts(carol)).drafts, []);
  });

  it('parses each drafts event shape', function () {
    const draft = { id: 3, type: 'stream', to: [1], topic: 't', content: 'c', timestamp: 5 };
    for (const raw of [
      { id: 1, type: 'drafts', op: 'add', drafts: [draft] },
      { id: 2, type: 'drafts', op: 'update', draft },
      { id: 3, type: 'drafts', op: 'remove', draft_id: 3 },
    ]) {
      const parsed = parseEvent(raw);
      assert.ok(parsed.ok && parsed.event.type === 'drafts', JSON.stringify(raw));
    }
    assert.equal(parseEvent({ id: 4, type: 'drafts', op: 'update' }).ok, false);
  });
});
