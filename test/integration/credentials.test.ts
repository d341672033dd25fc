// Issue 13 items 8 and 9 inside a real VS Code: plain http:// servers need consent before the key
// is sent, and a key echoed back by a server reaches no log line and no notification.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { Commands, Settings } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import type { RunningServer } from '../server';
import { freshStart, GENERAL, signOutAll, startExtraServer, waitFor, waitForSession } from './helpers';

type Account = RunningServer['accounts'][number];

function alice(server: RunningServer): Account {
  const a = server.accounts.find((x) => x.email.startsWith('alice@'));
  assert.ok(a, 'the fixture has alice');
  return a;
}

describe('credentials: plain http:// consent and echoed keys', () => {
  let api: TeamChatApi;
  // Servers that are not "this machine" by name: 127.0.0.2 and 127.0.0.3 are not in the exempt list.
  let remote: RunningServer;
  let other: RunningServer;

  before(async function () {
    this.timeout(30_000);
    api = await freshStart();
    remote = await startExtraServer({ host: '127.0.0.2' });
    other = await startExtraServer({ host: '127.0.0.3' });
  });

  after(async function () {
    this.timeout(20_000);
    await signOutAll(api);
    await vscode.workspace
      .getConfiguration()
      .update(Settings.allowUnencryptedHttp, undefined, vscode.ConfigurationTarget.Global);
    await remote?.stop();
    await other?.stop();
  });

  it('refuses a plain http:// server without consent, and no request carries the key', async () => {
    const a = alice(remote);
    const before = api.services.accounts.list().length;
    for (const allowUnencrypted of [undefined, false]) {
      await assert.rejects(
        async () =>
          vscode.commands.executeCommand(Commands.signIn, {
            realmUrl: remote.url,
            email: a.email,
            apiKey: a.apiKey,
            allowUnencrypted,
          }),
        (e: Error) => /sent unencrypted/.test(e.message) && !e.message.includes(a.apiKey),
      );
    }
    assert.equal(remote.server.credentialedRequests, 0, 'a request carried credentials');
    assert.equal(api.services.accounts.list().length, before);
  });

  it('with consent signs in; the host is remembered, so the next sign-in needs no consent', async function () {
    this.timeout(30_000);
    const a = alice(remote);
    await vscode.commands.executeCommand(Commands.signIn, {
      realmUrl: remote.url,
      email: a.email,
      apiKey: a.apiKey,
      allowUnencrypted: true,
    });
    await waitForSession(api, a.email, remote.url);
    assert.ok(remote.server.credentialedRequests > 0);
    await signOutAll(api);
    await vscode.commands.executeCommand(Commands.signIn, { realmUrl: remote.url, email: a.email, apiKey: a.apiKey });
    await waitForSession(api, a.email, remote.url);
    // Remembered for that host only.
    const b = alice(other);
    await assert.rejects(
      async () =>
        vscode.commands.executeCommand(Commands.signIn, { realmUrl: other.url, email: b.email, apiKey: b.apiKey }),
      /sent unencrypted/,
    );
    assert.equal(other.server.credentialedRequests, 0);
    await signOutAll(api);
  });

  it(`the setting ${Settings.allowUnencryptedHttp} allows it without asking`, async function () {
    this.timeout(30_000);
    const b = alice(other);
    await vscode.workspace
      .getConfiguration()
      .update(Settings.allowUnencryptedHttp, true, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand(Commands.signIn, { realmUrl: other.url, email: b.email, apiKey: b.apiKey });
      await waitForSession(api, b.email, other.url);
    } finally {
      await vscode.workspace
        .getConfiguration()
        .update(Settings.allowUnencryptedHttp, undefined, vscode.ConfigurationTarget.Global);
    }
    await signOutAll(api);
  });

  it('a key echoed in a 400 msg or a 500 page reaches no log line and no notification', async function () {
    this.timeout(30_000);
    const a = alice(remote);
    await vscode.commands.executeCommand(Commands.signIn, { realmUrl: remote.url, email: a.email, apiKey: a.apiKey });
    await waitForSession(api, a.email, remote.url);
    const seen: string[] = [];
    const restore: (() => void)[] = [];
    // Everything written to the output channel and every notification, as text.
    const log = api.services.log as unknown as Record<string, (...args: unknown[]) => unknown>;
    const win = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const [target, names] of [
      [log, ['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']],
      [win, ['showErrorMessage', 'showWarningMessage', 'showInformationMessage']],
    ] as const) {
      for (const name of names) {
        const original = target[name];
        target[name] = (...args: unknown[]) => {
          seen.push(
            args
              .map((x) =>
                x instanceof Error ? `${x.message} ${x.stack}` : typeof x === 'string' ? x : JSON.stringify(x),
              )
              .join(' '),
          );
          return name.startsWith('show') ? Promise.resolve(undefined) : original.apply(target, args);
        };
        restore.push(() => (target[name] = original));
      }
    }
    try {
      for (const status of [400, 500]) {
        const count = seen.length;
        remote.inject({ kind: 'echoAuth', status, route: 'POST /users/me/subscriptions', times: 5 });
        await vscode.commands.executeCommand(Commands.channelPin, { kind: 'channel', streamId: GENERAL });
        await waitFor(`the HTTP ${status} failure reported`, () => seen.length >= count + 2);
      }
    } finally {
      restore.forEach((r) => r());
      remote.server.queues.expireAll();
    }
    const text = seen.join('\n');
    const basic = `${a.email}:${a.apiKey}`;
    for (const secret of [a.apiKey, basic, Buffer.from(basic).toString('base64')])
      assert.ok(!text.includes(secret), `leaked into:\n${text}`);
    assert.match(text, /\[redacted\]/, `the 400's echo is reported, redacted:\n${text}`);
    await signOutAll(api);
  });
});
