import * as assert from 'node:assert';
import { createHash } from 'node:crypto';
import { withServer, type Account, type RunningServer } from '../support/server';
import { UNICODE_EMOJI } from '../../server/emoji';
import { resolveOptions } from '../../server/core';
import { idleWaitSeconds } from '../../server/routes/register';

type Json = Record<string, any>;

function client(server: RunningServer, who: Account | null) {
  const auth: Record<string, string> = who
    ? { Authorization: 'Basic ' + Buffer.from(`${who.email}:${who.apiKey}`).toString('base64') }
    : {};
  return async (
    method: string,
    path: string,
    params: Record<string, unknown> = {},
  ): Promise<{ status: number; body: Json; headers: Headers }> => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const isGet = method === 'GET';
    const res = await fetch(`${server.url}/api/v1${path}${isGet && Object.keys(params).length ? '?' + form : ''}`, {
      method,
      headers: { ...auth, ...(isGet ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }) },
      body: isGet ? undefined : form.toString(),
    });
    return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
  };
}

/** Polls `check` until it holds; fails after `ms`. */
async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('local chat server', () => {
  let server: RunningServer;
  let alice: Account;
  let admin: Account;
  const clock = 0;
  const testServer = withServer({ now: () => Date.now() / 1000 + clock });
  before(async () => {
    server = testServer.server;
    alice = server.accounts.find((a) => a.email.startsWith('alice@'))!;
    admin = server.accounts.find((a) => a.role === 200)!;
  });

  it('serves server_settings without auth', async () => {
    const r = await client(server, null)('GET', '/server_settings');
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.body.chat_feature_level, 482);
    assert.strictEqual(r.body.realm_url, server.url);
  });

  it('rejects missing and wrong credentials', async () => {
    const missing = await client(server, null)('GET', '/users/me');
    assert.strictEqual(missing.status, 401);
    assert.strictEqual(missing.body.code, 'UNAUTHORIZED');
    const wrong = await client(server, { ...alice, apiKey: 'x'.repeat(32) })('GET', '/users/me');
    assert.strictEqual(wrong.body.code, 'INVALID_API_KEY');
    const me = await client(server, alice)('GET', '/users/me');
    assert.strictEqual(me.body.user_id, alice.userId);
    assert.ok(me.headers.get('x-ratelimit-limit'));
  });

  it('is strict about parameters', async () => {
    const c = client(server, alice);
    const missing = await c('GET', '/messages', { anchor: 'newest', num_before: 1 });
    assert.strictEqual(missing.body.code, 'REQUEST_VARIABLE_MISSING');
    const badBool = await c('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      apply_markdown: 'yes',
    });
    assert.strictEqual(badBool.status, 400);
    const badJson = await c('POST', '/messages/flags', { messages: '[1,', op: 'add', flag: 'read' });
    assert.strictEqual(badJson.body.code, 'INVALID_JSON');
    const narrow = await c('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'bogus', operand: 'x' }],
    });
    assert.strictEqual(narrow.body.code, 'BAD_NARROW');
    const ignored = await c('GET', '/users/me/subscriptions', { surprise: 'yes' });
    assert.deepStrictEqual(ignored.body.ignored_parameters_unsupported, ['surprise']);
  });

  it('delivers a message event through register + long-poll', async () => {
    const c = client(server, alice);
    const reg = await c('POST', '/register', {
      event_types: ['message'],
      client_capabilities: { empty_topic_name: true },
    });
    assert.ok(reg.body.queue_id);
    const poll = c('GET', '/events', { queue_id: reg.body.queue_id, last_event_id: reg.body.last_event_id });
    await new Promise((r) => setTimeout(r, 50));
    const bob = server.accounts.find((a) => a.email.startsWith('bob@'))!;
    const sent = await client(server, bob)('POST', '/messages', {
      type: 'direct',
      to: [alice.userId],
      content: 'ping',
    });
    const events = (await poll).body.events;
    assert.strictEqual(events[0].type, 'message');
    assert.strictEqual(events[0].message.id, sent.body.id);
    const hb = await c('GET', '/events', { queue_id: reg.body.queue_id, last_event_id: events[0].id });
    assert.strictEqual(hb.body.events[0].type, 'heartbeat');
    server.expireQueues();
    const gone = await c('GET', '/events', { queue_id: reg.body.queue_id, last_event_id: -1 });
    assert.strictEqual(gone.body.code, 'BAD_EVENT_QUEUE_ID');
  });

  it('answers custom_profile_fields and realm_emoji as fetch types of their own, not inside realm', async () => {
    const c = client(server, alice);
    const own = (await c('POST', '/register', { fetch_event_types: ['custom_profile_fields', 'realm_emoji'] })).body;
    assert.ok(Array.isArray(own.custom_profile_fields) && own.custom_profile_fields.length > 0);
    assert.equal(typeof own.realm_emoji, 'object');
    assert.equal(own.realm_name, undefined);
    const realm = (await c('POST', '/register', { fetch_event_types: ['realm'] })).body;
    assert.equal(typeof realm.realm_name, 'string');
    assert.equal(realm.custom_profile_fields, undefined);
    assert.equal(realm.realm_emoji, undefined);
  });

  it('enforces edit rules', async () => {
    const c = client(server, alice);
    const st = server.state;
    const recent = [...st.messages.values()].find(
      (m) => m.senderId === alice.userId && m.content.startsWith('My notes'),
    )!;
    const wrongHash = await c('PATCH', `/messages/${recent.id}`, { content: 'x', prev_content_sha256: 'abc' });
    assert.strictEqual(wrongHash.body.code, 'BAD_REQUEST');
    const hash = createHash('sha256').update(recent.content).digest('hex');
    const ok = await c('PATCH', `/messages/${recent.id}`, { content: 'No more notes', prev_content_sha256: hash });
    assert.strictEqual(ok.status, 200, JSON.stringify(ok.body));
    assert.strictEqual(ok.body.detached_uploads.length, 1);
    const both = await c('PATCH', `/messages/${recent.id}`, { content: 'x', stream_id: 1 });
    assert.strictEqual(both.status, 400);
    const release = [...st.messages.values()].find((m) => m.topic === 'release 1.0')!;
    const tooOld = await c('PATCH', `/messages/${release.id}`, { topic: 'release one', propagate_mode: 'change_all' });
    assert.strictEqual(tooOld.body.code, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED');
    assert.strictEqual(tooOld.body.total_messages_in_topic, 4);
    assert.strictEqual(tooOld.body.total_messages_allowed_to_move, 2);
    const wildcard = await c('PATCH', `/messages/${recent.id}`, { content: 'hey @**all**' });
    assert.strictEqual(wildcard.status, 200, 'engineering is small enough for @all');
    // A fresh message of alice's in general (many subscribers): within the edit limit for certain.
    const general = await c('POST', '/messages', { type: 'stream', to: 1, topic: 'wildcards', content: 'hey' });
    assert.strictEqual(general.status, 200);
    const big = await c('PATCH', `/messages/${general.body.id}`, { content: 'hey @**everyone**' });
    assert.strictEqual(big.body.code, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED');
  });

  it('applies unsubscribe permissions', async () => {
    const c = client(server, alice);
    const unknown = await c('DELETE', '/users/me/subscriptions', { subscriptions: ['nope'] });
    assert.strictEqual(unknown.body.code, 'STREAM_DOES_NOT_EXIST');
    assert.strictEqual(unknown.body.stream, 'nope');
    const other = await c('DELETE', '/users/me/subscriptions', {
      subscriptions: ['general'],
      principals: [admin.userId],
    });
    assert.strictEqual(other.body.code, 'BAD_REQUEST');
    const byAdmin = await client(server, admin)('DELETE', '/users/me/subscriptions', {
      subscriptions: ['design', 'sandbox'],
      principals: [alice.userId],
    });
    assert.deepStrictEqual(byAdmin.body.removed, ['design']);
    assert.deepStrictEqual(byAdmin.body.not_removed, ['sandbox']);
  });

  it('marks a narrow as read', async () => {
    const c = client(server, alice);
    const r = await c('POST', '/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1000,
      narrow: [{ operator: 'is', operand: 'unread' }],
      op: 'add',
      flag: 'read',
    });
    assert.strictEqual(r.status, 200, JSON.stringify(r.body));
    assert.ok(r.body.updated_count > 0);
    assert.strictEqual(r.body.found_newest, true);
  });

  it('validates status updates', async () => {
    const c = client(server, alice);
    assert.strictEqual((await c('POST', '/users/me/status', {})).body.msg, 'Client did not pass any new values.');
    assert.strictEqual((await c('POST', '/users/me/status', { status_text: 'x'.repeat(61) })).status, 400);
    assert.strictEqual((await c('POST', '/users/me/status', { emoji_code: '1f44d' })).status, 400);
    assert.strictEqual((await c('POST', '/users/me/status', { status_text: 'Busy', emoji_name: 'tada' })).status, 200);
    assert.strictEqual((await c('POST', `/users/${admin.userId}/status`, { status_text: 'x' })).status, 400);
  });

  it('knows the common unicode emoji names for statuses and reactions, as a real server does', async () => {
    const names = Object.keys(UNICODE_EMOJI);
    assert.ok(names.length >= 100, `${names.length} emoji names`);
    for (const [name, code] of Object.entries(UNICODE_EMOJI))
      assert.match(code, /^[0-9a-f]{4,5}(-[0-9a-f]{4,5})*$/, name);
    const c = client(server, alice);
    for (const [name, code] of [
      ['bus', '1f68c'],
      ['dart', '1f3af'],
      ['coffee', '2615'],
      ['palm_tree', '1f334'],
    ]) {
      const r = await c('POST', '/users/me/status', {
        status_text: 'Away',
        emoji_name: name,
        emoji_code: code,
        reaction_type: 'unicode_emoji',
      });
      assert.strictEqual(r.status, 200, `${name}: ${JSON.stringify(r.body)}`);
      assert.strictEqual(server.state.statuses.get(alice.userId)?.emoji_code, code);
    }
    assert.strictEqual(
      (await c('POST', '/users/me/status', { emoji_name: 'bus' })).status,
      200,
      'the code is looked up by name',
    );
    assert.strictEqual(
      (await c('POST', '/users/me/status', { emoji_name: 'bus', emoji_code: '1f3af' })).body.msg,
      'Invalid emoji name.',
    );
    assert.strictEqual(
      (await c('POST', '/users/me/status', { emoji_name: 'no_such_emoji' })).body.msg,
      "Emoji 'no_such_emoji' does not exist",
    );
    const reaction = [...server.state.messages.values()].find((m) => m.streamId === 1)!;
    assert.strictEqual((await c('POST', `/messages/${reaction.id}/reactions`, { emoji_name: 'dart' })).status, 200);
    await c('POST', '/users/me/status', { status_text: '', emoji_name: '' });
  });

  it('stores a message with arbitrary rendered HTML through /__test__/raw-message (what a malicious server sends)', async () => {
    const c = client(server, alice);
    const reg = await c('POST', '/register', { event_types: ['message'], apply_markdown: true });
    const poll = c('GET', '/events', { queue_id: reg.body.queue_id, last_event_id: reg.body.last_event_id });
    const html = '<p onclick="alert(1)">raw <script>alert(2)</script></p>';
    const bob = server.accounts.find((a) => a.email.startsWith('bob@'))!;
    const res = await fetch(`${server.url}/__test__/raw-message`, {
      method: 'POST',
      body: JSON.stringify({ senderEmail: bob.email, streamId: 1, topic: 'raw html', html }),
    });
    assert.strictEqual(res.status, 200);
    const { id } = (await res.json()) as { id: number };
    const event = (await poll).body.events.find((e: Json) => e.type === 'message');
    assert.strictEqual(event.message.id, id);
    assert.strictEqual(event.message.content, html, 'the event carries the HTML as it is');
    const fetched = await c('GET', `/messages/${id}`, { apply_markdown: false });
    assert.ok(!fetched.body.raw_content.includes('<'), `harmless raw content: ${fetched.body.raw_content}`);
    const bad = await fetch(`${server.url}/__test__/raw-message`, {
      method: 'POST',
      body: JSON.stringify({ senderEmail: bob.email, streamId: 1, topic: 't' }),
    });
    assert.strictEqual(bad.status, 400);
  });

  it('injects faults', async () => {
    server.inject({ kind: 'status', status: 503, route: 'GET /users/me' });
    const r = await fetch(`${server.url}/api/v1/users/me`);
    assert.strictEqual(r.status, 503);
    server.inject({ kind: 'rateLimit', retryAfter: 1.5, route: '/users' });
    const limited = await client(server, alice)('GET', '/users');
    assert.strictEqual(limited.status, 429);
    assert.strictEqual(limited.body['retry-after'], 1.5);
  });

  it('hangs a request until the client gives up (a frozen server), through the test control too', async () => {
    const control = await fetch(`${server.url}/__test__/fault`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'hang', route: 'GET /users/me', times: 1 }),
    });
    assert.strictEqual(control.status, 200);
    const auth = { Authorization: 'Basic ' + Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64') };
    const abort = new AbortController();
    const held = fetch(`${server.url}/api/v1/users/me`, { headers: auth, signal: abort.signal });
    await until(() => server.hungRequests() === 1, 'the request held');
    // Still held a while later: nothing answers it.
    await new Promise((r) => setTimeout(r, 300));
    assert.strictEqual(server.hungRequests(), 1);
    abort.abort();
    await assert.rejects(held, { name: 'AbortError' });
    await until(() => server.hungRequests() === 0, 'the held request released when the client closed it');
    // The fault was used up: the next request is answered.
    assert.strictEqual((await client(server, alice)('GET', '/users/me')).status, 200);
  });

  it('closes held requests when it stops', async () => {
    // Without the test defaults' heartbeat and shape check, as the server runs by itself.
    const { server: frozen } = await testServer.start({ heartbeatSeconds: undefined, checkResponse: undefined });
    const account = frozen.accounts[0];
    frozen.inject({ kind: 'hang', route: 'POST /register' });
    const held = client(frozen, account)('POST', '/register', {});
    await until(() => frozen.hungRequests() === 1, 'the registration held');
    await frozen.stop();
    await assert.rejects(held);
    await until(() => frozen.hungRequests() === 0, 'the held registration closed');
  });

  it('answers an idle long-poll with a heartbeat after 45-55 s by default, as a real server', () => {
    const at = (random: number, longpollTimeoutSeconds = 90, heartbeatSeconds?: number) =>
      idleWaitSeconds({ heartbeatSeconds, longpollTimeoutSeconds }, () => random);
    assert.strictEqual(at(0), 45);
    assert.strictEqual(at(0.5), 50);
    assert.strictEqual(at(0.999), 55);
    // Never past the long-poll timeout the server announced, and configurable.
    assert.strictEqual(at(0.999, 50), 49);
    assert.strictEqual(at(0, 2), 1);
    assert.strictEqual(at(0, 1), 0.5);
    assert.strictEqual(at(0.999, 90, 7), 7);
    assert.strictEqual(at(0, 2, 1), 1);
    assert.strictEqual(resolveOptions({}).heartbeatSeconds, undefined);
  });

  // How fast it starts and registers is measured by `npm run bench`, not here.
  it('starts the large organisation and registers in it', async function () {
    this.timeout(30000);
    const { server: large } = await testServer.start({
      organization: 'large',
      longpollTimeoutSeconds: undefined,
      heartbeatSeconds: undefined,
      checkResponse: undefined,
    });
    const reg = await client(large, large.accounts[0])('POST', '/register', {});
    assert.strictEqual(reg.body.subscriptions.length, 5000);
    const topics = await client(large, large.accounts[0])('GET', '/users/me/1/topics');
    assert.ok(topics.body.topics.length >= 20);
  });
});
