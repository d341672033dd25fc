// Issue 13 item 8: a key echoed back by a server or proxy never reaches an error, whatever its form.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { ApiError, credentialSecrets, scrubText, ServerError } from '../../../src/api';
import { getOwnUser } from '../../../src/api/users/routes';
import { checkCredentials, SignInError } from '../../../src/auth/check';
import { byEmail, clientFor, withServer } from '../support/server';

/** Everything an error shows or carries, as one text: message, fields, data, stack and causes. */
function everything(error: unknown): string {
  const parts: string[] = [String(error), inspect(error, { depth: 8, showHidden: false })];
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(String(e), JSON.stringify(e) ?? '', (e as Error).stack ?? '', (e as Error).message ?? '');
  }
  return parts.join('\n');
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('expected a failure');
}

describe('credentials never appear in errors (echoed by a server or proxy)', function () {
  const suite = withServer();

  function forms(email: string, key: string): string[] {
    const basic = `${email}:${key}`;
    return [key, basic, Buffer.from(basic).toString('base64')];
  }

  function assertClean(error: unknown, email: string, key: string): void {
    const text = everything(error);
    for (const secret of forms(email, key)) assert.ok(!text.includes(secret), `"${secret}" leaked:\n${text}`);
    assert.match(text, /\[redacted\]/, 'the echo itself is still there, redacted');
  }

  it('the test server really echoes every form (the check below is not vacuous)', async function () {
    const alice = byEmail(suite.server, 'alice');
    suite.server.inject({ kind: 'echoAuth', status: 400, route: 'GET /users/me' });
    const auth = 'Basic ' + Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64');
    const res = await fetch(`${suite.server.url}/api/v1/users/me`, { headers: { Authorization: auth } });
    const body = await res.text();
    for (const secret of forms(alice.email, alice.apiKey)) assert.ok(body.includes(secret));
  });

  it('a 400 whose msg and fields echo the Authorization header: ApiError holds no form of the key', async function () {
    const alice = byEmail(suite.server, 'alice');
    suite.server.inject({ kind: 'echoAuth', status: 400, route: 'GET /users/me' });
    const error = await caught(getOwnUser(suite.clientOf(alice)));
    assert.ok(error instanceof ApiError && error.code === 'BAD_REQUEST', String(error));
    assertClean(error, alice.email, alice.apiKey);
    assertClean(error.msg, alice.email, alice.apiKey);
  });

  it('a 500 HTML page echoing the header: ServerError.bodyExcerpt holds no form of the key', async function () {
    const alice = byEmail(suite.server, 'alice');
    suite.server.inject({ kind: 'echoAuth', status: 500, route: 'GET /users/me', times: 5 });
    const error = await caught(getOwnUser(clientFor(suite.server, alice, { maxRetries: 0 })));
    assert.ok(error instanceof ServerError, String(error));
    assertClean(error, alice.email, alice.apiKey);
    assertClean(error.bodyExcerpt, alice.email, alice.apiKey);
  });

  it('sign-in: SignInError messages and causes hold no form of the key (400 and 500)', async function () {
    const bob = byEmail(suite.server, 'bob');
    suite.server.inject({ kind: 'echoAuth', status: 400, route: 'GET /users/me' });
    const refused = await caught(checkCredentials(suite.server.url, bob.email, bob.apiKey));
    assert.ok(refused instanceof SignInError && refused.kind === 'other', String(refused));
    assertClean(refused, bob.email, bob.apiKey);
    suite.server.inject({ kind: 'echoAuth', status: 500, route: 'GET /users/me', times: 5 });
    const failed = await caught(checkCredentials(suite.server.url, bob.email, bob.apiKey));
    assert.ok(failed instanceof SignInError, String(failed));
    assertClean(failed, bob.email, bob.apiKey);
  });

  it('scrubText removes the key, the Basic credential and its base64 form, longest first', function () {
    const secrets = credentialSecrets('a@example.com', 'k3yk3yk3yk3y');
    const b64 = Buffer.from('a@example.com:k3yk3yk3yk3y').toString('base64');
    assert.equal(
      scrubText(`x Basic ${b64} a@example.com:k3yk3yk3yk3y k3yk3yk3yk3y`, secrets),
      'x Basic [redacted] [redacted] [redacted]',
    );
    assert.deepEqual(credentialSecrets('a@example.com', 'x'), [], 'placeholder keys are too short to scrub');
  });

  it('scrubs keys from 6 characters on, and the base64 form without its == padding', function () {
    assert.deepEqual(credentialSecrets('abc@example.com', 'k3y45'), [], '5 characters: a placeholder');
    const secrets = credentialSecrets('abc@example.com', 'k3y456');
    const b64 = Buffer.from('abc@example.com:k3y456').toString('base64');
    assert.ok(b64.endsWith('=='));
    // A proxy may log the header value with its padding stripped.
    assert.equal(scrubText(`auth=${b64.slice(0, -2)};`, secrets), 'auth=[redacted];');
    assert.equal(scrubText('key k3y456.', secrets), 'key [redacted].');
  });

  it('scrubs the percent-encoded base64 credential (%2B, %2F, %3D), in either case of hex and without its padding', function () {
    // '?' and '>' here make the base64 form hold '/' and '+', and it ends in '=='.
    const email = 'a@example.com';
    const key = '?ab>cd12';
    const b64 = Buffer.from(`${email}:${key}`).toString('base64');
    assert.equal(b64, 'YUBleGFtcGxlLmNvbTo/YWI+Y2QxMg==');
    const secrets = credentialSecrets(email, key);
    const upper = encodeURIComponent(b64);
    assert.equal(upper, 'YUBleGFtcGxlLmNvbTo%2FYWI%2BY2QxMg%3D%3D');
    assert.equal(scrubText(`GET /x?auth=Basic%20${upper}&y=1`, secrets), 'GET /x?auth=Basic%20[redacted]&y=1');
    const lowerHex = upper.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
    assert.equal(scrubText(`auth=${lowerHex};`, secrets), 'auth=[redacted];');
    assert.equal(scrubText(`auth=${encodeURIComponent(b64.replace(/=+$/, ''))};`, secrets), 'auth=[redacted];');
    assert.equal(scrubText(`key=${encodeURIComponent(key)}`, secrets), 'key=[redacted]');
  });
});
