// The event queue's three routes (docs/API.md: `POST /register`, `GET /events`, `DELETE /events`):
// the requests the client sends, the parameters it refuses before sending, the snapshot it parses,
// and the client capabilities the EventQueue always declares.
import assert from 'node:assert/strict';
import { MalformedResponseError } from '../../../../src/api';
import { EventQueue } from '../../../../src/api/events/queue';
import { RegisterSnapshot } from '../../../../src/api/events/register';
import { deleteQueue, getEvents, registerQueue } from '../../../../src/api/events/routes';
import { ctx, normalized, op, refusal } from '../../support/operations';
import { recordingServer, type RecordedRequest } from '../../support/recordingServer';

const snapshotAnswer = (s: RecordedRequest) =>
  s.path.endsWith('/register') ? { queue_id: 'q1', last_event_id: -1, zulip_feature_level: 300 } : {};

describe('API: event queue routes', () => {
  const server = recordingServer();
  const client = () => server.client({ email: 'alice@example.com', timeoutMs: 5000, featureLevel: 400 });
  /** The requests received, each with its query and form parameters together. */
  const seen = () =>
    server.requests.map((s) => ({ method: s.method, path: s.path, params: { ...s.query, ...s.form } }));

  it('registers with POST /register, polls with GET /events and frees the queue with DELETE /events', async () => {
    server.answer((s) =>
      s.path.endsWith('/events') && s.method === 'GET'
        ? { events: [{ id: 0, type: 'heartbeat' }], queue_id: 'q1' }
        : snapshotAnswer(s),
    );
    const c = client();
    const snapshot = await registerQueue(c, { event_types: ['message'], include_subscribers: 'partial' });
    assert.equal(snapshot.queue_id, 'q1');
    assert.equal(snapshot.chat_feature_level, 300, 'the zulip-flavoured name is normalised');
    const { events } = await getEvents(c, { queue_id: 'q1', last_event_id: -1, dont_block: true });
    assert.deepEqual(events, [{ id: 0, type: 'heartbeat' }]);
    await deleteQueue(c, { queue_id: 'q1' });
    assert.deepEqual(
      seen().map((s) => [s.method, s.path, s.params.queue_id ?? s.params.include_subscribers]),
      [
        ['POST', '/api/v1/register', 'partial'],
        ['GET', '/api/v1/events', 'q1'],
        ['DELETE', '/api/v1/events', 'q1'],
      ],
    );
    assert.equal(seen()[1]!.params.last_event_id, '-1');
  });

  it('EventQueue declares the documented client capabilities; a caller may override one', async () => {
    server.answer(snapshotAnswer);
    const c = client();
    for (const registerParams of [undefined, { client_capabilities: { empty_topic_name: false } }]) {
      const queue = new EventQueue(c, { onSnapshot: () => {}, onEvents: () => {}, registerParams });
      await queue.start();
      await queue.stop();
    }
    const declared = seen()
      .filter((s) => s.path.endsWith('/register'))
      .map((s) => JSON.parse(s.params.client_capabilities!) as unknown);
    const all = {
      notification_settings_null: true,
      bulk_message_deletion: true,
      user_settings_object: true,
      empty_topic_name: true,
      archived_channels: true,
    };
    assert.deepEqual(declared, [all, { ...all, empty_topic_name: false }]);
  });

  it('EventQueue reports a malformed event of GET /events and skips it', async () => {
    let polls = 0;
    server.answer((s) => {
      if (s.method !== 'GET') return snapshotAnswer(s);
      polls++;
      return { events: polls === 1 ? [{ id: 0, type: 'reaction', op: 'add', message_id: 'x' }] : [] };
    });
    const errors: unknown[] = [];
    const queue = new EventQueue(client(), {
      onSnapshot: () => {},
      onEvents: () => {},
      onError: (e) => errors.push(e),
    });
    try {
      await queue.start();
      for (let i = 0; i < 500 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 2));
      assert.equal(errors.length, 1);
      const error = errors[0] as MalformedResponseError;
      assert.ok(error instanceof MalformedResponseError);
      assert.equal(error.route, 'GET /events');
      assert.equal(error.message, 'An event of type reaction (id 0) was not understood and was skipped.');
    } finally {
      await queue.stop();
    }
  });

  describe('parameters', () => {
    it('refuses an empty queue id with a message for the user', () => {
      assert.equal(refusal('GET /events', { queue_id: '' }), 'The event queue id is required.');
      assert.equal(refusal('DELETE /events', { queue_id: '' }), 'The event queue id is required.');
    });

    it('accepts a real queue id and last_event_id from -1 (nothing seen yet) up', () => {
      assert.deepEqual(op('GET /events').params.parse({ queue_id: '1517975029:0', last_event_id: -1 }), {
        queue_id: '1517975029:0',
        last_event_id: -1,
      });
      assert.deepEqual(op('GET /events').params.parse({ queue_id: 'q', last_event_id: 41 }), {
        queue_id: 'q',
        last_event_id: 41,
      });
      assert.deepEqual(op('DELETE /events').params.parse({ queue_id: '1517975029:0' }), { queue_id: '1517975029:0' });
      assert.equal(op('GET /events').params.safeParse({ queue_id: 'q', last_event_id: -2 }).success, false);
    });

    it('GET /events answers with a list of raw events', () => {
      const response = op('GET /events').response;
      assert.equal(response.safeParse({ result: 'success', msg: '', events: 'none' }).success, false);
      assert.equal(response.safeParse({ result: 'success', msg: '', events: [], queue_id: 7 }).success, false);
    });

    it('POST /register takes include_subscribers true, false or "partial"', () => {
      for (const include_subscribers of [true, false, 'partial']) {
        assert.deepEqual(op('POST /register').params.parse({ include_subscribers }), { include_subscribers });
      }
      assert.equal(op('POST /register').params.safeParse({ include_subscribers: 'all' }).success, false);
    });

    it('POST /register takes a narrow of {operator, operand, negated} terms or legacy pairs', () => {
      const narrow = [
        { operator: 'channel', operand: 'general' },
        { operator: 'channel', operand: 7 },
        { operator: 'dm', operand: [11, 12], negated: true },
        ['is', 'private'],
      ];
      assert.deepEqual(op('POST /register').params.parse({ narrow }), { narrow });
      for (const operand of [true, null, ['general']]) {
        assert.equal(
          op('POST /register').params.safeParse({ narrow: [{ operator: 'channel', operand }] }).success,
          false,
          JSON.stringify(operand),
        );
      }
    });

    it("POST /register normalises an older server's snapshot", () => {
      const body = normalized(
        'POST /register',
        { queue_id: 'q', last_event_id: -1, zulip_feature_level: 100, realm_uri: 'https://acme.example.com' },
        ctx(100),
      );
      assert.equal(body.chat_feature_level, 100);
      assert.equal(body.realm_url, 'https://acme.example.com');
    });
  });
});

