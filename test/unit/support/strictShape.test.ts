// The strict-shape hook itself (issue 13 item 6): it names a field the real API lacks, and the
// server then fails the request loudly.
import assert from 'node:assert/strict';
import { ServerError } from '../../../src/api';
import { getOwnUser } from '../../../src/api/users/routes';
import { byEmail, clientFor, withServer, type RunningServer } from './server';
import { checkResponseShape } from './strictShape';

const server482 = { featureLevel: 482, flavor: 'chat' as const };

async function rawGet(server: RunningServer, path: string): Promise<Record<string, unknown>> {
  const alice = byEmail(server, 'alice');
  const res = await fetch(`${server.url}/api/v1${path}`, {
    headers: { Authorization: 'Basic ' + Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64') },
  });
  assert.equal(res.status, 200);
  return (await res.json()) as Record<string, unknown>;
}

describe('strict response shape (test server hook)', function () {
  let server: RunningServer;
  const testServer = withServer();
  before(async () => {
    server = testServer.server;
  });

  it("accepts the server's responses as they are, and names a field the real API lacks", async function () {
    const me = await rawGet(server, '/users/me');
    assert.equal(checkResponseShape('GET', '/users/me', me, server482), undefined);
    assert.match(
      checkResponseShape('GET', '/users/me', { ...me, bot_owner_id: null }, server482) ?? '',
      /fields the API's response does not have: bot_owner_id$/,
    );
    const reg = await (async () => {
      const alice = byEmail(server, 'alice');
      const res = await fetch(`${server.url}/api/v1/register`, {
        method: 'POST',
        body: 'fetch_event_types=["realm","realm_user","reminders"]',
        headers: {
          Authorization: 'Basic ' + Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64'),
          'Content-Type': 'application/x-www-form-urlencoded',
        },
      });
      return (await res.json()) as Record<string, unknown>;
    })();
    assert.equal(checkResponseShape('POST', '/register', reg, server482), undefined);
    // A server setting the real API never sends (API-NOTES: the client must not need it).
    assert.equal('max_stream_size_for_typing_notifications' in reg, false);
    assert.match(
      checkResponseShape('POST', '/register', { ...reg, max_stream_size_for_typing_notifications: 100 }, server482) ??
        '',
      /max_stream_size_for_typing_notifications/,
    );
    assert.match(checkResponseShape('POST', '/register', { ...reg, user_role: 400 }, server482) ?? '', /user_role/);
    const bots = reg.realm_bots as Record<string, unknown>[];
    assert.ok(bots.length > 0);
    const withUserField = { ...reg, realm_bots: [{ ...bots[0], is_admin: false }] };
    assert.match(
      checkResponseShape('POST', '/register', withUserField, server482) ?? '',
      /realm_bots .*is_admin|realm_bots.*Unrecognized/s,
    );
  });

  it('presence: the aggregated object has status and timestamp, no client (the website one has all four)', async function () {
    const body = await rawGet(server, '/realm/presence');
    const entries = Object.values(body.presences as Record<string, Record<string, Record<string, unknown>>>);
    assert.ok(entries.length > 0);
    for (const entry of entries) {
      assert.deepEqual(Object.keys(entry.aggregated!).sort(), ['status', 'timestamp']);
      assert.deepEqual(Object.keys(entry.website!).sort(), ['client', 'pushable', 'status', 'timestamp']);
    }
  });

  it('checks nested objects and feature-level limits: attachments[].messages only below 472', function () {
    const attachment = { id: 1, name: 'a.txt', path_id: '2/ab/a.txt', size: 3, create_time: 1, message_ids: [] };
    const body = { result: 'success', msg: '', attachments: [{ ...attachment, messages: [] }], upload_space_used: 3 };
    assert.match(checkResponseShape('GET', '/attachments', body, server482) ?? '', /attachments\[\]\.messages/);
    assert.equal(checkResponseShape('GET', '/attachments', body, { featureLevel: 471, flavor: 'chat' }), undefined);
  });

  it('a violation fails the request loudly: HTTP 500 naming it', async function () {
    const { server: strict } = await testServer.start({
      checkResponse: (method, template) => (template === '/users/me' ? `${method} ${template}: planted` : undefined),
    });
    const client = clientFor(strict, byEmail(strict, 'alice'), { maxRetries: 0 });
    try {
      await assert.rejects(
        getOwnUser(client),
        (e) => e instanceof ServerError && e.httpStatus === 500 && /planted/.test(e.bodyExcerpt),
      );
    } finally {
      await client.close();
    }
  });
});
