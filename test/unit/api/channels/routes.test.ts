// The channel route functions on the wire: the method, path and parameters each one sends, and the
// answer it returns, against the recording HTTP server (no chat server needed).
import assert from 'node:assert/strict';
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
} from '../../../../src/api/channels/routes';
import { getDrafts } from '../../../../src/api/drafts/routes';
import { recordingServer } from '../../support/recordingServer';

describe('API: channel routes on the wire', function () {
  const server = recordingServer();
  const client = () => server.client({ limits: { emptyTopicDisplayName: 'general chat' } });
  const seen = () => server.requests.map((s) => [s.method, s.path, s.query, s.form]);

  it('lists subscriptions (GET /users/me/subscriptions), with subscribers when asked', async function () {
    server.answer({
      subscriptions: [{ stream_id: 5, name: 'design', color: '#e79ab5', is_muted: false, subscribers: [10, 11] }],
    });
    const { subscriptions } = await getSubscriptions(client(), { include_subscribers: true });
    assert.deepEqual(
      subscriptions.map((s) => [s.stream_id, s.name, s.subscribers]),
      [[5, 'design', [10, 11]]],
    );
    await getSubscriptions(client());
    assert.deepEqual(seen(), [
      ['GET', '/api/v1/users/me/subscriptions', { include_subscribers: 'true' }, {}],
      ['GET', '/api/v1/users/me/subscriptions', {}, {}],
    ]);
  });

  it('lists channels (GET /streams), with parameters or none', async function () {
    server.answer({ streams: [{ stream_id: 5, name: 'design' }] });
    const { streams } = await getChannels(client());
    assert.deepEqual(
      streams.map((s) => [s.stream_id, s.name, s.description]),
      [[5, 'design', '']],
    );
    await getChannels(client(), { include_public: false, include_web_public: true });
    assert.deepEqual(seen(), [
      ['GET', '/api/v1/streams', {}, {}],
      ['GET', '/api/v1/streams', { include_public: 'false', include_web_public: 'true' }, {}],
    ]);
  });

  it('subscribes (POST /users/me/subscriptions) and unsubscribes (DELETE) by name', async function () {
    server.answer({ subscribed: { '10': ['design'] }, already_subscribed: {} });
    const joined = await subscribe(client(), {
      subscriptions: [{ name: 'design', description: 'Pixels' }],
      principals: [10],
      announce: true,
    });
    assert.deepEqual(joined.subscribed, { '10': ['design'] });
    server.answer({ removed: ['design'], not_removed: ['lunch'] });
    const left = await unsubscribe(client(), { subscriptions: ['design', 'lunch'] });
    assert.deepEqual([left.removed, left.not_removed], [['design'], ['lunch']]);
    assert.deepEqual(seen(), [
      [
        'POST',
        '/api/v1/users/me/subscriptions',
        {},
        { subscriptions: '[{"name":"design","description":"Pixels"}]', principals: '[10]', announce: 'true' },
      ],
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
    assert.deepEqual(seen(), [
      [
        'POST',
        '/api/v1/users/me/subscriptions/properties',
        {},
        {
          subscription_data:
            '[{"stream_id":5,"property":"pin_to_top","value":true},{"stream_id":6,"property":"color","value":"#f00f00"}]',
        },
      ],
      ['POST', '/api/v1/users/me/subscriptions/5', {}, { property: 'is_muted', value: 'false' }],
    ]);
  });

  it('lists a channel\'s topics and sets a topic\'s visibility policy (the empty topic sent as "")', async function () {
    server.answer({ topics: [{ name: 'lunch', max_id: 42 }] });
    const { topics } = await getChannelTopics(client(), { stream_id: 5, allow_empty_topic_name: true });
    assert.deepEqual(topics, [{ name: 'lunch', max_id: 42 }]);
    server.answer({});
    await updateUserTopic(client(), { stream_id: 5, topic: 'general chat', visibility_policy: 3 });
    assert.deepEqual(seen(), [
      ['GET', '/api/v1/users/me/5/topics', { allow_empty_topic_name: 'true' }, {}],
      ['POST', '/api/v1/user_topics', {}, { stream_id: '5', topic: '', visibility_policy: '3' }],
    ]);
  });

  it("gets a channel's email address (GET /streams/{stream_id}/email_address)", async function () {
    server.answer({ email: 'design.abc123@streams.example.com' });
    const { email } = await getChannelEmailAddress(client(), { stream_id: 5, sender_id: 10 });
    assert.equal(email, 'design.abc123@streams.example.com');
    assert.deepEqual(seen(), [['GET', '/api/v1/streams/5/email_address', { sender_id: '10' }, {}]]);
  });

  it('calls an operation without parameters (GET /drafts), an unknown draft type read as "unknown"', async function () {
    const draft = { id: 1, to: [5], topic: 'lunch', content: 'Pizza?', timestamp: 1700000000 };
    server.answer({
      count: 2,
      drafts: [
        { ...draft, type: 'stream' },
        { ...draft, id: 2, type: 'channel' },
      ],
    });
    const { drafts } = await getDrafts(client());
    assert.deepEqual(
      drafts.map((d) => [d.id, d.type]),
      [
        [1, 'stream'],
        [2, 'unknown'],
      ],
    );
    assert.deepEqual(seen(), [['GET', '/api/v1/drafts', {}, {}]]);
  });

  it('names the extension in the User-Agent header unless told otherwise', async function () {
    await getDrafts(client()).catch(() => undefined);
    await getDrafts(server.client({ userAgent: 'Probe/1' })).catch(() => undefined);
    const [first, second] = server.requests;
    assert.match(first!.headers['user-agent'] ?? '', /^TeamChatVSCode\/\d+\.\d+/);
    assert.equal(second!.headers['user-agent'], 'Probe/1');
  });
});