describe('API: the POST /register snapshot', () => {
  const parse = (extra: Record<string, unknown>) =>
    RegisterSnapshot.safeParse({ queue_id: 'q1', last_event_id: -1, ...extra });

  it('only the queue is required; limits a server leaves out take the documented defaults', () => {
    const r = parse({});
    assert.ok(r.success);
    const {
      queue_id,
      last_event_id,
      chat_feature_level,
      max_message_length,
      max_topic_length,
      event_queue_longpoll_timeout_seconds,
    } = r.data;
    assert.deepEqual(
      {
        queue_id,
        last_event_id,
        chat_feature_level,
        max_message_length,
        max_topic_length,
        event_queue_longpoll_timeout_seconds,
      },
      {
        queue_id: 'q1',
        last_event_id: -1,
        chat_feature_level: 0,
        max_message_length: 10_000,
        max_topic_length: 60,
        event_queue_longpoll_timeout_seconds: 90,
      },
    );
    assert.equal(RegisterSnapshot.safeParse({ last_event_id: -1 }).success, false);
  });

  it('unread messages: direct, channel and group conversations; old_unreads_missing false unless said', () => {
    const unread_msgs = {
      count: 3,
      mentions: [6],
      pms: [{ other_user_id: 12, unread_message_ids: [5] }],
      streams: [{ stream_id: 1, topic: 'lunch', unread_message_ids: [6] }],
      huddles: [{ user_ids_string: '11,12,13', unread_message_ids: [7] }],
    };
    const r = parse({ unread_msgs });
    assert.ok(r.success);
    assert.deepEqual(r.data.unread_msgs, { ...unread_msgs, old_unreads_missing: false });
    const said = parse({ unread_msgs: { ...unread_msgs, old_unreads_missing: true } });
    assert.ok(said.success);
    assert.equal(said.data.unread_msgs!.old_unreads_missing, true);
    for (const broken of [
      { count: '3' },
      { pms: [{ unread_message_ids: [5] }] },
      { streams: [{ stream_id: 1, unread_message_ids: [6] }] },
      { huddles: [{ unread_message_ids: [7] }] },
    ]) {
      assert.equal(parse({ unread_msgs: { ...unread_msgs, ...broken } }).success, false, JSON.stringify(broken));
    }
  });

  it('never-subscribed channels, user groups, recent conversations and muted users', () => {
    const sections = {
      never_subscribed: [{ stream_id: 3, name: 'random', subscriber_count: 4 }],
      realm_user_groups: [{ id: 1, name: 'role:members', members: [11, 12], is_system_group: true }],
      recent_private_conversations: [{ max_message_id: 9, user_ids: [12] }],
      muted_users: [{ id: 12, timestamp: 1700000000 }],
    };
    const r = parse(sections);
    assert.ok(r.success);
    assert.deepEqual(
      [r.data.never_subscribed, r.data.realm_user_groups, r.data.recent_private_conversations, r.data.muted_users],
      Object.values(sections),
    );
    for (const broken of [
      { never_subscribed: [{ name: 'random' }] },
      { realm_user_groups: [{ id: 1, name: 'role:members' }] },
      { recent_private_conversations: [{ user_ids: [12] }] },
      { muted_users: [{ id: 12 }] },
    ]) {
      assert.equal(parse(broken).success, false, JSON.stringify(broken));
    }
  });
});
