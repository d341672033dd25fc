// Starts code-server (a real VS Code 1.100.3) in a throw-away profile, and builds workbench URLs
// that load the extension under development (see docs/TESTING.md).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { codeServerEntry } from './provision.mjs';

// Process groups of running code-servers: killed even when the runner exits abruptly
// (an uncaught error, or SIGINT/SIGTERM, turned into a normal exit below).
const liveGroups = new Set();
let exitHooksInstalled = false;
function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    if (process.listenerCount(sig) === 0)
      process.once(sig, () => process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1)));
  }
}

/** A free TCP port on `host` (or `preferred` when it is free there). */
export async function freePort(preferred = 0, host = '127.0.0.1') {
  const tryListen = (port) =>
    new Promise((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.once('error', reject);
      srv.listen(port, host, () => {
        const { port: got } = srv.address();
        srv.close(() => resolve(got));
      });
    });
  if (preferred) {
    try {
      return await tryListen(preferred);
    } catch {
      // taken: fall through to an ephemeral port
    }
  }
  return tryListen(0);
}

/**
 * Workbench URL whose `payload` loads the extension at `extensionDevelopmentPath` and, when given,
 * runs the tests module at `extensionTestsPath` in the extension host. Paths are absolute.
 */
export function workbenchUrl({ port, host = '127.0.0.1', folder, extensionDevelopmentPath, extensionTestsPath }) {
  const params = [];
  if (folder) params.push(`folder=${encodeURIComponent(folder)}`);
  const payload = [];
  if (extensionDevelopmentPath)
    payload.push(['extensionDevelopmentPath', `vscode-remote://remote${path.resolve(extensionDevelopmentPath)}`]);
  if (extensionTestsPath)
    payload.push(['extensionTestsPath', `vscode-remote://remote${path.resolve(extensionTestsPath)}`]);
  if (payload.length) params.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `http://${host}:${port}/${params.length ? `?${params.join('&')}` : ''}`;
}

/**
 * Makes `locale` a display language code-server accepts without a language pack from the
 * Marketplace: the server resolves `--locale` through `languagepacks.json` in the user data
 * folder, which a language pack's install writes. This one declares the locale with an empty
 * translation of the workbench (its own strings stay English), so the workbench and the
 * extension host run in `locale` and extensions load their `l10n/bundle.l10n.<locale>.json` and
 * `package.nls.<locale>.json` (the pseudo-locale test's purpose).
 */
function declareLanguage(userDir, locale) {
  const translations = path.join(userDir, `core.${locale}.i18n.json`);
  writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const pack = {
    hash: `team-chat-${locale}`,
    extensions: [{ extensionIdentifier: { id: 'team-chat.language-pack' }, version: '0.0.0' }],
    translations: { vscode: translations },
    label: locale,
  };
  writeFileSync(path.join(userDir, 'languagepacks.json'), JSON.stringify({ [locale]: pack }));
}

/**
 * Starts code-server detached (own process group) on a free port of `host` (default loopback).
 * `env` is merged into its environment, which the extension host inherits. `locale`: the display
 * language (`--locale`).
 * Output goes to `<dir>/code-server.log` (and to the console when `verbose`). `vsixFiles` are
 * installed into the profile first (`--install-extension`), the way a user installs a package.
 * `userDataDir`: a profile to use (and keep) instead of a new one, so that what one run leaves
 * there (the extension's global storage) is there for the next (the extension bench's code cache).
 */
export async function startCodeServer({
  env = {},
  settings = {},
  port: preferredPort = 0,
  host = '127.0.0.1',
  verbose = false,
  startTimeoutMs = 60_000,
  vsixFiles = [],
  locale,
  userDataDir,
} = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'team-chat-cs-'));
  const userDir = userDataDir ?? path.join(dir, 'ud');
  mkdirSync(path.join(userDir, 'User'), { recursive: true });
  mkdirSync(path.join(dir, 'ext'), { recursive: true });
  writeFileSync(path.join(dir, 'config.yaml'), 'auth: none\ncert: false\n');
  writeFileSync(
    path.join(userDir, 'User', 'settings.json'),
    JSON.stringify({ 'workbench.startupEditor': 'none', ...settings }, null, 2),
  );
  for (const vsix of vsixFiles) {
    const installed = spawnSync(
      process.execPath,
      [
        codeServerEntry(),
        '--user-data-dir',
        userDir,
        '--extensions-dir',
        path.join(dir, 'ext'),
        '--install-extension',
        path.resolve(vsix),
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (installed.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        `code-server --install-extension ${vsix} failed (${installed.status ?? installed.signal}):\n${installed.stdout}\n${installed.stderr}`,
      );
    }
  }
  if (locale && !locale.startsWith('en')) declareLanguage(userDir, locale);
  const port = await freePort(preferredPort, host);
  const args = [
    codeServerEntry(),
    '--config',
    path.join(dir, 'config.yaml'),
    '--bind-addr',
    `${host.includes(':') ? `[${host}]` : host}:${port}`,
    '--auth',
    'none',
    '--user-data-dir',
    userDir,
    '--extensions-dir',
    path.join(dir, 'ext'),
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(locale ? ['--locale', locale] : []),
  ];
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  installExitHooks();
  liveGroups.add(child.pid);
  const logPath = path.join(dir, 'code-server.log');
  const logStream = createWriteStream(logPath);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const gone = await waitFor(() => exited, 5000);
      if (!gone) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    // Extension hosts are in the same group; make sure none linger.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // group empty
    }
    liveGroups.delete(child.pid);
    logStream.end();
    if (!process.env.TEAM_CHAT_KEEP_PROFILE) rmSync(dir, { recursive: true, force: true });
  };

  try {
    await new Promise((resolve, reject) => {
      let buffered = '';
      const timer = setTimeout(
        () => reject(new Error(`code-server did not start within ${startTimeoutMs} ms; see ${logPath}`)),
        startTimeoutMs,
      );
      const onData = (chunk) => {
        logStream.write(chunk);
        if (verbose) process.stdout.write(`[code-server] ${chunk}`);
        buffered += chunk.toString();
        if (buffered.includes('HTTP server listening')) {
          clearTimeout(timer);
          resolve();
        }
        if (buffered.length > 100_000) buffered = buffered.slice(-1000);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`code-server exited early (${signal ?? code}):\n${buffered.slice(-2000)}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  const loopback = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return { port, url: `http://${loopback}:${port}/`, dir, logPath, pid: child.pid, stop };
}

async function waitFor(predicate, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (predicate()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return predicate();
}
