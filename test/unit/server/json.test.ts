// The local chat server caches serialised sections of some GET responses by version counters;
// each mutation that feeds such a section must show in the very next GET.
import assert from 'node:assert/strict';
import { type Account, byEmail, type RunningServer, withServer } from '../support/server';

type Json = Record<string, any>;

describe('local chat server: cached GET responses follow mutations', () => {
  let server: RunningServer;
  let alice: Account;
  let bob: Account;
  let clock = 0;
  const testServer = withServer({ now: () => Date.now() / 1000 + clock });
  before(async () => {
    server = testServer.server;
    alice = byEmail(server, 'alice');
    bob = byEmail(server, 'bob');
  });

  async function call(who: Account, method: string, path: string, params: Record<string, unknown> = {}): Promise<Json> {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const isGet = method === 'GET';
    const res = await fetch(`${server.url}/api/v1${path}${isGet && Object.keys(params).length ? '?' + form : ''}`, {
      method,
      headers: {
        Authorization: 'Basic ' + Buffer.from(`${who.email}:${who.apiKey}`).toString('base64'),
        ...(isGet ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
      body: isGet ? undefined : form.toString(),
    });
    const body = (await res.json()) as Json;
    assert.equal(body.result, 'success', `${method} ${path}: ${body.msg}`);
    return body;
  }

  it('GET /users/me/subscriptions shows property changes, new messages and subscriber changes', async () => {
    const subscriptions = async (includeSubscribers = false): Promise<Json[]> =>
      (await call(alice, 'GET', '/users/me/subscriptions', { include_subscribers: includeSubscribers })).subscriptions;
    const general = (list: Json[]) => list.find((s) => s.name === 'general')!;
    const first = await subscriptions();
    assert.deepEqual(await subscriptions(), first);

    await call(alice, 'POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: general(first).stream_id, property: 'color', value: '#123456' }],
    });
    const recoloured = await subscriptions();
    assert.equal(general(recoloured).color, '#123456');
    assert.notEqual(general(first).color, '#123456');

    await call(bob, 'POST', '/messages', { type: 'stream', to: 'general', topic: 'cache', content: 'one more' });
    assert.equal(general(await subscriptions()).stream_weekly_traffic, general(first).stream_weekly_traffic + 1);

    assert.ok(general(await subscriptions(true)).subscribers.includes(bob.userId));
    await call(bob, 'DELETE', '/users/me/subscriptions', { subscriptions: ['general'] });
    assert.ok(!general(await subscriptions(true)).subscribers.includes(bob.userId));
  });

  it('POST /register shows new messages in subscriptions and presence updates', async () => {
    const register = async (): Promise<Json> =>
      call(alice, 'POST', '/register', { fetch_event_types: ['subscription', 'presence'] });
    const general = (body: Json) => (body.subscriptions as Json[]).find((s) => s.name === 'general')!;
    const first = await register();
    await call(bob, 'POST', '/messages', { type: 'stream', to: 'general', topic: 'cache', content: 'and another' });
    const second = await register();
    assert.equal(general(second).stream_weekly_traffic, general(first).stream_weekly_traffic + 1);
    clock += 1000;
    await call(bob, 'POST', '/users/me/presence', { status: 'idle' });
    const third = await register();
    assert.notDeepEqual(third.presences, second.presences);
  });

  it('keeps each server’s cached sections to itself', async () => {
    const other = (await testServer.start({ featureLevel: 100 })).server;
    const mine = await call(alice, 'GET', '/users/me/subscriptions');
    await call(alice, 'POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: mine.subscriptions[0].stream_id, property: 'color', value: '#abcdef' }],
    });
    const res = await fetch(`${other.url}/api/v1/users/me/subscriptions`, {
      headers: {
        Authorization: 'Basic ' + Buffer.from(`${alice.email}:${byEmail(other, 'alice').apiKey}`).toString('base64'),
      },
    });
    const theirs = (await res.json()) as Json;
    assert.ok(!(theirs.subscriptions as Json[]).some((s) => s.color === '#abcdef'));
  });

  it('GET /realm/presence shows presence updates and changed email visibility', async () => {
    const presences = async (): Promise<Json> => (await call(alice, 'GET', '/realm/presence')).presences;
    const dummy = `user${bob.userId}@127.0.0.1`;
    const first = await presences();
    assert.deepEqual(await presences(), first);
    assert.ok(first[dummy]);

    clock += 1000;
    // The server reads the clock during the call: a second may turn between the two reads here.
    const before = Math.floor(Date.now() / 1000 + clock);
    await call(bob, 'POST', '/users/me/presence', { status: 'active' });
    const after = Math.floor(Date.now() / 1000 + clock);
    const updated = await presences();
    const stamp = updated[dummy].aggregated.timestamp;
    assert.ok(stamp >= before && stamp <= after, `timestamp ${stamp} outside [${before}, ${after}]`);
    assert.equal(updated[dummy].aggregated.status, 'active');

    await call(bob, 'PATCH', '/settings', { email_address_visibility: 1 });
    const visible = await presences();
    assert.equal(visible[dummy], undefined);
    assert.deepEqual(visible[bob.email], updated[dummy]);
  });
});
