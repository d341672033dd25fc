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

/** The defaults of every test server: short long-polls, and every response checked against the real API's shape. */
const TEST_DEFAULTS: ServerOptions = {
  longpollTimeoutSeconds: 2,
  heartbeatSeconds: 1,
  checkResponse: checkResponseShape,
};

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

/** A running test server and the clients made for it (closed when it stops). */
export interface ServedServer {
  readonly server: RunningServer;
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** A client of the `index`-th human account with `role`. */
  client(role: number, index?: number, options?: Partial<ChatClientOptions>): ChatClient;
  /** A client of `account`. */
  clientOf(account: Account, options?: Partial<ChatClientOptions>): ChatClient;
}

/** The one test server of a describe() (see `withServer`), and more servers for one test. */
export interface TestServer extends ServedServer {
  /**
   * Starts another server with `options` (over the test defaults) inside a test: it is stopped,
   * with its clients, after that test.
   */
  start(options?: ServerOptions): Promise<ServedServer>;
}

/** When `withServer` starts its own server: once for the describe(), once per test, or never (only `start`). */
export type ServerScope = 'suite' | 'test' | 'none';

async function served(options: ServerOptions): Promise<ServedServer & { stop(): Promise<void> }> {
  const server = await startServer({ ...TEST_DEFAULTS, ...options });
  const clients: ChatClient[] = [];
  const clientOf = (account: Account, clientOptions: Partial<ChatClientOptions> = {}) => {
    const c = clientFor(server, account, clientOptions);
    clients.push(c);
    return c;
  };
  return {
    server,
    url: server.url,
    client: (role, index = 0, clientOptions = {}) => clientOf(accountWithRole(server, role, index), clientOptions),
    clientOf,
    stop: async () => {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await server.stop();
    },
  };
}

/**
 * The one way a unit test runs the local chat server: registers mocha hooks on the surrounding
 * describe() that start a server with `options` (over the test defaults: short long-polls, every
 * response checked against the real API's shape, see strictShape.ts) before its tests and stop it,
 * with every client made through it, after them. `scope` 'test' gives each test a fresh server;
 * 'none' starts none (the tests call `start`). Servers from `start` stop after their test.
 */
export function withServer(options: ServerOptions = {}, scope: ServerScope = 'suite'): TestServer {
  let main: Awaited<ReturnType<typeof served>> | undefined;
  const extra: { stop(): Promise<void> }[] = [];
  if (scope !== 'none') {
    const startHook = scope === 'suite' ? before : beforeEach;
    const stopHook = scope === 'suite' ? after : afterEach;
    startHook(async () => {
      main = await served(options);
    });
    stopHook(async () => {
      const running = main;
      main = undefined;
      await running?.stop();
    });
  }
  afterEach(async () => {
    await Promise.all(extra.splice(0).map((s) => s.stop()));
  });
  const current = () => {
    if (!main) throw new Error('the test server is not started (use it inside hooks and tests, or call start)');
    return main;
  };
  return {
    get server() {
      return current().server;
    },
    get url() {
      return current().url;
    },
    client: (role, index, clientOptions) => current().client(role, index, clientOptions),
    clientOf: (account, clientOptions) => current().clientOf(account, clientOptions),
    start: async (more = {}) => {
      const s = await served(more);
      extra.push(s);
      return s;
    },
  };
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
