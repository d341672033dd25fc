// Shared setup of the integration suites: the local chat server's URL and accounts (from the
// runner's environment), the activated extension, signing in through the command and waiting for
// the live session, other users' clients, polling, and the server's test controls.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { ChatClient } from '../../src/api';
import type { Account } from '../../src/auth/accounts';
import { Commands } from '../../src/constants';
import type { CurrentSession } from '../../src/session/manager';
import type { TeamChatApi, TeamChatShell } from '../../src/extension';
import { startServer, type ServerOptions } from '../server';

const packageJson = require('../../../package.json') as { publisher: string; name: string };
export const EXTENSION_ID = `${packageJson.publisher}.${packageJson.name}`;

/** An account of the local server's demo realm, as the runner passes it in `TEAM_CHAT_TEST_ACCOUNTS`. */
export interface TestAccount {
  email: string;
  apiKey: string;
  userId: number;
  role: number;
  fullName: string;
}

export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;
/** Channel ids of the demo realm. */
export const GENERAL = 1;
export const ENGINEERING = 2;

/** The local chat server's URL (`TEAM_CHAT_TEST_SERVER_URL`). */
export function serverUrl(): string {
  const url = process.env.TEAM_CHAT_TEST_SERVER_URL;
  assert.ok(url, 'TEAM_CHAT_TEST_SERVER_URL not set (is the local chat server built?)');
  return url;
}

/** Every account of the demo realm (`TEAM_CHAT_TEST_ACCOUNTS`), bots included. */
export function testAccounts(): TestAccount[] {
  const json = process.env.TEAM_CHAT_TEST_ACCOUNTS;
  assert.ok(json, 'TEAM_CHAT_TEST_ACCOUNTS not set (is the local chat server built?)');
  return JSON.parse(json) as TestAccount[];
}

/** The account whose email starts with `local@` (e.g. `testAccount('alice')`). */
export function testAccount(local: string): TestAccount {
  const found = testAccounts().find((a) => a.email.startsWith(`${local}@`));
  assert.ok(found, `the demo realm has no account ${local}@`);
  return found;
}

/** The human (not bot) accounts with `role`, in fixture order. */
export function accountsWithRole(role: number): TestAccount[] {
  return testAccounts().filter((a) => a.role === role && !/bot/i.test(a.email));
}

/** The `index`-th human account with `role`. */
export function accountWithRole(role: number, index = 0): TestAccount {
  const found = accountsWithRole(role)[index];
  assert.ok(found, `the demo realm has no account #${index} with role ${role}`);
  return found;
}

/** Activates the extension under test, waits for its core to load and activate, and returns the core's API. */
export async function activateExtension(): Promise<TeamChatApi> {
  const ext = vscode.extensions.getExtension<TeamChatShell>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} not found`);
  return (await ext.activate()).ready();
}

/** Activates the extension with no account signed in, then (when `who` is given) signs `who` in and waits for the live session. */
export async function freshStart(who?: Pick<TestAccount, 'email' | 'apiKey'>): Promise<TeamChatApi> {
  const api = await activateExtension();
  await signOutAll(api);
  if (who) await signIn(api, who);
  return api;
}

/** Signs every account out through the command (also deletes their event queues). */
export async function signOutAll(api: TeamChatApi): Promise<void> {
  for (const a of api.services.accounts.list()) await vscode.commands.executeCommand(Commands.signOut, a.id);
}

/** Signs in through the command (no input boxes) and waits until that account's session is live. */
export async function signIn(
  api: TeamChatApi,
  who: Pick<TestAccount, 'email' | 'apiKey'>,
  realmUrl = serverUrl(),
): Promise<Account> {
  const signedIn = await vscode.commands.executeCommand<Account | undefined>(Commands.signIn, {
    realmUrl,
    email: who.email,
    apiKey: who.apiKey,
  });
  // The command shows its error to the user and resolves undefined: say so rather than wait.
  assert.ok(signedIn, `signing in as ${who.email} failed (the command showed its error and returned nothing)`);
  await waitForSession(api, who.email, realmUrl);
  return signedIn;
}

/**
 * Waits until the current session is `email`'s on `realmUrl` and live: its store built from the
 * server's snapshot (a warm start shows a saved one first, while `connecting`).
 */
export function waitForSession(
  api: TeamChatApi,
  email: string,
  realmUrl = serverUrl(),
  timeoutMs = 15_000,
): Promise<CurrentSession> {
  return waitFor(
    `a live session for ${email}`,
    () => {
      const c = api.services.sessions.current;
      return (
        c &&
        c.account.realmUrl === realmUrl &&
        c.account.email === email &&
        c.store.ready &&
        c.session.status === 'live' &&
        c
      );
    },
    timeoutMs,
  ).catch((e: Error) => {
    const c = api.services.sessions.current;
    const now = c ? `${c.account.email} ${c.session.status}, store ${c.store.ready ? 'ready' : 'not ready'}` : 'none';
    throw new Error(
      `${e.message} (current session: ${now}; phase ${api.services.sessions.state.phase}; active ${api.services.accounts.active?.email ?? 'none'})`,
    );
  });
}

/** A client of `who` acting as another user (close it in `after`). */
export function clientFor(who: Pick<TestAccount, 'email' | 'apiKey'>, realmUrl = serverUrl()): ChatClient {
  return new ChatClient({ realmUrl, email: who.email, apiKey: who.apiKey });
}

/** Polls `probe` (sync or async) until it gives something other than undefined/false. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `POST {server}/__test__/{path}` with a JSON body; fails unless the server answers 200. */
export async function testControl(path: string, body: unknown = {}, realmUrl = serverUrl()): Promise<void> {
  const r = await fetch(`${realmUrl}/__test__/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(r.status, 200, `${path}: ${await r.text()}`);
}

/** A second chat server inside the extension host (e.g. an older feature level); stop it when done. */
export function startExtraServer(options: ServerOptions): ReturnType<typeof startServer> {
  return startServer({ longpollTimeoutSeconds: 2, ...options });
}
