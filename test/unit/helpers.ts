import { ChatClient, type ChatClientOptions } from '../../src/api';
import { startServer, type ServerOptions } from '../server';

export type RunningServer = Awaited<ReturnType<typeof startServer>>;
export type Account = RunningServer['accounts'][number];

/** Starts the local chat server for one suite (call in `before`, stop in `after`). */
export async function startTestServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ longpollTimeoutSeconds: 2, heartbeatSeconds: 1, ...options });
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

/** A client for `account` on `server`; fast backoff so retry tests stay quick. */
export function clientFor(server: RunningServer, account: Account, options: Partial<ChatClientOptions> = {}): ChatClient {
  return new ChatClient({
    realmUrl: server.url,
    email: account.email,
    apiKey: account.apiKey,
    backoff: { baseMs: 5, capMs: 50 },
    ...options,
  });
}
