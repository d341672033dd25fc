// Shared setup of the unit suites that talk to the local chat server: starting it (per suite or per
// test), fixture accounts and their clients, a client that can send nothing, and assertions on the
// API layer's two error kinds.
import assert from 'node:assert/strict';
import { ApiError, ChatClient, type ChatClientOptions, type NameFlavor, ValidationError } from '../../../src/api';
import { channel } from '../../../src/api/messages/narrow';
import type { RealmLimits } from '../../../src/api/operation';
import { getMessages } from '../../../src/api/messages/routes';
import { startServer, type ServerOptions } from '../../server';
import { checkResponseShape } from './strictShape';

export type { ServerOptions };

export type RunningServer = Awaited<ReturnType<typeof startServer>>;
export type Account = RunningServer['accounts'][number];

/** Fixture roles (as the server numbers them). */
export const OWNER = 100;
export const ADMIN = 200;
export const MODERATOR = 300;
export const MEMBER = 400;
export const GUEST = 600;

/**
 * Starts the local chat server for one suite (call in `before`, stop in `after`). Every response
 * is checked against the real API's shape (see strictShape.ts): a violation answers 500.
 */
export async function startTestServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ longpollTimeoutSeconds: 2, heartbeatSeconds: 1, checkResponse: checkResponseShape, ...options });
}

/** The first account with `role` (100 owner, 200 admin, 300 moderator, 400 member, 600 guest). */
export function accountWithRole(server: RunningServer, role: number, index = 0): Account {
  const matches = server.accounts.filter((a) => a.role === role && !isBot(a));
  const account = matches[index];
  if (!account) throw new Error(`No account with role ${role} (#${index}) in the fixture`);
  return account;
}

function isBot(a: Account): boolean {
  return /bot/i.test(a.email);
}

/** The fixture account whose email starts with `local@`. */
export function byEmail(server: RunningServer, local: string): Account {
  const a = server.accounts.find((x) => x.email.startsWith(local + '@'));
  if (!a) throw new Error(`no account ${local}`);
  return a;
}

/** A client for `account` on `server`; fast backoff so retry tests stay quick. */
export function clientFor(
  server: RunningServer,
  account: Account,
  options: Partial<ChatClientOptions> = {},
): ChatClient {
  return new ChatClient({
    realmUrl: server.url,
    email: account.email,
    apiKey: account.apiKey,
    backoff: { baseMs: 5, capMs: 50 },
    ...options,
  });
}

/** A server for the surrounding describe(): started in `before`, stopped in `after` with every client made here. */
export interface SuiteServer {
  readonly server: RunningServer;
  /** A client of the `index`-th human account with `role`. */
  client(role: number, index?: number): ChatClient;
  /** A client of `account`. */
  clientOf(account: Account): ChatClient;
}

/** Registers before/after hooks on the surrounding describe() that run a server with `options`. */
export function useServer(options: ServerOptions = {}): SuiteServer {
  let running: RunningServer | undefined;
  const clients: ChatClient[] = [];
  before(async () => {
    running = await startTestServer(options);
  });
  after(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await running?.stop();
  });
  const suite: SuiteServer = {
    get server() {
      if (!running) throw new Error('the suite server is not started yet (use it inside hooks and tests)');
      return running;
    },
    client: (role, index = 0) => suite.clientOf(accountWithRole(suite.server, role, index)),
    clientOf: (account) => {
      const c = clientFor(suite.server, account);
      clients.push(c);
      return c;
    },
  };
  return suite;
}

/**
 * Starts a server with `options` for one test, runs `test` with a client of the first human account
 * with `role` (or the `index`-th), then closes the client and stops the server.
 */
export async function withServer<T>(
  options: ServerOptions,
  who: number | { role: number; index: number },
  test: (client: ChatClient, server: RunningServer) => Promise<T>,
): Promise<T> {
  const { role, index } = typeof who === 'number' ? { role: who, index: 0 } : who;
  const server = await startTestServer(options);
  const client = clientFor(server, accountWithRole(server, role, index));
  try {
    return await test(client, server);
  } finally {
    await client.close();
    await server.stop();
  }
}

export interface OfflineOptions {
  featureLevel?: number;
  flavor?: NameFlavor;
  limits?: RealmLimits;
}

/**
 * A client whose server never answers (nothing listens on the port) but whose version facts and
 * realm limits are set by hand: a `ValidationError` from it proves the input was refused before
 * anything was sent.
 */
export function offlineClient({
  featureLevel = 482,
  flavor = 'chat',
  limits = { maxTopicLength: 60, emptyTopicDisplayName: 'general chat' },
}: OfflineOptions = {}): ChatClient {
  const client = new ChatClient({
    realmUrl: 'http://127.0.0.1:9',
    email: 'nobody@example.com',
    apiKey: 'x',
    maxRetries: 0,
    timeoutMs: 2000,
  });
  client.server = { featureLevel, version: 'test', mergeBase: undefined, flavor };
  client.limits = limits;
  return client;
}

/** Asserts a user-facing `ValidationError` (optionally about `field`, with a message matching `message`). */
export async function refused(promise: Promise<unknown>, field?: string, message?: RegExp): Promise<ValidationError> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof ValidationError, `expected a ValidationError, got ${String(caught)}`);
  if (field !== undefined) assert.equal(caught.field, field, caught.message);
  if (message) assert.match(caught.message, message);
  assert.match(caught.message, /^[A-Z"].*[.!?]$/, 'a sentence for the user');
  return caught;
}

/** Asserts an `ApiError` with `code` (and HTTP status when given). */
export async function apiError(promise: Promise<unknown>, code: string, httpStatus?: number): Promise<ApiError> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof ApiError, `expected an ApiError ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  if (httpStatus !== undefined) assert.equal(caught.httpStatus, httpStatus);
  return caught;
}

/** The ID of a channel, found through the API by name (from its newest message). */
export async function channelId(client: ChatClient, name: string): Promise<number> {
  const { messages } = await getMessages(client, {
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    narrow: [channel(name)],
  });
  const id = messages[0]?.stream_id;
  assert.ok(id !== undefined, `channel ${name} has messages`);
  return id;
}
