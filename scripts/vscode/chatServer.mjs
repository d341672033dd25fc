// Loads the local chat server (test/server, compiled by tsc to out/test/server) for the runners.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_MODULE = path.join(REPO_ROOT, 'out', 'test', 'server', 'index.js');

/**
 * startServer(options) → { url, accounts: [{ email, apiKey, userId, role, fullName }], stop() }.
 * Throws a clear error when the server has not been written/compiled yet.
 */
export function chatServerAvailable() {
  return existsSync(SERVER_MODULE);
}

export async function startChatServer(options = {}) {
  if (!chatServerAvailable()) {
    throw new Error(
      `local chat server not found at ${path.relative(REPO_ROOT, SERVER_MODULE)}: run \`npx tsc -p tsconfig.json\` (test/server/index.ts must export startServer)`,
    );
  }
  const mod = createRequire(import.meta.url)(SERVER_MODULE);
  if (typeof mod.startServer !== 'function') {
    throw new Error(`${SERVER_MODULE} does not export startServer(options)`);
  }
  const server = await mod.startServer(options);
  if (!server || typeof server.url !== 'string' || !Array.isArray(server.accounts)) {
    throw new Error('startServer() did not return { url, accounts, stop }');
  }
  return server;
}

/** The environment through which tests and the extension host learn about the chat server. */
export function chatServerEnv(server) {
  return {
    TEAM_CHAT_TEST_SERVER_URL: server.url,
    TEAM_CHAT_TEST_ACCOUNTS: JSON.stringify(server.accounts),
  };
}

/** The account the demo and auto-sign-in use: the first plain member, else the first account. */
export function firstMember(server) {
  return server.accounts.find((a) => a.role === 'member' || a.role === 400) ?? server.accounts[0];
}

/** Writes a zuliprc for `account` (default: firstMember) that TEAM_CHAT_AUTO_SIGNIN can point at. */
export function writeZuliprc(file, server, account = firstMember(server)) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `[api]\nemail=${account.email}\nkey=${account.apiKey}\nsite=${server.url}\n`, { mode: 0o600 });
  return account;
}
