// Accounts inside a real VS Code: sign-in against the local chat server, the key in SecretStorage
// only, the Accounts-menu provider, switching, zuliprc import, auto sign-in and sign-out.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { Account, WillSignOutEvent } from '../../src/auth/accounts';
import { secretKey } from '../../src/auth/accounts';
import { autoSignIn } from '../../src/auth/autoSignIn';
import { sessionLabel } from '../../src/auth/provider';
import { AUTH_PROVIDER_ID, Commands, ENV_AUTO_SIGNIN } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { accountsWithRole, freshStart, ROLE, serverUrl, signIn, signOutAll, type TestAccount } from './helpers';

describe('accounts and sign-in', () => {
  let api: TeamChatApi;
  let members: TestAccount[];
  // Made in before(): a suite skipped by --grep leaves no directory behind.
  let tmp = '';

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-auth-'));
    // The crowd's members: signing in marks them active, and other suites expect the named demo
    // users' presence as the fixture has it (e.g. Carol offline for days).
    members = accountsWithRole(ROLE.member).filter((a) => a.email.startsWith('crowd'));
    assert.ok(members.length >= 3, 'the fixture has three members');
    api = await freshStart();
  });

  after(async () => {
    await signOutAll(api);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('signs in with arguments: metadata in globalState, the key only in SecretStorage', async () => {
    const [first] = members;
    const account = await signIn(api, first);
    assert.equal(account.email, first.email);
    assert.equal(account.userId, first.userId);
    assert.equal(account.fullName, first.fullName);
    assert.equal(api.services.accounts.active?.id, account.id);
    assert.equal(await api.services.context.secrets.get(secretKey(account.id)), first.apiKey);
    const stored = JSON.stringify(
      api.services.context.globalState.keys().map((k) => api.services.context.globalState.get(k)),
    );
    assert.ok(stored.includes(first.email));
    assert.ok(!stored.includes(first.apiKey), 'the key leaked into globalState');
  });

  // Issue 30: a key pasted with spaces or a line break is stored trimmed, by every sign-in path of the host.
  it('stores the API key trimmed: sign-in with arguments, a zuliprc file and the auto sign-in', async () => {
    const member = members[2];
    const padded = `  ${member.apiKey} \n`;
    const storedKey = async (): Promise<string | undefined> =>
      api.services.context.secrets.get(secretKey(api.services.accounts.active!.id));
    const viaCommand = await vscode.commands.executeCommand<Account>(Commands.signIn, {
      realmUrl: serverUrl(),
      email: ` ${member.email} `,
      apiKey: padded,
    });
    assert.equal(viaCommand.email, member.email);
    assert.equal(await storedKey(), member.apiKey);
    await vscode.commands.executeCommand(Commands.signOut, viaCommand.id);
    const file = path.join(tmp, 'padded-zuliprc');
    fs.writeFileSync(file, `[api]\nemail = ${member.email}\nkey =   ${member.apiKey}\t \nsite = ${serverUrl()}\n`);
    const viaFile = await vscode.commands.executeCommand<Account>(Commands.importZuliprc, file);
    assert.equal(await storedKey(), member.apiKey);
    await vscode.commands.executeCommand(Commands.signOut, viaFile.id);
    await autoSignIn(api.services, { [ENV_AUTO_SIGNIN]: file });
    assert.equal(api.services.accounts.active?.email, member.email);
    assert.equal(await storedKey(), member.apiKey);
    await vscode.commands.executeCommand(Commands.signOut, api.services.accounts.active!.id);
    // The first member's session, which the next tests expect, is still active.
    assert.equal(api.services.accounts.active?.email, members[0].email);
  });

  it('shows the account through the authentication provider', async () => {
    const account = api.services.accounts.active!;
    const listed = await vscode.authentication.getAccounts(AUTH_PROVIDER_ID);
    assert.ok(
      listed.some((a) => a.id === account.id && a.label === sessionLabel(account)),
      JSON.stringify(listed),
    );
    const sessions = await api.authProvider.getSessions([], {});
    const session = sessions.find((s) => s.id === account.id);
    assert.ok(session);
    assert.equal(session.accessToken, members[0].apiKey);
    // Silent requests never prompt; VS Code only hands a session to extensions the user allowed.
    const silent = await vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { silent: true });
    assert.ok(silent === undefined || silent.id === account.id);
  });

  it('refuses a wrong key with a clear error and stores nothing', async () => {
    const before = api.services.accounts.list().length;
    const wrong = 'z'.repeat(32);
    await assert.rejects(
      async () =>
        vscode.commands.executeCommand(Commands.signIn, {
          realmUrl: serverUrl(),
          email: members[1].email,
          apiKey: wrong,
        }),
      (e: Error) => /API key was not accepted/.test(e.message) && !e.message.includes(wrong),
    );
    assert.equal(api.services.accounts.list().length, before);
  });

  it('keeps several accounts, one active, and switches between them', async () => {
    const changes: (string | undefined)[] = [];
    const sub = api.services.onDidChangeActiveAccount((a) => changes.push(a?.email));
    try {
      const first = api.services.accounts.active!;
      const second = await signIn(api, members[1]);
      assert.equal(api.services.accounts.active?.id, second.id);
      assert.equal(api.services.accounts.list().length, 2);
      const switched = await vscode.commands.executeCommand<Account>(Commands.switchAccount, first.id);
      assert.equal(switched.id, first.id);
      assert.equal(api.services.accounts.active?.id, first.id);
      assert.deepEqual(changes, [members[1].email, members[0].email]);
      const labels = (await vscode.authentication.getAccounts(AUTH_PROVIDER_ID)).map((a) => a.label);
      assert.deepEqual(labels.sort(), [sessionLabel(first), sessionLabel(second)].sort());
    } finally {
      sub.dispose();
    }
  });

  it('imports a zuliprc file (path argument)', async () => {
    const file = path.join(tmp, 'zuliprc');
    fs.writeFileSync(
      file,
      `[api]\r\nemail = ${members[2].email}\r\nkey = ${members[2].apiKey}\r\nsite = ${serverUrl()}\r\n`,
    );
    const account = await vscode.commands.executeCommand<Account>(Commands.importZuliprc, file);
    assert.equal(account.userId, members[2].userId);
    assert.equal(api.services.accounts.active?.id, account.id);
  });

  it('auto sign-in imports the file named by TEAM_CHAT_AUTO_SIGNIN and makes it active', async () => {
    await api.autoSignIn; // the activation-time run (no env here) settled
    await signOutAll(api);
    const file = path.join(tmp, 'auto-zuliprc');
    fs.writeFileSync(file, `[api]\nemail=${members[1].email}\nkey=${members[1].apiKey}\nsite=${serverUrl()}\n`);
    await autoSignIn(api.services, { [ENV_AUTO_SIGNIN]: file });
    assert.equal(api.services.accounts.active?.email, members[1].email);
    assert.equal(await api.services.accounts.getApiKey(api.services.accounts.active!), members[1].apiKey);
  });

  it('auto sign-in with a bad file logs and leaves the state alone', async () => {
    const before = api.services.accounts.active?.id;
    await autoSignIn(api.services, { [ENV_AUTO_SIGNIN]: path.join(tmp, 'missing') });
    assert.equal(api.services.accounts.active?.id, before);
  });

  it('signs out: runs the onWillSignOut hook, forgets the key and the metadata', async () => {
    const account = api.services.accounts.active!;
    let hooked: string | undefined;
    const sub = api.services.accounts.onWillSignOut((e: WillSignOutEvent) => {
      e.waitUntil(
        (async () => {
          // The hook still has a working client (e.g. to delete the event queue).
          assert.ok(e.client, 'the key is still stored, so the hook gets a client');
          const me = await e.client.request('GET', '/users/me', {}, { route: 'GET /users/me' });
          hooked = String(me.email ?? e.account.email);
        })(),
      );
    });
    try {
      await vscode.commands.executeCommand(Commands.signOut, account.id);
    } finally {
      sub.dispose();
    }
    assert.ok(hooked, 'onWillSignOut ran with a working client');
    assert.equal(await api.services.context.secrets.get(secretKey(account.id)), undefined);
    assert.equal(api.services.accounts.get(account.id), undefined);
    assert.notEqual(api.services.accounts.active?.id, account.id);
    const listed = await vscode.authentication.getAccounts(AUTH_PROVIDER_ID);
    assert.ok(!listed.some((a) => a.id === account.id));
  });

  it('removing the session from the Accounts menu signs out', async () => {
    const account = await signIn(api, members[0]);
    await api.authProvider.removeSession(account.id);
    assert.equal(await api.services.context.secrets.get(secretKey(account.id)), undefined);
    await signOutAll(api);
    assert.equal(api.services.accounts.active, undefined);
  });
});
