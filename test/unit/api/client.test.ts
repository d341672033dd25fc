import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import {
  ApiError,
  ChatClient,
  MalformedResponseError,
  NetworkError,
  RedirectError,
  ServerError,
  ValidationError,
  type RetryInfo,
} from '../../../src/api';
import { parseRetryAfter } from '../../../src/api/response';
import { encodeParams, fillPath } from '../../../src/api/encode';
import { accountWithRole, clientFor, withServer, type RunningServer } from '../support/server';

const SECRET = 'k3yTh4tMustN3verLeak0123456789ab';

describe('client transport', () => {
  describe('encoding', () => {
    it('encodes strings as they are, numbers and booleans as text, arrays and objects as JSON', () => {
      const text = encodeParams({ a: 'x y&z', n: 5, t: true, f: false, arr: [1, 2], obj: { k: 'v' }, skip: undefined });
      const parsed = new URLSearchParams(text);
      assert.equal(parsed.get('a'), 'x y&z');
      assert.equal(parsed.get('n'), '5');
      assert.equal(parsed.get('t'), 'true');
      assert.equal(parsed.get('f'), 'false');
      assert.equal(parsed.get('arr'), '[1,2]');
      assert.equal(parsed.get('obj'), '{"k":"v"}');
      assert.equal(parsed.has('skip'), false);
    });

    it('percent-encodes path parameters, emails included', () => {
      const { path, rest } = fillPath('/users/{email}', { email: 'a b/c?@x.org', include: true }, 'GET /users/{email}');
      assert.equal(path, '/users/a%20b%2Fc%3F%40x.org');
      assert.deepEqual(rest, { include: true });
      const two = fillPath('/users/{user_id}/subscriptions/{stream_id}', { user_id: 7, stream_id: 9, x: 1 }, 'GET x');
      assert.deepEqual(two, { path: '/users/7/subscriptions/9', rest: { x: 1 } });
      assert.throws(() => fillPath('/messages/{message_id}', { message_id: '' }, 'GET x'), /"message_id" is required/);
      // A missing or null ID is refused, not sent as /messages/undefined or /messages/null.
      for (const values of [{}, { message_id: undefined }, { message_id: null }]) {
        assert.throws(() => fillPath('/messages/{message_id}', values, 'GET x'), {
          name: 'ValidationError',
          field: 'message_id',
          route: 'GET x',
        });
      }
      assert.deepEqual(fillPath('/realm/presence', { a: 1 }, 'GET x'), { path: '/realm/presence', rest: { a: 1 } });
    });

    it('reads Retry-After as fractional seconds or an HTTP date', () => {
      assert.equal(parseRetryAfter('1.5'), 1.5);
      assert.equal(parseRetryAfter(undefined), undefined);
      const inTwo = new Date(Date.now() + 2000).toUTCString();
      const seconds = parseRetryAfter(inTwo)!;
      assert.ok(seconds > 0 && seconds <= 2.5, String(seconds));
    });
  });

  describe('input refused before sending', () => {
    // Nothing listens on port 9: a request that went out would fail with a NetworkError.
    const offline = new ChatClient({ realmUrl: 'http://127.0.0.1:9', email: 'a@b.c', apiKey: SECRET, maxRetries: 0 });
    after(() => offline.close());

    it('rejects a parameter the operation does not have', async () => {
      await assert.rejects(
        offline.call('GET /server_settings', { bogus: 1 } as never),
        (e: unknown) => e instanceof ValidationError && e.field === 'bogus',
      );
    });

    it('rejects server URLs that are not http(s) or carry credentials', () => {
      assert.throws(() => new ChatClient({ realmUrl: 'ftp://x', email: 'a', apiKey: 'b' }), ValidationError);
      assert.throws(() => new ChatClient({ realmUrl: 'https://u:p@x', email: 'a', apiKey: 'b' }), ValidationError);
      assert.throws(() => new ChatClient({ realmUrl: 'not a url', email: 'a', apiKey: 'b' }), ValidationError);
    });

    it('maps a refused connection to NetworkError without the key in any text', async () => {
      const error = await offline.call('GET /server_settings', {}).then(
        () => assert.fail('expected an error'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof NetworkError);
      assert.equal(error.kind, 'refused');
      assert.ok(!inspect(error, { depth: 5 }).includes(SECRET));
    });

    it('never exposes the key when the client is printed or serialised', () => {
      assert.ok(!inspect(offline, { depth: 5, showHidden: true }).includes(SECRET));
      assert.ok(!JSON.stringify(offline).includes(SECRET));
      assert.ok(!inspect(offline).includes(Buffer.from(`a@b.c:${SECRET}`).toString('base64')));
    });
  });

  describe('against the local server', () => {
    let server: RunningServer;
    const testServer = withServer();
    before(async () => {
      server = testServer.server;
    });

    function member(options: ConstructorParameters<typeof ChatClient>[0] extends infer O ? Partial<O> : never = {}) {
      return clientFor(server, accountWithRole(server, 400), options);
    }

    it('reads server settings without credentials and learns the feature level', async () => {
      const client = new ChatClient({ realmUrl: server.url, email: 'nobody@example.com', apiKey: 'wrong' });
      const settings = await client.call('GET /server_settings', {});
      assert.equal(settings.result, 'success');
      assert.equal(settings.chat_feature_level, 482);
      assert.equal(client.server?.featureLevel, 482);
      assert.equal(client.server?.flavor, 'chat');
      await client.close();
    });

    it('maps a wrong key to an authentication ApiError (401)', async () => {
      const account = accountWithRole(server, 400);
      const client = new ChatClient({ realmUrl: server.url, email: account.email, apiKey: SECRET });
      const error = await client.request('GET', '/users/me', {}, { route: 'GET /users/me' }).then(
        () => assert.fail('expected an error'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError);
      assert.equal(error.httpStatus, 401);
      assert.ok(error.isAuthError);
      assert.ok(!error.message.includes(SECRET));
      await client.close();
    });

    it('returns ignored_parameters_unsupported to the caller', async () => {
      const client = member();
      const body = await client.request('GET', '/users/me', { not_a_parameter: 1 }, { route: 'GET /users/me' });
      assert.deepEqual(body.ignored_parameters_unsupported, ['not_a_parameter']);
      await client.close();
    });

    it('retries a GET after 5xx and dropped connections', async () => {
      const retries: RetryInfo[] = [];
      const client = member({ onRetry: (r) => retries.push(r) });
      server.inject({ kind: 'status', status: 503, route: 'GET /server_settings', times: 1 });
      server.inject({ kind: 'drop', route: 'GET /server_settings', times: 1 });
      const settings = await client.call('GET /server_settings', {});
      assert.equal(settings.result, 'success');
      assert.equal(retries.length, 2);
      assert.ok(retries.some((r) => r.error instanceof ServerError));
      assert.ok(retries.some((r) => r.error instanceof NetworkError));
      await client.close();
    });

    it('gives up after maxRetries with the last error', async () => {
      const client = member({ maxRetries: 1 });
      server.inject({ kind: 'status', status: 502, route: 'GET /server_settings', times: 2 });
      await assert.rejects(client.call('GET /server_settings', {}), ServerError);
      await client.close();
    });

    it('does not repeat a state-changing request after a 5xx', async () => {
      const retries: RetryInfo[] = [];
      const client = member({ onRetry: (r) => retries.push(r) });
      server.inject({ kind: 'status', status: 500, route: 'POST /users/me/presence', times: 1 });
      await assert.rejects(
        client.request('POST', '/users/me/presence', { status: 'active' }, { route: 'POST /users/me/presence' }),
        ServerError,
      );
      assert.equal(retries.length, 0);
      await client.close();
    });

    it('repeats any request after a 429, waiting for Retry-After', async () => {
      const retries: RetryInfo[] = [];
      const client = member({ onRetry: (r) => retries.push(r) });
      server.inject({ kind: 'rateLimit', retryAfter: 0.3, route: 'POST /users/me/presence', times: 1 });
      const started = Date.now();
      const body = await client.request(
        'POST',
        '/users/me/presence',
        { status: 'active' },
        { route: 'POST /users/me/presence' },
      );
      assert.equal(body.result, 'success');
      assert.ok(Date.now() - started >= 300, 'waited for Retry-After');
      assert.equal(retries.length, 1);
      assert.equal(retries[0]!.delayMs, 300);
      assert.equal((retries[0]!.error as ApiError).code, 'RATE_LIMIT_HIT');
      await client.close();
    });

    it('survives the real rate limiter', async () => {
      const limited = (await testServer.start({ rateLimit: { limit: 3, windowSeconds: 1 } })).server;
      const client = clientFor(limited, accountWithRole(limited, 400), { maxRetries: 5 });
      for (let i = 0; i < 6; i++) {
        const body = await client.request('GET', '/users/me', {}, { route: 'GET /users/me' });
        assert.equal(body.result, 'success');
      }
      assert.ok(client.rateLimit && client.rateLimit.limit === 3, 'rate-limit headers read');
      await client.close();
    });

    it('reports a body that is not JSON as MalformedResponseError naming the route', async () => {
      const client = member({ maxRetries: 0 });
      server.inject({ kind: 'badBody', route: 'GET /server_settings', times: 1 });
      const error = await client.call('GET /server_settings', {}).then(
        () => assert.fail('expected an error'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof MalformedResponseError);
      assert.equal(error.route, 'GET /server_settings');
      await client.close();
    });

    it('times out a slow request', async () => {
      const client = member({ maxRetries: 0 });
      // The server holds the answer far longer than the limit: undici's coarse timers and a busy
      // machine may fire the 150 ms limit late, never after 10 s.
      server.inject({ kind: 'delay', ms: 10_000, route: 'GET /server_settings', times: 1 });
      await assert.rejects(client.call('GET /server_settings', {}, { timeoutMs: 150 }), (e: unknown) => {
        return e instanceof NetworkError && e.kind === 'timeout';
      });
      await client.close();
    });

    it('cancels with an AbortSignal (no retry, not a ChatError)', async () => {
      const client = member();
      server.inject({ kind: 'delay', ms: 1000, route: 'GET /server_settings', times: 1 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      await assert.rejects(client.call('GET /server_settings', {}, { signal: controller.signal }), (e: unknown) => {
        return (e as Error).name === 'AbortError';
      });
      await client.close();
    });
  });

  describe('names and versions', () => {
    const servers = withServer({}, 'none');
    it('reads zulip_* spellings and normalises them', async () => {
      const server = (await servers.start({ names: 'zulip', featureLevel: 300 })).server;
      const client = new ChatClient({ realmUrl: server.url, email: 'x@y.z', apiKey: 'n' });
      const settings = await client.call('GET /server_settings', {});
      assert.equal(settings.chat_feature_level, 300);
      assert.equal(client.server?.flavor, 'zulip');
      assert.equal(client.server?.featureLevel, 300);
      await client.close();
    });

    it('treats an absent feature level as 0 and falls back to realm_uri', async () => {
      const server = (await servers.start({ featureLevel: 0 })).server;
      const client = new ChatClient({ realmUrl: server.url, email: 'x@y.z', apiKey: 'n' });
      const settings = await client.call('GET /server_settings', {});
      assert.equal(settings.chat_feature_level, 0);
      assert.equal(client.server?.featureLevel, 0);
      assert.equal(settings.realm_url, settings.realm_uri);
      assert.ok(settings.realm_url);
      await client.close();
    });
  });

  describe('redirects', () => {
    it('never follows a redirect, so credentials cannot travel to another origin', async () => {
      let otherHit = false;
      const other = http.createServer((_req, res) => {
        otherHit = true;
        res.end('{}');
      });
      await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
      const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      const redirecting = http.createServer((_req, res) => {
        res.writeHead(302, { location: `${otherUrl}/api/v1/users/me` });
        res.end();
      });
      await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
      const client = new ChatClient({ realmUrl: url, email: 'a@b.c', apiKey: SECRET });
      try {
        const error = await client.request('GET', '/users/me', {}, { route: 'GET /users/me' }).then(
          () => assert.fail('expected an error'),
          (e: unknown) => e,
        );
        assert.ok(error instanceof RedirectError);
        assert.ok(error.location?.startsWith(otherUrl));
        assert.equal(otherHit, false);
      } finally {
        await client.close();
        redirecting.close();
        other.close();
      }
    });
  });
});
