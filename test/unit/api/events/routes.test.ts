import assert from 'node:assert/strict';
import {
  ApiError,
  ChatClient,
  MalformedResponseError,
  NetworkError,
  ServerError,
  ValidationError,
} from '../../../../src/api';
import { EventQueue } from '../../../../src/api/events/queue';
import { normalizeEvent, parseEvent } from '../../../../src/api/events/parse';
import { DEFAULT_CLIENT_CAPABILITIES, deleteQueue, getEvents, registerQueue } from '../../../../src/api/events/routes';
import { sendMessage } from '../../../../src/api/messages/routes';
import { accountWithRole, clientFor, MEMBER, withServer, type Account, type RunningServer } from '../../support/server';
import { QueueRecorder } from '../../support/queueRecorder';

/** A message from `sender` to `to` (direct), with unique content. */
let counter = 0;
async function dm(sender: ChatClient, to: Account): Promise<string> {
  const text = `event test ${Date.now()}-${++counter}`;
  await sendMessage(sender, { type: 'direct', to: [to.userId], content: text });
  return text;
}

describe('events: POST /register, GET /events, DELETE /events and EventQueue', function () {
  this.timeout(10_000);

  describe('current server (demo organisation)', () => {
    let server: RunningServer;
    let owner: Account;
    let other: Account;
    let client: ChatClient;
    let otherClient: ChatClient;
    const queues: EventQueue[] = [];

    /** A started queue for the owner, stopped after the test. */
    async function startQueue(
      recorder: QueueRecorder,
      extra: Partial<ConstructorParameters<typeof EventQueue>[1]> = {},
    ) {
      const queue = new EventQueue(client, {
        registerParams: { slim_presence: true },
        backoff: { baseMs: 10, capMs: 50 },
        ...recorder.handlers,
        ...extra,
      });
      queues.push(queue);
      await queue.start();
      return queue;
    }

    const testServer = withServer();
    before(async () => {
      server = testServer.server;
      owner = accountWithRole(server, 400);
      other = accountWithRole(server, 200);
      client = clientFor(server, owner);
      otherClient = clientFor(server, other);
    });

    afterEach(async () => {
      await Promise.all(queues.splice(0).map((q) => q.stop()));
    });

    after(async () => {
      await client?.close();
      await otherClient?.close();
    });

    it('POST /register returns a snapshot that parses, and the client learns the server and limits', async () => {
      const snapshot = await registerQueue(client, {
        slim_presence: true,
        client_capabilities: { ...DEFAULT_CLIENT_CAPABILITIES },
      });
      try {
        assert.equal(typeof snapshot.queue_id, 'string');
        assert.ok(snapshot.queue_id.length > 0);
        assert.equal(snapshot.last_event_id, -1);
        assert.ok(snapshot.chat_feature_level >= 400, `feature level ${snapshot.chat_feature_level}`);
        assert.equal(typeof snapshot.chat_version, 'string');
        assert.equal(typeof snapshot.max_message_length, 'number');
        assert.equal(typeof snapshot.max_topic_length, 'number');
        assert.equal(typeof snapshot.realm_empty_topic_display_name, 'string');
        assert.equal(snapshot.event_queue_longpoll_timeout_seconds, 2);
        assert.equal(snapshot.user_id, owner.userId);
        assert.equal(snapshot.email, owner.email);
        assert.ok(Array.isArray(snapshot.realm_users) && snapshot.realm_users.some((u) => u.user_id === other.userId));
        assert.ok(Array.isArray(snapshot.subscriptions));
        assert.ok(snapshot.unread_msgs && typeof snapshot.unread_msgs.count === 'number');
        assert.ok(snapshot.presences);
        for (const [key, times] of Object.entries(snapshot.presences)) {
          assert.match(key, /^\d+$/, 'slim presence is keyed by user id');
          assert.ok(times.active_timestamp !== undefined || times.idle_timestamp !== undefined);
        }
        assert.ok(Array.isArray(snapshot.user_topics));
        assert.ok(snapshot.user_status);
        assert.ok(Array.isArray(snapshot.realm_linkifiers));
        assert.ok(snapshot.user_settings);
        assert.equal(client.server?.flavor, 'chat');
        assert.equal(client.server?.featureLevel, snapshot.chat_feature_level);
        assert.equal(client.limits.maxMessageLength, snapshot.max_message_length);
        assert.equal(client.limits.maxTopicLength, snapshot.max_topic_length);
      } finally {
        await deleteQueue(client, { queue_id: snapshot.queue_id });
      }
    });

    it('fetch_event_types selects the sections; the rest are absent, defaults still apply', async () => {
      const snapshot = await registerQueue(client, { fetch_event_types: ['message'], event_types: ['message'] });
      try {
        assert.equal(snapshot.realm_users, undefined);
        assert.equal(snapshot.subscriptions, undefined);
        assert.ok(snapshot.unread_msgs);
        assert.equal(snapshot.event_queue_longpoll_timeout_seconds >= 1, true);
      } finally {
        await deleteQueue(client, { queue_id: snapshot.queue_id });
      }
    });

    it('upgrades legacy presence entries (keyed by email without slim_presence) to the modern form', async () => {
      const snapshot = await registerQueue(client, {
        slim_presence: false,
        fetch_event_types: ['presence'],
        event_types: ['presence'],
      });
      try {
        assert.ok(snapshot.presences && snapshot.server_timestamp !== undefined);
        const entries = Object.entries(snapshot.presences);
        assert.ok(entries.length > 0, 'the demo organisation has presence data');
        for (const [key, times] of entries) {
          assert.match(key, /@/, 'keyed by email');
          assert.ok(times.idle_timestamp !== undefined, JSON.stringify(times));
          assert.equal((times as Record<string, unknown>).website, undefined);
        }
      } finally {
        await deleteQueue(client, { queue_id: snapshot.queue_id });
      }
    });

    it('GET /events long-polls and DELETE /events frees the queue', async () => {
      const snapshot = await registerQueue(client, { event_types: ['message'] });
      const text = await dm(otherClient, owner);
      const result = await getEvents(client, { queue_id: snapshot.queue_id, last_event_id: snapshot.last_event_id });
      const parsed = result.events.map(parseEvent);
      const message = parsed.find((p) => p.ok && p.event.type === 'message');
      assert.ok(message && message.ok && message.event.type === 'message');
      assert.ok(message.event.message.content.includes(text));
      assert.ok(Array.isArray(message.event.flags));
      await deleteQueue(client, { queue_id: snapshot.queue_id });
      await assert.rejects(
        getEvents(client, { queue_id: snapshot.queue_id, last_event_id: -1, dont_block: true }),
        (e: unknown) => e instanceof ApiError && e.code === 'BAD_EVENT_QUEUE_ID',
      );
    });

    it('refuses an empty queue id before sending', async () => {
      const offline = new ChatClient({ realmUrl: 'http://127.0.0.1:9', email: owner.email, apiKey: owner.apiKey });
      try {
        await assert.rejects(getEvents(offline, { queue_id: '' }), ValidationError);
        await assert.rejects(deleteQueue(offline, { queue_id: '' }), ValidationError);
      } finally {
        await offline.close();
      }
    });

    it("delivers another user's message through onEvents and skips heartbeats", async () => {
      const rec = new QueueRecorder();
      const queue = await startQueue(rec);
      assert.equal(rec.snapshots.length, 1);
      assert.equal(rec.snapshots[0]!.resync, false);
      assert.equal(queue.queueId, rec.snapshots[0]!.snapshot.queue_id);
      assert.deepEqual(
        rec.statuses.map((s) => s.status),
        ['connecting', 'live'],
      );
      // With heartbeatSeconds 1 a heartbeat arrives before long: the id advances, nothing is handed over.
      await rec.until(() => queue.lastEventId >= 0, 'a heartbeat');
      assert.equal(rec.events.length, 0, 'heartbeats are not passed on');
      const text = await dm(otherClient, owner);
      await rec.until(() => rec.hasMessage(text), 'the message event');
      const event = rec.messages().find((e) => e.message.content.includes(text))!;
      assert.equal(event.message.sender_id, other.userId);
      assert.ok(queue.lastEventId >= event.id);
      assert.ok(rec.events.every((e) => (e.type as string) !== 'heartbeat'));
      const ids = rec.events.map((e) => e.id);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
        'events in id order',
      );
    });

    it('re-registers after BAD_EVENT_QUEUE_ID and hands over a resync snapshot', async () => {
      const rec = new QueueRecorder();
      const queue = await startQueue(rec);
      const firstQueue = queue.queueId;
      server.expireQueues();
      await rec.until(() => rec.snapshots.length === 2, 'a resync snapshot');
      assert.equal(rec.snapshots[1]!.resync, true);
      assert.notEqual(queue.queueId, firstQueue);
      assert.equal(queue.queueId, rec.snapshots[1]!.snapshot.queue_id);
      await rec.until(() => rec.statuses.at(-1)?.status === 'live', 'live again');
      const text = await dm(otherClient, owner);
      await rec.until(() => rec.hasMessage(text), 'a message after the resync');
    });

    for (const fault of [
      { kind: 'drop' as const, error: NetworkError },
      { kind: 'status' as const, status: 500, error: ServerError },
      { kind: 'status' as const, status: 502, error: ServerError },
      { kind: 'badBody' as const, error: MalformedResponseError },
    ]) {
      const name = fault.kind === 'status' ? `HTTP ${fault.status}` : fault.kind;
      it(`recovers from a ${name} fault on GET /events without losing later events`, async () => {
        const rec = new QueueRecorder();
        await startQueue(rec);
        const { error: errorClass, ...spec } = fault;
        server.inject({ ...spec, route: 'GET /events' } as Parameters<RunningServer['inject']>[0]);
        // This message ends the poll in flight; the next poll meets the fault.
        const first = await dm(otherClient, owner);
        await rec.until(() => rec.statuses.some((s) => s.status === 'reconnecting'), 'reconnecting');
        const reconnecting = rec.statuses.find((s) => s.status === 'reconnecting')!;
        assert.ok(reconnecting.detail?.error instanceof errorClass, `detail: ${String(reconnecting.detail?.error)}`);
        assert.equal(typeof reconnecting.detail?.retryInMs, 'number');
        const second = await dm(otherClient, owner);
        await rec.until(() => rec.hasMessage(first) && rec.hasMessage(second), 'both messages');
        assert.equal(rec.statuses.at(-1)?.status, 'live');
        assert.equal(rec.snapshots.length, 1, 'no re-registration for a transient fault');
        const contents = rec.messages().map((e) => e.message.content);
        assert.equal(contents.filter((c) => c.includes(first)).length, 1, 'no duplicate');
      });
    }

    it('applies each event exactly once when the server re-sends a batch already seen', async () => {
      const rec = new QueueRecorder();
      await startQueue(rec);
      const first = await dm(otherClient, owner);
      await rec.until(() => rec.hasMessage(first), 'the first message');
      server.inject({ kind: 'replayEvents', route: 'GET /events' });
      const second = await dm(otherClient, owner);
      await rec.until(() => rec.hasMessage(second), 'the second message');
      // The poll after the second message gets the repeated batch; the third arrives after it.
      const third = await dm(otherClient, owner);
      await rec.until(() => rec.hasMessage(third), 'the third message');
      assert.equal(server.server.replayEvents, false, 'the server did re-send a batch');
      const contents = rec.messages().map((e) => e.message.content);
      for (const text of [first, second, third])
        assert.equal(contents.filter((c) => c === text).length, 1, `${text} applied once`);
      const ids = rec.events.map((e) => e.id);
      assert.equal(new Set(ids).size, ids.length, 'no event handed over twice');
    });

    it("realm update and update_dict events reach the client's limits, not only the snapshot", async () => {
      const rec = new QueueRecorder();
      await startQueue(rec);
      assert.equal(client.limits.mandatoryTopics, false);
      assert.equal(client.limits.emptyTopicDisplayName, 'general chat');
      const send = (event: Record<string, unknown>) =>
        server.server.queues.send([owner.userId], 'realm', { type: 'realm', ...event });
      try {
        send({ op: 'update', property: 'mandatory_topics', value: true });
        send({ op: 'update_dict', property: 'default', data: { empty_topic_display_name: 'chit-chat' } });
        await rec.until(() => rec.events.filter((e) => e.type === 'realm').length === 2, 'both realm events');
        assert.equal(client.limits.mandatoryTopics, true);
        assert.equal(client.limits.emptyTopicDisplayName, 'chit-chat');
      } finally {
        send({ op: 'update', property: 'mandatory_topics', value: false });
        send({ op: 'update_dict', property: 'default', data: { empty_topic_display_name: 'general chat' } });
        await rec.until(
          () => client.limits.mandatoryTopics === false && client.limits.emptyTopicDisplayName === 'general chat',
          'the limits restored',
        );
      }
    });

    it('waits out RATE_LIMIT_HIT as the server asks and continues', async function () {
      // Only lower bounds on the wait are asserted; the waits for events are generous for a busy machine.
      this.timeout(40_000);
      const rec = new QueueRecorder();
      await startQueue(rec);
      server.inject({ kind: 'rateLimit', retryAfter: 0.2, route: 'GET /events' });
      await dm(otherClient, owner);
      await rec.until(() => rec.statuses.some((s) => s.status === 'reconnecting'), 'the rate-limit report', 15_000);
      const limitedAt = rec.statuses.findIndex((s) => s.status === 'reconnecting');
      const limited = rec.statuses[limitedAt]!;
      assert.ok(limited.detail?.error instanceof ApiError && limited.detail.error.code === 'RATE_LIMIT_HIT');
      assert.equal(limited.detail?.retryAfterSeconds, 0.2);
      assert.ok((limited.detail?.retryInMs ?? 0) >= 200);
      const text = await dm(otherClient, owner);
      await rec.until(() => rec.hasMessage(text), 'the message after the wait', 15_000);
      // The first `live` reported after the rate-limit report (one reported in the same millisecond
      // before it, for the poll that came back just before the 429, is not the end of the wait).
      const live = rec.statuses.slice(limitedAt + 1).find((s) => s.status === 'live')!;
      assert.ok(live.at - limited.at >= 195, `waited ${live.at - limited.at} ms`);
    });

    it('stop() aborts the poll, deletes the queue and is idempotent', async () => {
      const rec = new QueueRecorder();
      const queue = await startQueue(rec);
      const queueId = queue.queueId!;
      await Promise.all([queue.stop(), queue.stop()]);
      await queue.stop();
      assert.equal(rec.statuses.at(-1)?.status, 'stopped');
      assert.equal(rec.statuses.filter((s) => s.status === 'stopped').length, 1);
      await assert.rejects(
        getEvents(client, { queue_id: queueId, last_event_id: -1, dont_block: true }),
        (e: unknown) => e instanceof ApiError && e.code === 'BAD_EVENT_QUEUE_ID',
      );
      // Nothing is handed over after stop.
      const before = rec.events.length;
      await dm(otherClient, owner);
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(rec.events.length, before);
    });

    it('stop() aborts a long-poll the server would hold for ten minutes', async () => {
      // Were the poll waited out, stop() would outlast the suite's timeout.
      const started = await testServer.start({ longpollTimeoutSeconds: 600, heartbeatSeconds: 600 });
      const longPolled = started.client(MEMBER);
      const srv = started.server;
      const rec = new QueueRecorder();
      const queue = new EventQueue(longPolled, { ...rec.handlers });
      await queue.start();
      const held = () => Boolean(srv.server.queues.byId.get(queue.queueId!)?.waiter);
      while (!held()) await new Promise((r) => setTimeout(r, 10));
      await queue.stop();
      assert.equal(rec.statuses.at(-1)?.status, 'stopped');
      assert.equal(srv.server.queues.byId.has(queue.queueId!), false, 'the queue was deleted');
    });

    it('stop() before the first snapshot ends start() quietly', async () => {
      const rec = new QueueRecorder();
      const queue = new EventQueue(client, { ...rec.handlers });
      server.inject({ kind: 'delay', ms: 300, route: 'POST /register' });
      const starting = queue.start();
      await new Promise((r) => setTimeout(r, 50));
      await queue.stop();
      await starting;
      assert.equal(rec.snapshots.length, 0);
      assert.equal(rec.statuses.at(-1)?.status, 'stopped');
    });

    it('a wrong API key stops the queue with an authentication error', async () => {
      const bad = clientFor(server, owner, { apiKey: 'wrong-key-0000000000000000000000' });
      const rec = new QueueRecorder();
      const queue = new EventQueue(bad, { ...rec.handlers });
      try {
        await assert.rejects(queue.start(), (e: unknown) => e instanceof ApiError && e.isAuthError);
        const last = rec.statuses.at(-1)!;
        assert.equal(last.status, 'stopped');
        assert.ok(last.detail?.error instanceof ApiError && last.detail.error.isAuthError);
        assert.equal(rec.statuses.filter((s) => s.status === 'reconnecting').length, 0, 'no retry loop');
        await queue.done;
        await queue.stop();
      } finally {
        await bad.close();
      }
    });
  });

  describe('older servers and the other name flavour', () => {
    const servers = withServer({}, 'none');
    it('parses the snapshot of a zulip-flavoured server and normalises the names', async () => {
      const server = (await servers.start({ names: 'zulip' })).server;
      const account = accountWithRole(server, 400);
      const client = clientFor(server, account);
      try {
        const snapshot = await registerQueue(client, { slim_presence: true });
        assert.ok(snapshot.chat_feature_level >= 400);
        assert.equal(typeof snapshot.chat_version, 'string');
        assert.equal((snapshot as Record<string, unknown>).zulip_feature_level, undefined);
        assert.equal(client.server?.flavor, 'zulip');
        await deleteQueue(client, { queue_id: snapshot.queue_id });
      } finally {
        await client.close();
      }
    });

    it('parses the snapshot of an old feature level and runs the queue on it', async () => {
      const server = (await servers.start({ featureLevel: 150 })).server;
      const owner = accountWithRole(server, 400);
      const other = accountWithRole(server, 200);
      const client = clientFor(server, owner);
      const otherClient = clientFor(server, other);
      const rec = new QueueRecorder();
      const queue = new EventQueue(client, { backoff: { baseMs: 10, capMs: 50 }, ...rec.handlers });
      try {
        await queue.start();
        const snapshot = rec.snapshots[0]!.snapshot;
        assert.equal(snapshot.chat_feature_level, 150);
        assert.equal(client.server?.featureLevel, 150);
        assert.equal(typeof snapshot.max_message_length, 'number');
        assert.ok(snapshot.presences && Object.keys(snapshot.presences).length > 0, 'the snapshot has presences');
        for (const times of Object.values(snapshot.presences)) {
          assert.ok(times.active_timestamp !== undefined || times.idle_timestamp !== undefined);
        }
        const text = await dm(otherClient, owner);
        await rec.until(() => rec.hasMessage(text), 'the message event');
      } finally {
        await queue.stop();
        await client.close();
        await otherClient.close();
      }
    });
  });

  describe('parseEvent', () => {
    it('maps unknown types and ops to "unknown" instead of failing', () => {
      const a = parseEvent({ id: 1, type: 'typing_fancy', op: 'start', sender: { user_id: 3 } });
      assert.ok(a.ok && a.event.type === 'unknown');
      assert.equal(a.event.event_type, 'typing_fancy');
      assert.equal(a.event.event_op, 'start');
      const proto = parseEvent({ id: 2, type: 'toString' });
      assert.ok(proto.ok && proto.event.type === 'unknown' && proto.event.event_type === 'toString');
      const b = parseEvent({ id: 2, type: 'subscription', op: 'teleport' });
      assert.ok(b.ok && b.event.type === 'unknown' && b.event.event_type === 'subscription');
    });

    it('reports a malformed event instead of throwing', () => {
      const r = parseEvent({ id: 3, type: 'reaction', op: 'add', message_id: 'x' });
      assert.equal(r.ok, false);
      assert.equal(parseEvent(null).ok, false);
      assert.equal(parseEvent([1]).ok, false);
    });

    it('leaves a modern event uncopied and never modifies an old one', () => {
      const modern = {
        id: 6,
        type: 'presence',
        user_id: 3,
        presences: { 3: { active_timestamp: 10, idle_timestamp: 10 } },
      };
      assert.equal(normalizeEvent(modern), modern);
      const legacy = { id: 7, type: 'update_message_flags', operation: 'add', flag: 'read', messages: [1] };
      const copy = structuredClone(legacy);
      const upgraded = normalizeEvent(legacy);
      assert.notEqual(upgraded, legacy);
      assert.equal(upgraded.op, 'add');
      assert.deepEqual(legacy, copy);
    });

    it('normalises delete_message message_id to message_ids', () => {
      const r = parseEvent({
        id: 4,
        type: 'delete_message',
        message_id: 17,
        message_type: 'stream',
        stream_id: 2,
        topic: 't',
      });
      assert.ok(r.ok && r.event.type === 'delete_message');
      assert.deepEqual(r.event.message_ids, [17]);
      const bulk = parseEvent({ id: 5, type: 'delete_message', message_ids: [1, 2], message_type: 'private' });
      assert.ok(bulk.ok && bulk.event.type === 'delete_message');
      assert.deepEqual(bulk.event.message_ids, [1, 2]);
    });

    it('normalises reaction types of either flavour', () => {
      for (const reaction_type of ['zulip_extra_emoji', 'chat_extra_emoji']) {
        const r = parseEvent({
          id: 6,
          type: 'reaction',
          op: 'add',
          message_id: 1,
          user_id: 2,
          emoji_name: 'zulip',
          emoji_code: 'zulip',
          reaction_type,
        });
        assert.ok(r.ok && r.event.type === 'reaction');
        assert.equal(r.event.reaction_type, 'chat_extra_emoji');
      }
      const future = parseEvent({
        id: 7,
        type: 'reaction',
        op: 'remove',
        message_id: 1,
        user_id: 2,
        emoji_name: 'x',
        emoji_code: 'x',
        reaction_type: 'hologram',
      });
      assert.ok(future.ok && future.event.type === 'reaction' && future.event.reaction_type === 'unknown');
    });

    it('normalises legacy per-email presence and modern presences to one shape', () => {
      const legacy = parseEvent({
        id: 8,
        type: 'presence',
        user_id: 11,
        email: 'a@example.com',
        server_timestamp: 1000,
        presence: { website: { client: 'website', status: 'active', timestamp: 990, pushable: false } },
      });
      assert.ok(legacy.ok && legacy.event.type === 'presence');
      assert.deepEqual(legacy.event.presences, { '11': { active_timestamp: 990, idle_timestamp: 990 } });
      const idle = parseEvent({
        id: 9,
        type: 'presence',
        user_id: 12,
        presence: { website: { status: 'idle', timestamp: 995 } },
      });
      assert.ok(idle.ok && idle.event.type === 'presence');
      assert.deepEqual(idle.event.presences, { '12': { idle_timestamp: 995 } });
      const modern = parseEvent({
        id: 10,
        type: 'presence',
        presences: { '13': { active_timestamp: 5, idle_timestamp: 7 } },
      });
      assert.ok(modern.ok && modern.event.type === 'presence');
      assert.deepEqual(modern.event.presences, { '13': { active_timestamp: 5, idle_timestamp: 7 } });
    });

    it('normalises singular peer_add/peer_remove and flags events with `operation`', () => {
      const peer = parseEvent({ id: 11, type: 'subscription', op: 'peer_add', stream_id: 3, user_id: 4 });
      assert.ok(peer.ok && peer.event.type === 'subscription' && peer.event.op === 'peer_add');
      assert.deepEqual([peer.event.stream_ids, peer.event.user_ids], [[3], [4]]);
      const flags = parseEvent({
        id: 12,
        type: 'update_message_flags',
        operation: 'remove',
        flag: 'read',
        messages: [1],
        all: false,
      });
      assert.ok(flags.ok && flags.event.type === 'update_message_flags' && flags.event.op === 'remove');
    });

    it('parses every consumed event type', () => {
      const samples: Record<string, unknown>[] = [
        { type: 'heartbeat' },
        {
          type: 'update_message',
          message_id: 1,
          message_ids: [1],
          user_id: 2,
          edit_timestamp: 3,
          rendering_only: false,
          flags: [],
          orig_subject: 'a',
          subject: 'b',
          propagate_mode: 'change_all',
          stream_id: 4,
        },
        { type: 'update_message_flags', op: 'add', flag: 'starred', messages: [1, 2], all: false },
        {
          type: 'update_message_flags',
          op: 'remove',
          flag: 'read',
          messages: [1],
          all: false,
          message_details: { '1': { type: 'stream', stream_id: 2, topic: 't' } },
        },
        { type: 'subscription', op: 'remove', subscriptions: [{ name: 'x', stream_id: 1 }] },
        { type: 'subscription', op: 'update', stream_id: 1, property: 'is_muted', value: true },
        { type: 'subscription', op: 'peer_remove', stream_ids: [1], user_ids: [2] },
        { type: 'stream', op: 'create', streams: [{ stream_id: 9, name: 'new' }] },
        { type: 'stream', op: 'delete', streams: [{ stream_id: 9, name: 'new' }] },
        { type: 'stream', op: 'update', stream_id: 9, name: 'new', property: 'description', value: 'd' },
        { type: 'user_topic', stream_id: 1, topic_name: 't', last_updated: 5, visibility_policy: 3 },
        { type: 'user_status', user_id: 1, status_text: 'away', away: true },
        { type: 'realm_user', op: 'remove', person: { user_id: 3, full_name: 'X' } },
        { type: 'realm_user', op: 'update', person: { user_id: 3, full_name: 'Y' } },
        { type: 'realm', op: 'update', property: 'mandatory_topics', value: true },
        { type: 'realm', op: 'update_dict', property: 'default', data: { message_content_edit_limit_seconds: 600 } },
        { type: 'realm_linkifiers', realm_linkifiers: [] },
        { type: 'saved_snippets', op: 'remove', saved_snippet_id: 1 },
        { type: 'scheduled_messages', op: 'remove', scheduled_message_id: 1 },
        { type: 'reminders', op: 'remove', reminder_id: 1 },
      ];
      samples.forEach((raw, i) => {
        const r = parseEvent({ id: 100 + i, ...raw });
        assert.ok(r.ok, `${JSON.stringify(raw)}: ${r.ok ? '' : r.error.message}`);
        assert.equal(r.event.type, raw.type);
      });
      const del = parseEvent({ id: 1, type: 'stream', op: 'delete', streams: [{ stream_id: 9 }] });
      assert.ok(del.ok && del.event.type === 'stream' && del.event.op === 'delete');
      assert.deepEqual(del.event.stream_ids, [9]);
    });
  });
});
