import * as assert from 'node:assert';
import { withServer, type Account, type RunningServer } from '../../support/server';

type Json = Record<string, any>;

function client(server: RunningServer, who: Account) {
  const auth = { Authorization: 'Basic ' + Buffer.from(`${who.email}:${who.apiKey}`).toString('base64') };
  return async (
    method: string,
    path: string,
    params: Record<string, unknown> = {},
  ): Promise<{ status: number; body: Json }> => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const isGet = method === 'GET';
    const res = await fetch(`${server.url}/api/v1${path}${isGet && Object.keys(params).length ? '?' + form : ''}`, {
      method,
      headers: { ...auth, ...(isGet ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }) },
      body: isGet ? undefined : form.toString(),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
}

describe('local chat server: muted users', () => {
  let server: RunningServer;
  let alice: Account;
  let bob: Account;
  const testServer = withServer();
  before(async () => {
    server = testServer.server;
    alice = server.accounts.find((a) => a.email.startsWith('alice@'))!;
    bob = server.accounts.find((a) => a.email.startsWith('bob@'))!;
  });

  it('mutes and unmutes with the real error texts and sends the whole list as a muted_users event', async () => {
    const c = client(server, alice);
    const q = await c('POST', '/register', { event_types: ['muted_users'] });
    assert.strictEqual(q.status, 200);
    const self = await c('POST', `/users/me/muted_users/${alice.userId}`);
    assert.deepStrictEqual([self.status, self.body.msg, self.body.code], [400, 'Cannot mute self', 'BAD_REQUEST']);
    const nobody = await c('POST', '/users/me/muted_users/999999');
    assert.deepStrictEqual([nobody.status, nobody.body.msg], [400, 'No such user']);
    const notMuted = await c('DELETE', `/users/me/muted_users/${bob.userId}`);
    assert.deepStrictEqual([notMuted.status, notMuted.body.msg], [400, 'User is not muted']);
    const ok = await c('POST', `/users/me/muted_users/${bob.userId}`);
    assert.deepStrictEqual([ok.status, ok.body], [200, { result: 'success', msg: '' }]);
    const again = await c('POST', `/users/me/muted_users/${bob.userId}`);
    assert.deepStrictEqual([again.status, again.body.msg], [400, 'User already muted']);
    const reg = await c('POST', '/register', { fetch_event_types: ['muted_users'] });
    assert.deepStrictEqual(
      reg.body.muted_users.map((m: Json) => m.id),
      [bob.userId],
    );
    const un = await c('DELETE', `/users/me/muted_users/${bob.userId}`);
    assert.strictEqual(un.status, 200);
    const ev = await c('GET', '/events', { queue_id: q.body.queue_id, last_event_id: -1 });
    const muted = ev.body.events.filter((e: Json) => e.type === 'muted_users');
    assert.strictEqual(muted.length, 2);
    assert.deepStrictEqual(
      muted[0].muted_users.map((m: Json) => m.id),
      [bob.userId],
    );
    assert.strictEqual(typeof muted[0].muted_users[0].timestamp, 'number');
    assert.deepStrictEqual(muted[1].muted_users, []);
  });
});
