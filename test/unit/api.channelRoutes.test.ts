// The channel route functions on the wire: the method, path and parameters each one sends, and the
// answer it returns, against a recording HTTP server (no chat server needed).
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChatClient } from '../../src/api/client';
import {
  getChannelEmailAddress,
  getChannels,
  getChannelTopics,
  getSubscriptions,
  subscribe,
  unsubscribe,
  updateSubscriptionProperties,
  updateSubscriptionProperty,
  updateUserTopic,
} from '../../src/api/channels/routes';
import { getDrafts } from '../../src/api/drafts/routes';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  userAgent: string | undefined;
}

describe('API: channel routes on the wire', function () {
  let server: http.Server;
  let origin: string;
  let seen: Seen[] = [];
  let answer: Record<string, unknown> = {};

  before(async function () {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const url = new URL(req.url!, 'http://localhost');
        seen.push({
          method: req.method!,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: Object.fromEntries(new URLSearchParams(body)),
          userAgent: req.headers['user-agent'],
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: 'success', msg: '', ...answer }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  beforeEach(() => {
    seen = [];
    answer = {};
  });

  function client(): ChatClient {
    const c = new ChatClient({ realmUrl: origin, email: 'iago@example.com', apiKey: 'k', maxRetries: 0 });
    c.server = { featureLevel: 482, version: 'test', mergeBase: undefined, flavor: 'chat' };
    c.limits = { emptyTopicDisplayName: 'general chat' };
    return c;
  }
  const request = (s: Seen) => [s.method, s.path, s.query, s.body];

  it('lists subscriptions (GET /users/me/subscriptions), with subscribers when asked', async function () {
    answer = { subscriptions: [{ stream_id: 5, name: 'design', color: '#e79ab5', is_muted: false, subscribers: [10, 11] }] };
    const { subscriptions } = await getSubscriptions(client(), { include_subscribers: true });
    assert.deepEqual(subscriptions.map((s) => [s.stream_id, s.name, s.subscribers]), [[5, 'design', [10, 11]]]);
    await getSubscriptions(client());
    assert.deepEqual(seen.map(request), [
      ['GET', '/api/v1/users/me/subscriptions', { include_subscribers: 'true' }, {}],
      ['GET', '/api/v1/users/me/subscriptions', {}, {}],
    ]);
  });

  it('lists channels (GET /streams), with parameters or none', async function () {
    answer = { streams: [{ stream_id: 5, name: 'design' }] };
    const { streams } = await getChannels(client());
    assert.deepEqual(streams.map((s) => [s.stream_id, s.name, s.description]), [[5, 'design', '']]);
    await getChannels(client(), { include_public: false, include_web_public: true });
    assert.deepEqual(seen.map(request), [
      ['GET', '/api/v1/streams', {}, {}],
      ['GET', '/api/v1/streams', { include_public: 'false', include_web_public: 'true' }, {}],
    ]);
  });

  it('subscribes (POST /users/me/subscriptions) and unsubscribes (DELETE) by name', async function () {
    answer = { subscribed: { '10': ['design'] }, already_subscribed: {} };
    const joined = await subscribe(client(), { subscriptions: [{ name: 'design', description: 'Pixels' }], principals: [10], announce: true });
    assert.deepEqual(joined.subscribed, { '10': ['design'] });
    answer = { removed: ['design'], not_removed: ['lunch'] };
    const left = await unsubscribe(client(), { subscriptions: ['design', 'lunch'] });
    assert.deepEqual([left.removed, left.not_removed], [['design'], ['lunch']]);
    assert.deepEqual(seen.map(request), [
      ['POST', '/api/v1/users/me/subscriptions', {}, { subscriptions: '[{"name":"design","description":"Pixels"}]', principals: '[10]', announce: 'true' }],
      ['DELETE', '/api/v1/users/me/subscriptions', {}, { subscriptions: '["design","lunch"]' }],
    ]);
  });

  it('changes subscription properties in bulk and one at a time', async function () {
    await updateSubscriptionProperties(client(), {
      subscription_data: [
        { stream_id: 5, property: 'pin_to_top', value: true },
        { stream_id: 6, property: 'color', value: '#f00f00' },
      ],
    });
    await updateSubscriptionProperty(client(), { stream_id: 5, property: 'is_muted', value: false });
    assert.deepEqual(seen.map(request), [
      [
        'POST',
        '/api/v1/users/me/subscriptions/properties',
        {},
        { subscription_data: '[{"stream_id":5,"property":"pin_to_top","value":true},{"stream_id":6,"property":"color","value":"#f00f00"}]' },
      ],
      ['POST', '/api/v1/users/me/subscriptions/5', {}, { property: 'is_muted', value: 'false' }],
    ]);
  });

  it('lists a channel\'s topics and sets a topic\'s visibility policy (the empty topic sent as "")', async function () {
    answer = { topics: [{ name: 'lunch', max_id: 42 }] };
    const { topics } = await getChannelTopics(client(), { stream_id: 5, allow_empty_topic_name: true });
    assert.deepEqual(topics, [{ name: 'lunch', max_id: 42 }]);
    answer = {};
    await updateUserTopic(client(), { stream_id: 5, topic: 'general chat', visibility_policy: 3 });
    assert.deepEqual(seen.map(request), [
      ['GET', '/api/v1/users/me/5/topics', { allow_empty_topic_name: 'true' }, {}],
      ['POST', '/api/v1/user_topics', {}, { stream_id: '5', topic: '', visibility_policy: '3' }],
    ]);
  });

  it("gets a channel's email address (GET /streams/{stream_id}/email_address)", async function () {
    answer = { email: 'design.abc123@streams.example.com' };
    const { email } = await getChannelEmailAddress(client(), { stream_id: 5, sender_id: 10 });
    assert.equal(email, 'design.abc123@streams.example.com');
    assert.deepEqual(seen.map(request), [['GET', '/api/v1/streams/5/email_address', { sender_id: '10' }, {}]]);
  });

  it('calls an operation without parameters (GET /drafts), an unknown draft type read as "unknown"', async function () {
    const draft = { id: 1, to: [5], topic: 'lunch', content: 'Pizza?', timestamp: 1700000000 };
    answer = { count: 2, drafts: [{ ...draft, type: 'stream' }, { ...draft, id: 2, type: 'channel' }] };
    const { drafts } = await getDrafts(client());
    assert.deepEqual(drafts.map((d) => [d.id, d.type]), [[1, 'stream'], [2, 'unknown']]);
    assert.deepEqual(seen.map(request), [['GET', '/api/v1/drafts', {}, {}]]);
  });

  it('names the extension in the User-Agent header unless told otherwise', async function () {
    await getDrafts(client()).catch(() => undefined);
    const named = new ChatClient({ realmUrl: origin, email: 'iago@example.com', apiKey: 'k', maxRetries: 0, userAgent: 'Probe/1' });
    await getDrafts(named).catch(() => undefined);
    assert.match(seen[0]!.userAgent ?? '', /^TeamChatVSCode\/\d+\.\d+/);
    assert.equal(seen[1]!.userAgent, 'Probe/1');
  });
});
