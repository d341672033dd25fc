// Makes a real VS Code (code-server) and a browser available for the integration and UI tests.
// Idempotent and fast once done: Debian packages are installed only when missing, and
// code-server lives in a cache folder outside the repo, marked complete only after it ran.
// See docs/TESTING.md for why each step is needed on these machines.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, copyFileSync, rmSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
// fonts-noto-color-emoji: status and reaction emoji render in screenshots instead of empty boxes.
const APT_PACKAGES = ['chromium', 'libkrb5-dev', 'ripgrep', 'fonts-noto-color-emoji'];
// code-server 4.100.3 depends on @vscode/ripgrep 1.15.11, which downloads this file unless cached.
const RIPGREP_CACHE = path.join('vscode-ripgrep-cache-1.15.11', 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz');
export const CHROMIUM_PATH = '/usr/bin/chromium';

export function cacheRoot() {
  return process.env.TEAM_CHAT_CACHE || path.join(os.homedir(), '.cache', 'team-chat');
}

export function codeServerDir() {
  return path.join(cacheRoot(), 'code-server', CODE_SERVER_VERSION);
}

/** Absolute path of the code-server entry script (run with the current `node`). */
export function codeServerEntry() {
  return path.join(codeServerDir(), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

function log(msg) {
  console.log(`[provision] ${msg}`);
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function dpkgInstalled(pkg) {
  try {
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { stdio: ['ignore', 'pipe', 'ignore'] });
    return status.toString().includes('install ok installed');
  } catch {
    return false;
  }
}

function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

/** Like run(), but keeps the (very chatty) output in a log file and shows its tail on failure. */
async function runLogged(cmd, args, logFile, opts = {}) {
  const { openSync, closeSync } = await import('node:fs');
  const fd = openSync(logFile, 'w');
  try {
    await run(cmd, args, { ...opts, stdio: ['ignore', fd, fd] });
  } catch (err) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`${err.message}\n--- last lines of ${logFile} ---\n${tail}`);
  } finally {
    closeSync(fd);
  }
}

async function ensureAptPackages() {
  const missing = APT_PACKAGES.filter((p) => !dpkgInstalled(p));
  if (missing.length === 0) {
    log(`Debian packages present: ${APT_PACKAGES.join(', ')}`);
    return;
  }
  if (!isRoot()) {
    throw new Error(
      `missing Debian packages ${missing.join(', ')}; install them as root: apt-get install -y ${missing.join(' ')}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`apt-get update`);
  await run('apt-get', ['update', '-qq'], { env });
  log(`apt-get install ${missing.join(' ')}`);
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const still = missing.filter((p) => !dpkgInstalled(p));
  if (still.length) throw new Error(`apt-get did not install ${still.join(', ')}`);
}

/** Places Debian's rg where @vscode/ripgrep's postinstall looks before downloading. */
function ensureRipgrepCache() {
  const target = path.join(os.tmpdir(), RIPGREP_CACHE);
  if (existsSync(target)) return;
  const rg = '/usr/bin/rg';
  if (!existsSync(rg)) throw new Error(`${rg} not found (Debian package ripgrep)`);
  const stage = mkdtempSync(path.join(os.tmpdir(), 'team-chat-rg-'));
  try {
    copyFileSync(rg, path.join(stage, 'rg'));
    mkdirSync(path.dirname(target), { recursive: true });
    execFileSync('tar', ['-czf', target, '-C', stage, 'rg']);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  log(`placed ripgrep cache tarball at ${target}`);
}

function verifyCodeServer() {
  // --config keeps code-server from writing a default config into the home folder.
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'team-chat-csv-'));
  try {
    const out = execFileSync(
      process.execPath,
      [codeServerEntry(), '--config', path.join(tmp, 'config.yaml'), '--version'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      },
    ).toString();
    if (!out.includes(CODE_SERVER_VERSION)) throw new Error(`unexpected code-server --version output: ${out}`);
    return out.trim().split('\n').pop();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function ensureCodeServer() {
  const dir = codeServerDir();
  const marker = path.join(dir, '.provisioned');
  if (existsSync(marker) && existsSync(codeServerEntry())) {
    log(`code-server ${CODE_SERVER_VERSION} cached in ${dir}`);
    return;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // allowScripts: npm 11 only warns about unreviewed install scripts today, but a stricter
  // default (or strict-allow-scripts) would skip them and leave code-server without its
  // native modules; approving the two packages whose scripts this install runs keeps it working.
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'team-chat-code-server-cache',
        private: true,
        allowScripts: { 'code-server': true, argon2: true },
      },
      null,
      2,
    ),
  );
  const logFile = path.join(dir, 'install.log');
  log(`installing code-server@${CODE_SERVER_VERSION} into ${dir} (a few minutes; log: ${logFile})`);
  const started = Date.now();
  const env = {
    ...process.env,
    // code-server's postinstall refuses root without it; a dependency's postinstall runs `npx node-gyp`.
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    // Nested `npm install`s in code-server's postinstall must run their packages' native builds.
    npm_config_ignore_scripts: 'false',
    npm_config_strict_allow_scripts: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  await runLogged(
    'npm',
    ['install', '--no-save', '--foreground-scripts', `code-server@${CODE_SERVER_VERSION}`],
    logFile,
    {
      cwd: dir,
      env,
    },
  );
  log(`npm install finished in ${Math.round((Date.now() - started) / 1000)} s`);
  const version = verifyCodeServer();
  writeFileSync(marker, `${version}\n`);
}

/** Ensures Debian packages, the ripgrep cache and code-server; returns the paths the runners need. */
export async function provision() {
  const started = Date.now();
  await ensureAptPackages();
  ensureRipgrepCache();
  await ensureCodeServer();
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} missing after provisioning`);
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: code-server ${CODE_SERVER_VERSION}, ${CHROMIUM_PATH}`);
  return { codeServerEntry: codeServerEntry(), chromium: CHROMIUM_PATH, cacheRoot: cacheRoot() };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  provision().catch((err) => {
    console.error(`[provision] FAILED: ${err.stack || err.message}`);
    process.exit(1);
  });
}
