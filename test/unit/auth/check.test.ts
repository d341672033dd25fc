// Sign-in checks against the local chat server over real HTTP, plus tiny local servers for the
// cases it cannot play (redirect, TLS failure, a server declaring the client incompatible).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  checkCredentials,
  checkServer,
  MIN_FEATURE_LEVEL,
  normalizeRealmUrl,
  SignInError,
  type SignInErrorKind,
} from '../../../src/auth/check';
import { parseZuliprc, ZuliprcError } from '../../../src/auth/zuliprc';
import { accountWithRole, withServer, type Account, type RunningServer } from '../support/server';

async function rejectsWith(promise: Promise<unknown>, kind: SignInErrorKind, secret?: string): Promise<SignInError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof SignInError, `expected a SignInError, got ${String(error)}`);
    assert.equal(error.kind, kind, `kind: ${error.message}`);
    assert.ok(error.message.length > 20, 'the message explains what to do');
    if (secret) assert.ok(!error.message.includes(secret), 'the message contains the key');
    return error;
  }
  assert.fail(`expected a ${kind} SignInError`);
}

/** A throwaway local HTTP(S) server answering every request with `handler`. */
async function listen(
  handler: http.RequestListener,
  tls?: { key: string; cert: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function json(body: unknown): http.RequestListener {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

describe('sign-in checks', () => {
  let server: RunningServer;
  let member: Account;

  const testServer = withServer();
  before(async () => {
    server = testServer.server;
    member = accountWithRole(server, 400);
  });

  it('accepts good credentials and returns the account and server facts', async () => {
    const result = await checkCredentials(server.url, member.email, member.apiKey);
    assert.equal(result.realmUrl, server.url);
    assert.equal(result.email, member.email);
    assert.equal(result.userId, member.userId);
    assert.equal(result.fullName, member.fullName);
    assert.ok(result.realmName.length > 0);
    assert.ok(result.featureLevel >= MIN_FEATURE_LEVEL);
  });

  it('trims pasted whitespace and a trailing slash', async () => {
    const result = await checkCredentials(` ${server.url}/ `, ` ${member.email} `, `${member.apiKey}\n`);
    assert.equal(result.realmUrl, server.url);
  });

  it('checkServer reads the server without credentials', async () => {
    const result = await checkServer(server.url);
    assert.equal(result.realmUrl, server.url);
    assert.equal(result.requireEmailFormatUsernames, true);
  });

  it('badKey: a wrong API key (401)', async () => {
    const wrong = 'x'.repeat(member.apiKey.length);
    await rejectsWith(checkCredentials(server.url, member.email, wrong), 'badKey', wrong);
  });

  it('badKey: a 401 whose body is an HTML page or empty (a proxy) still reads as a wrong key', async () => {
    for (const body of ['html', 'empty'] as const) {
      server.inject({ kind: 'status', status: 401, body, route: 'GET /users/me' });
      const error = await rejectsWith(checkCredentials(server.url, member.email, member.apiKey), 'badKey');
      assert.match(error.message, /API key was not accepted/);
    }
  });

  it('badKey: an unknown email (401)', async () => {
    await rejectsWith(checkCredentials(server.url, 'nobody@example.invalid', member.apiKey), 'badKey', member.apiKey);
  });

  it('deactivated: a deactivated user', async () => {
    const gone = server.accounts.find((a) => server.state.users.get(a.userId)?.isActive === false);
    assert.ok(gone, 'the fixture has a deactivated user');
    const error = await rejectsWith(checkCredentials(server.url, gone.email, gone.apiKey), 'deactivated', gone.apiKey);
    assert.match(error.message, /deactivated/);
  });

  it('notChatServer: a wrong path (server_settings answers 404)', async () => {
    await rejectsWith(checkCredentials(`${server.url}/not-here`, member.email, member.apiKey), 'notChatServer');
  });

  it('notChatServer: a web server that answers HTML', async () => {
    const web = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>hello</html>');
    });
    try {
      await rejectsWith(checkServer(web.url), 'notChatServer');
    } finally {
      await web.close();
    }
  });

  it('unreachable: nothing listens on the port', async () => {
    const closed = await listen(json({}));
    await closed.close();
    const error = await rejectsWith(checkCredentials(closed.url, member.email, member.apiKey), 'unreachable');
    assert.match(error.message, /refused/);
  });

  it('unreachable: the name does not resolve', async () => {
    await rejectsWith(checkServer('https://no-such-host.invalid'), 'unreachable');
  });

  it('incompatible: a server older than the minimum feature level', async () => {
    const old = (await testServer.start({ featureLevel: MIN_FEATURE_LEVEL - 1 })).server;
    const error = await rejectsWith(
      checkCredentials(old.url, old.accounts[0].email, old.accounts[0].apiKey),
      'incompatible',
    );
    assert.match(error.message, /too old/);
  });

  it('accepts a server at exactly the minimum feature level', async () => {
    const oldest = (await testServer.start({ featureLevel: MIN_FEATURE_LEVEL })).server;
    const account = await checkCredentials(oldest.url, oldest.accounts[0].email, oldest.accounts[0].apiKey);
    assert.equal(account.featureLevel, MIN_FEATURE_LEVEL);
  });

  it('incompatible: a server that declares the client incompatible', async () => {
    const strict = await listen(json({ result: 'success', msg: '', chat_feature_level: 400, is_incompatible: true }));
    try {
      await rejectsWith(checkServer(strict.url), 'incompatible');
    } finally {
      await strict.close();
    }
  });

  it('redirect: a server answering 301 names the new address', async () => {
    const moved = await listen((_req, res) => {
      res.writeHead(301, { location: 'https://chat.example.com/api/v1/server_settings' });
      res.end();
    });
    try {
      const error = await rejectsWith(
        checkCredentials(moved.url, member.email, member.apiKey),
        'redirect',
        member.apiKey,
      );
      assert.match(error.message, /https:\/\/chat\.example\.com\b/);
      assert.ok(!error.message.includes('/api/v1'), error.message);
    } finally {
      await moved.close();
    }
  });

  it('tls: a server whose certificate is not trusted', async function () {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamchat-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
    } catch {
      this.skip(); // no openssl here
    }
    const key = fs.readFileSync(path.join(dir, 'key.pem'), 'utf8');
    const cert = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    const secure = await listen(json({ result: 'success', chat_feature_level: 400 }), { key, cert });
    try {
      await rejectsWith(checkServer(secure.url), 'tls');
    } finally {
      await secure.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('badUrl: junk is refused before anything is sent', async () => {
    for (const junk of [
      '',
      '   ',
      'https://exa mple.com',
      'ftp://chat.example.com',
      'https://!!!',
      'https://u:p@chat.example.com',
      'https://chat.example.com/?a=1',
    ]) {
      await rejectsWith(checkServer(junk), 'badUrl');
    }
  });
});

describe('normalizeRealmUrl', () => {
  it('adds https:// when no scheme is given and drops trailing slashes', () => {
    assert.equal(normalizeRealmUrl('chat.example.com'), 'https://chat.example.com');
    assert.equal(normalizeRealmUrl(' https://chat.example.com/ '), 'https://chat.example.com');
    assert.equal(normalizeRealmUrl('http://127.0.0.1:9991'), 'http://127.0.0.1:9991');
    assert.equal(normalizeRealmUrl('chat.example.com/team/'), 'https://chat.example.com/team');
    assert.equal(normalizeRealmUrl('HTTPS://Chat.Example.com'), 'https://chat.example.com');
  });
});

describe('zuliprc', () => {
  it('reads email, key and site from [api]', () => {
    const rc = parseZuliprc('[api]\nemail=bot@example.com\nkey=abc123\nsite=https://chat.example.com\n');
    assert.deepEqual(rc, { email: 'bot@example.com', apiKey: 'abc123', site: 'https://chat.example.com' });
  });

  it('tolerates comments, blank lines, spaces, CRLF, a BOM, ":" separators, other sections and key case', () => {
    const text =
      '\uFEFF# downloaded\r\n\r\n[other]\r\nkey = nope\r\n[API]\r\n; comment\r\n  Email : me@example.com \r\nKEY=  s3cret  \r\nsite = chat.example.com\r\ninsecure=false\r\n';
    assert.deepEqual(parseZuliprc(text), {
      email: 'me@example.com',
      apiKey: 's3cret',
      site: 'https://chat.example.com',
    });
  });

  it('keeps an http:// site as given', () => {
    assert.equal(parseZuliprc('[api]\nemail=a@b.c\nkey=k\nsite=http://localhost:9991').site, 'http://localhost:9991');
  });

  it('names what is missing, never the key', () => {
    assert.throws(() => parseZuliprc('email=a@b.c'), ZuliprcError);
    assert.throws(() => parseZuliprc('[other]\nemail=a@b.c'), /no \[api\] section/);
    assert.throws(
      () => parseZuliprc('[api]\nkey=topsecret\nsite=x.com'),
      (e: Error) => /"email"/.test(e.message) && !e.message.includes('topsecret'),
    );
    assert.throws(() => parseZuliprc('[api]\njust junk'), /Line 2/);
  });
});
