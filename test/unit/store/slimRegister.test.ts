import * as assert from 'node:assert';
import { FL } from '../../../src/api/features';
import { MIN_FEATURE_LEVEL } from '../../../src/auth/check';
import { createHash } from 'node:crypto';
import type { MessageEvent } from '../../../src/api/events/models';
import { avatarUrl } from '../../../src/api/users/avatar';
import type { User } from '../../../src/api/users/models';
import { ChatSession } from '../../../src/store/session';
import { messageModel, modelContextOf } from '../../../src/webviews/topicView/model';
import type { Account, RunningServer } from '../../server';
import { emptySub } from '../../server/state';
import { PARTIAL_SUBSCRIBERS_THRESHOLD } from '../../server/slim';
import { clientFor, withServer } from '../support/server';

type Json = Record<string, any>;

const HEAVY = 10;
/** Large organisation users: 12 was active within two weeks, 13 last seen months ago, 15 never signed in. */
const RECENT = 12;
const LONG_AGO = 13;
const NEVER = 15;

function authOf(server: RunningServer, userId: number): string {
  const u = server.state.users.get(userId)!;
  return 'Basic ' + Buffer.from(`${u.deliveryEmail}:${u.apiKey}`).toString('base64');
}

async function call(
  server: RunningServer,
  userId: number,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; body: Json }> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const get = method === 'GET';
  const res = await fetch(`${server.url}/api/v1${path}${get ? '?' + form.toString() : ''}`, {
    method,
    headers: {
      authorization: authOf(server, userId),
      ...(get ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: get ? undefined : form.toString(),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const SLIM = {
  apply_markdown: true,
  client_gravatar: true,
  slim_presence: true,
  include_subscribers: 'partial',
  client_capabilities: { user_list_incomplete: true, simplified_presence_events: true },
};

function register(
  server: RunningServer,
  userId: number,
  params: Record<string, unknown>,
): Promise<{ status: number; body: Json }> {
  return call(server, userId, 'POST', '/register', params);
}

function gravatar(email: string): string {
  return `https://secure.gravatar.com/avatar/${createHash('md5').update(email.toLowerCase()).digest('hex')}?d=identicon&version=1`;
}

describe('slim sign-in on the large organisation (issue 12 item 3)', function () {
  this.timeout(120_000);
  let server: RunningServer;
  const testServer = withServer({ organization: 'large' });
  before(async () => {
    server = testServer.server;
  });

  it('include_subscribers "partial": full lists below 250 subscribers, partial_subscribers (active lately) from 250', async () => {
    const st = server.state;
    // Channels 17 and 33: the heavy member is subscribed to both; 49 the member is not.
    const grow = (streamId: number, size: number) => {
      const s = st.streams.get(streamId)!;
      for (let uid = 100; s.subscribers.size < size; uid++)
        if (!s.subscribers.has(uid)) st.subscribe(uid, s, emptySub('#c2726a'));
      assert.strictEqual(s.subscribers.size, size);
    };
    grow(17, PARTIAL_SUBSCRIBERS_THRESHOLD - 1);
    grow(33, PARTIAL_SUBSCRIBERS_THRESHOLD);
    grow(48, PARTIAL_SUBSCRIBERS_THRESHOLD);
    const r = await register(server, HEAVY, { ...SLIM, fetch_event_types: ['subscription'] });
    assert.strictEqual(r.status, 200, JSON.stringify(r.body).slice(0, 300));
    const sub = (id: number) => (r.body.subscriptions as Json[]).find((s) => s.stream_id === id)!;
    assert.strictEqual(sub(17).subscribers.length, 249);
    assert.strictEqual(sub(17).partial_subscribers, undefined);
    assert.strictEqual(sub(33).subscribers, undefined);
    const partial: number[] = sub(33).partial_subscribers;
    const now = Date.now() / 1000;
    const recent = [...st.streams.get(33)!.subscribers].filter((id) => {
      const p = st.presence.get(id);
      return p !== undefined && Math.max(p.activeTs, p.idleTs) >= now - 14 * 86400 - 5;
    });
    assert.deepStrictEqual(
      [...partial].sort((a, b) => a - b),
      recent.sort((a, b) => a - b),
    );
    assert.ok(partial.includes(HEAVY) && partial.length < 250, `partial list of ${partial.length}`);
    // 108 was active lately, 113 not (see the fixture).
    assert.ok(partial.includes(108) && !partial.includes(113));
    assert.strictEqual(sub(33).subscriber_count, 250);
    // Channels the member never joined: the same rule.
    const never = (r.body.never_subscribed as Json[]).find((s) => s.stream_id === 48)!;
    assert.strictEqual(never.subscribers, undefined);
    assert.ok(Array.isArray(never.partial_subscribers));
    const small = (r.body.never_subscribed as Json[]).find((s) => s.stream_id === 2)!;
    assert.ok(Array.isArray(small.subscribers) && small.partial_subscribers === undefined);
  });

  it('user_list_incomplete: the own user, bots and users active in the last 14 days; without it, everybody', async () => {
    const slim = await register(server, HEAVY, { ...SLIM, fetch_event_types: ['realm_user'] });
    const ids = new Set((slim.body.realm_users as Json[]).map((u) => u.user_id as number));
    assert.ok(ids.has(HEAVY) && ids.has(RECENT));
    assert.ok(!ids.has(LONG_AGO) && !ids.has(NEVER));
    assert.ok(ids.size < 2500, `${ids.size} users`);
    const full = await register(server, HEAVY, { fetch_event_types: ['realm_user'] });
    assert.strictEqual(full.body.realm_users.length, 20_000);
  });

  it('GET /users?user_ids= returns those users (feature level 384); an unknown id is an error', async () => {
    const r = await call(server, HEAVY, 'GET', '/users', { user_ids: [LONG_AGO, NEVER] });
    assert.strictEqual(r.status, 200);
    assert.deepStrictEqual(
      r.body.members.map((u: Json) => u.user_id),
      [LONG_AGO, NEVER],
    );
    assert.strictEqual(r.body.members[0].full_name, `User ${LONG_AGO}`);
    const bad = await call(server, HEAVY, 'GET', '/users', { user_ids: [LONG_AGO, 999_999] });
    assert.strictEqual(bad.status, 400);
    assert.strictEqual(bad.body.msg, 'Invalid user ID: 999999');
  });

  it('client_gravatar: avatar_url null for Gravatar users; the client computes the URL the server would send', async () => {
    const slim = await register(server, HEAVY, { ...SLIM, fetch_event_types: ['realm_user'] });
    const full = await register(server, HEAVY, {
      client_gravatar: false,
      client_capabilities: { user_list_incomplete: true },
      fetch_event_types: ['realm_user'],
    });
    const u = (slim.body.realm_users as User[]).find((x) => x.user_id === RECENT)!;
    const f = (full.body.realm_users as Json[]).find((x) => x.user_id === RECENT)!;
    assert.strictEqual(u.avatar_url, null);
    assert.strictEqual(f.avatar_url, gravatar(`user${RECENT}@example.com`));
    assert.strictEqual(avatarUrl(u), f.avatar_url);
    // The own avatar always comes as a URL.
    assert.match(slim.body.avatar_url, /^https:\/\/secure\.gravatar\.com\/avatar\//);
  });

  it('presence: the last 14 days by default, presence_history_limit_days further; last_update_id gives only what changed', async () => {
    const r = await register(server, HEAVY, { slim_presence: true, fetch_event_types: ['presence'] });
    assert.ok(r.body.presences[RECENT] && !r.body.presences[LONG_AGO]);
    const year = await register(server, HEAVY, {
      slim_presence: true,
      presence_history_limit_days: 500,
      fetch_event_types: ['presence'],
    });
    assert.ok(year.body.presences[LONG_AGO]);
    const last: number = r.body.presence_last_update_id;
    await call(server, RECENT, 'POST', '/users/me/presence', {
      status: 'active',
      slim_presence: true,
      ping_only: true,
    });
    const ping = await call(server, HEAVY, 'POST', '/users/me/presence', {
      status: 'active',
      slim_presence: true,
      last_update_id: last,
    });
    assert.strictEqual(ping.status, 200);
    // The own ping counts as a change too.
    assert.deepStrictEqual(Object.keys(ping.body.presences), [String(HEAVY), String(RECENT)]);
    assert.ok(ping.body.presence_last_update_id > last);
  });

  it('the client: users the sidebar names are in the store at once; a new sender gets a name, never "unknown"', async () => {
    const account: Account = {
      email: `user${HEAVY}@example.com`,
      apiKey: server.state.users.get(HEAVY)!.apiKey,
      userId: HEAVY,
      role: 400,
      fullName: `User ${HEAVY}`,
    };
    const client = clientFor(server, account);
    const session = new ChatSession(client, {});
    try {
      // 1001 is a direct-message partner who was not active lately: not in the snapshot's users.
      const snap = await register(server, HEAVY, { ...SLIM, fetch_event_types: ['realm_user'] });
      assert.ok(!(snap.body.realm_users as Json[]).some((u) => u.user_id === 1001));
      await session.start();
      assert.strictEqual(session.store.user(1001)?.full_name, 'User 1001');
      assert.ok(session.store.directConversations !== undefined);
      // A message from someone the store does not know yet (user 3001, last seen months ago).
      assert.strictEqual(session.store.user(3001), undefined);
      const shown: string[] = [];
      const ctx = modelContextOf({ account: { realmUrl: server.url } as never, store: session.store });
      const seen = new Promise<void>((resolve) => {
        session.store.onDidApplyEvents((events) => {
          for (const e of events) {
            if (e.type === 'message' && (e as MessageEvent).message.sender_id === 3001) {
              shown.push(messageModel((e as MessageEvent).message, ctx).senderName);
              resolve();
            }
          }
        });
      });
      const sent = await call(server, 3001, 'POST', '/messages', {
        type: 'stream',
        to: 17,
        topic: 'lazy users',
        content: 'Hello from a quiet member',
      });
      assert.strictEqual(sent.status, 200, JSON.stringify(sent.body));
      await seen;
      assert.deepStrictEqual(shown, ['User 3001']);
      for (let i = 0; i < 200 && session.store.user(3001) === undefined; i++)
        await new Promise((r) => setTimeout(r, 25));
      assert.strictEqual(session.store.user(3001)?.full_name, 'User 3001');
    } finally {
      await session.stop();
      session.dispose();
      await client.close();
    }
  });
});

describe('slim sign-in on small organisations and older servers', function () {
  const servers = withServer({}, 'none');
  this.timeout(60_000);

  it('a small organisation sends every user even to a client declaring user_list_incomplete', async () => {
    const server = (await servers.start()).server;
    const owner = [...server.state.users.values()].find((u) => u.role === 100)!;
    const slim = await register(server, owner.id, { ...SLIM, fetch_event_types: ['realm_user'] });
    const full = await register(server, owner.id, { fetch_event_types: ['realm_user'] });
    assert.strictEqual(slim.body.realm_users.length, full.body.realm_users.length);
  });

  it('include_subscribers "partial" is refused below feature level 412, and the client then asks for no subscriber lists', async () => {
    const server = (await servers.start({ featureLevel: 411 })).server;
    const owner = [...server.state.users.values()].find((u) => u.role === 100)!;
    const r = await register(server, owner.id, {
      include_subscribers: 'partial',
      fetch_event_types: ['subscription'],
    });
    assert.strictEqual(r.status, 400);
    assert.strictEqual(r.body.code, 'REQUEST_VARIABLE_INVALID');
    const account: Account = {
      email: owner.deliveryEmail,
      apiKey: owner.apiKey,
      userId: owner.id,
      role: owner.role,
      fullName: owner.fullName,
    };
    const client = clientFor(server, account);
    const session = new ChatSession(client, {});
    try {
      await session.start();
      assert.strictEqual(session.status, 'live');
      assert.ok(session.store.subscriptions().length > 0);
    } finally {
      await session.stop();
      session.dispose();
      await client.close();
    }
  });

  // Issue 30: what is sent when the version could not be learnt must be what the oldest supported
  // server accepts: the oldest, at MIN_FEATURE_LEVEL, and one just below "partial" both go live.
  for (const featureLevel of [MIN_FEATURE_LEVEL, FL.partialSubscribers - 1]) {
    it(`GET /server_settings failing: the register parameters are accepted by a feature level ${featureLevel} server`, async () => {
      const server = (await servers.start({ featureLevel })).server;
      const owner = [...server.state.users.values()].find((u) => u.role === 100)!;
      const account: Account = {
        email: owner.deliveryEmail,
        apiKey: owner.apiKey,
        userId: owner.id,
        role: owner.role,
        fullName: owner.fullName,
      };
      // Every attempt (the client retries reads on 5xx) fails: the version stays unknown.
      server.inject({ kind: 'status', status: 502, route: 'GET /server_settings', times: 50 });
      const client = clientFor(server, account);
      const session = new ChatSession(client, {});
      try {
        await assert.rejects(client.ensureServerInfo(), /HTTP 502/, 'the version cannot be learnt');
        await session.start();
        assert.strictEqual(session.status, 'live');
        assert.ok(session.store.subscriptions().length > 0);
        assert.ok(
          session.store.subscriptions().every((s) => s.subscribers === undefined),
          'no subscriber lists were asked for',
        );
      } finally {
        await session.stop();
        session.dispose();
        await client.close();
      }
    });
  }
});
