// The one way the unit suites run the local chat server (withServer: per suite, per test, or more
// servers in a test), the fixture organisation's accounts and clients for them.
import assert from 'node:assert/strict';
import { ChatClient, type ChatClientOptions } from '../../../src/api';
import { channel } from '../../../src/api/messages/narrow';
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
