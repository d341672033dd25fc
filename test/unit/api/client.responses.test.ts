import { strict as assert } from 'node:assert';
import { ChatClient, type RetryInfo } from '../../../src/api/client';
import { parseRetryAfter } from '../../../src/api/response';
import { ApiError, MalformedResponseError, RedirectError, ServerError } from '../../../src/api/errors';
import { recordingServer } from '../support/recordingServer';

describe('ChatClient.request: answers, errors, rate limits and retries', () => {
  const server = recordingServer();
  const seen = server.requests;
  const retries: RetryInfo[] = [];
  function client(maxRetries = 0): ChatClient {
    retries.length = 0;
    return server.client({
      email: 'a@example.com',
      maxRetries,
      backoff: { baseMs: 1, capMs: 2 },
      onRetry: (i) => retries.push(i),
    });
  }
  const call = (c: ChatClient, method: 'GET' | 'POST' = 'GET', extra: { auth?: boolean; retryUnsafe?: boolean } = {}) =>
    c.request(method, '/things', { a: 1 }, { route: `${method} /things`, ...extra });

  it('sends GET parameters in the query and POST parameters in the body, with credentials unless told not to', async () => {
    server.respond(200, '{"result":"success"}');
    const c = client();
    await call(c, 'GET');
    await call(c, 'POST');
    await call(c, 'GET', { auth: false });
    assert.deepEqual(
      seen.map((s) => [s.method, s.url, s.body]),
      [
        ['GET', '/api/v1/things?a=1', ''],
        ['POST', '/api/v1/things', 'a=1'],
        ['GET', '/api/v1/things?a=1', ''],
      ],
    );
    assert.ok(seen[0]!.headers.authorization?.startsWith('Basic '));
    assert.equal(seen[2]!.headers.authorization, undefined);
  });

  it('throws RedirectError from HTTP 300 on, and keeps the first 200 characters of a 5xx body', async () => {
    server.respond(300, '', { location: 'https://elsewhere.example.com' });
    await assert.rejects(
      call(client()),
      (e: unknown) => e instanceof RedirectError && e.location === 'https://elsewhere.example.com',
    );
    server.respond(500, 'x'.repeat(250));
    await assert.rejects(call(client()), (e: unknown) => e instanceof ServerError && e.bodyExcerpt === 'x'.repeat(200));
  });

  it('reports a 4xx without a JSON object as malformed, except 429 and 401', async () => {
    server.respond(400, '<html>bad</html>');
    await assert.rejects(
      call(client()),
      (e: unknown) =>
        e instanceof MalformedResponseError &&
        e.httpStatus === 400 &&
        e.message === 'The server answered GET /things with HTTP 400 and no error details.',
    );
    server.respond(401, 'nope');
    await assert.rejects(
      call(client()),
      (e: unknown) => e instanceof ApiError && e.code === 'UNAUTHORIZED' && e.msg === '',
    );
    server.respond(429, 'slow', { 'retry-after': '3' });
    await assert.rejects(
      call(client()),
      (e: unknown) => e instanceof ApiError && e.code === 'RATE_LIMIT_HIT' && e.retryAfterSeconds === 3,
    );
  });

  it('gives BAD_REQUEST and an empty msg to an error envelope without them, also under HTTP 200', async () => {
    server.respond(400, '{"result":"error","stream":"x"}');
    await assert.rejects(
      call(client()),
      (e: unknown) =>
        e instanceof ApiError &&
        e.code === 'BAD_REQUEST' &&
        e.msg === '' &&
        e.message === 'BAD_REQUEST (HTTP 400)' &&
        e.data.stream === 'x',
    );
    server.respond(200, '{"result":"error","code":"X","msg":"No."}');
    await assert.rejects(
      call(client()),
      (e: unknown) => e instanceof ApiError && e.code === 'X' && e.httpStatus === 200,
    );
  });

  it('refuses a 2xx answer that is not a JSON object', async () => {
    for (const text of ['[1,2]', 'not json']) {
      server.respond(200, text);
      await assert.rejects(
        call(client()),
        (e: unknown) =>
          e instanceof MalformedResponseError && e.message === "The server's answer to GET /things was not JSON.",
      );
    }
  });

  it('keeps the rate limit headers, one object while they stay the same', async () => {
    const c = client();
    server.respond(200, '{}', { 'x-ratelimit-limit': '100' });
    await call(c);
    assert.equal(c.rateLimit, undefined);
    server.respond(200, '{}', {
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '99',
      'x-ratelimit-reset': '1700000000',
    });
    await call(c);
    const first = c.rateLimit;
    assert.deepEqual(first, { limit: 100, remaining: 99, reset: 1700000000 });
    await call(c);
    assert.equal(c.rateLimit, first);
    server.respond(200, '{}', {
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '99',
      'x-ratelimit-reset': '1700000060',
    });
    await call(c);
    assert.deepEqual(c.rateLimit, { limit: 100, remaining: 99, reset: 1700000060 });
  });

  it('retries a POST after a 5xx only when told it is safe, counting attempts from 1', async () => {
    server.respond(503, 'down');
    await assert.rejects(call(client(2), 'POST'), ServerError);
    assert.equal(seen.length, 1);
    seen.length = 0;
    await assert.rejects(call(client(2), 'POST', { retryUnsafe: true }), ServerError);
    assert.equal(seen.length, 3);
    assert.deepEqual(
      retries.map((r) => r.attempt),
      [1, 2],
    );
  });

  it('waits the Retry-After of a 429, or a backoff when there is none', async () => {
    server.respond(429, '{"result":"error","code":"RATE_LIMIT_HIT","msg":"x"}', { 'retry-after': '0.0015' });
    await assert.rejects(call(client(1)), ApiError);
    assert.equal(retries[0]!.delayMs, 2);
    server.respond(429, '{"result":"error","code":"RATE_LIMIT_HIT","msg":"x"}');
    await assert.rejects(call(client(1)), ApiError);
    assert.ok(Number.isFinite(retries[0]!.delayMs) && retries[0]!.delayMs >= 0);
  });
});

describe('parseRetryAfter', () => {
  it('has nothing for a missing or blank header', () => {
    assert.equal(parseRetryAfter(undefined), undefined);
    assert.equal(parseRetryAfter(''), undefined);
    assert.equal(parseRetryAfter('   '), undefined);
  });
});

describe('ChatClient.updateLimits', () => {
  it('reads the upload size limit under its own name or the realm event name', () => {
    const c = new ChatClient({ realmUrl: 'http://127.0.0.1:9', email: 'a@example.com', apiKey: 'k' });
    c.updateLimits({ realm_max_file_upload_size_mib: 25 });
    assert.equal(c.limits.maxFileUploadSizeMib, 25);
    c.updateLimits({ max_file_upload_size_mib: 10, realm_max_file_upload_size_mib: 25 });
    assert.equal(c.limits.maxFileUploadSizeMib, 10);
  });
});
