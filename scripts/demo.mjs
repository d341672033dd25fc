// `npm run demo`: the extension in a real VS Code (code-server) against the local chat server with
// the demo organisation, signed in automatically as the first member (TEAM_CHAT_AUTO_SIGNIN).
//   --org large         the large organisation instead (5,000 channels, 20,000 users); its first
//                       member is a heavy user: a few hundred channels, unreads, DMs and mentions
// Prints the workbench URL and the accounts, then runs until Ctrl-C.
//   --host ADDRESS      listen on ADDRESS (default 127.0.0.1; 0.0.0.0 or :: serves other machines)
//   --no-browser-check  skip the headless-chromium check that the workbench loads
//   --screenshot        take test-results/screenshots/demo.png with chromium and exit
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, newPage } from './vscode/browser.mjs';
import { chatServerAvailable, firstMember, REPO_ROOT, startChatServer, writeZuliprc } from './vscode/chatServer.mjs';
import { freePort, startCodeServer, workbenchUrl } from './vscode/codeServer.mjs';
import { cacheRoot, provision } from './vscode/provision.mjs';
import { makeFixtureWorkspace } from './vscode/fixtureWorkspace.mjs';

const CHAT_PORT = Number(process.env.TEAM_CHAT_DEMO_SERVER_PORT) || 9991;
const CODE_PORT = Number(process.env.TEAM_CHAT_DEMO_PORT) || 8080;
const ROLE_NAMES = { 100: 'owner', 200: 'admin', 300: 'moderator', 400: 'member', 600: 'guest' };
const { parseDemoArgs, browserHosts, realmUrl, urlHost } = createRequire(import.meta.url)('./demoArgs.cjs');
let options;
try {
  options = parseDemoArgs(process.argv.slice(2));
} catch (err) {
  console.error(`[demo] ${err.message}`);
  process.exit(2);
}
const { host, screenshot: screenshotOnly, browserCheck, org } = options;

const log = (msg) => console.log(`[demo] ${msg}`);
const cleanups = [];
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error(`[demo] cleanup: ${err.message}`);
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => {
  log('stopping…');
  void shutdown(0);
});
process.on('SIGTERM', () => void shutdown(0));

/**
 * Builds only what changed: `tsc --build` skips the compile when no input is newer than
 * out/tsconfig.tsbuildinfo (tsconfig.json is incremental), else re-checks and emits the changed files
 * and those that depend on them; esbuild bundles dist/ in a second or two. A missing server build
 * (out/ partly deleted) forgets the build info, so everything is compiled again.
 */
function build() {
  log('building what changed (tsc --build, esbuild)');
  const started = Date.now();
  if (!chatServerAvailable()) rmSync(path.join(REPO_ROOT, 'out', 'tsconfig.tsbuildinfo'), { force: true });
  const tsc = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--build', 'tsconfig.json'],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  if (tsc.status !== 0) log('WARNING: tsc reported errors (output emitted anyway); continuing');
  const compiled = Date.now();
  const esb = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (esb.status !== 0) throw new Error('esbuild failed');
  log(
    `built in ${((Date.now() - started) / 1000).toFixed(1)} s (tsc ${((compiled - started) / 1000).toFixed(1)} s; esbuild ${((Date.now() - compiled) / 1000).toFixed(1)} s)`,
  );
}

/**
 * The folder the demo opens: the fixture repository (test/fixtures/workspace as a git repository
 * with a GitHub remote), whose lines the demo organisation's messages discuss. Kept between runs.
 */
function demoWorkspace() {
  const dir = path.join(cacheRoot(), 'demo-repository');
  mkdirSync(dir, { recursive: true });
  makeFixtureWorkspace(dir);
  return dir;
}

async function main() {
  build();
  await provision();

  const server = await startChatServer({
    port: await freePort(CHAT_PORT, host),
    host,
    organization: org,
    demoPresenceSeconds: 50,
    demoTypingSeconds: 45,
  });
  cleanups.push(() => server.stop());
  // The extension runs on this machine: on a wildcard bind it reaches the server over loopback.
  const chatPort = Number(new URL(server.url).port);
  server.url = realmUrl(host, chatPort);
  server.server.url = server.url;
  const zuliprc = path.join(cacheRoot(), 'demo', 'zuliprc');
  const me = writeZuliprc(zuliprc, server, firstMember(server));

  const workspace = demoWorkspace();
  const cs = await startCodeServer({
    port: CODE_PORT,
    host,
    env: {
      TEAM_CHAT_AUTO_SIGNIN: zuliprc,
      TEAM_CHAT_TEST_SERVER_URL: server.url,
      TEAM_CHAT_TEST_ACCOUNTS: JSON.stringify(server.accounts),
    },
  });
  cleanups.push(() => cs.stop());
  const url = workbenchUrl({
    port: cs.port,
    host: new URL(cs.url).hostname,
    folder: workspace,
    extensionDevelopmentPath: REPO_ROOT,
  });
  // What a browser opens: on a wildcard bind, this machine's addresses.
  const urls = browserHosts(host).map((h) =>
    workbenchUrl({ port: cs.port, host: urlHost(h), folder: workspace, extensionDevelopmentPath: REPO_ROOT }),
  );

  if (screenshotOnly || browserCheck) {
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser);
      await page.goto(url);
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      if (screenshotOnly) {
        await page.waitForTimeout(Number(process.env.TEAM_CHAT_DEMO_SETTLE_MS) || 8000); // extension activation + sign-in
        const file = path.join(REPO_ROOT, 'test-results', 'screenshots', 'demo.png');
        mkdirSync(path.dirname(file), { recursive: true });
        await page.screenshot({ path: file });
        log(`screenshot: ${file}`);
      } else {
        log('browser check: workbench loads');
      }
    } finally {
      await browser.close();
    }
    if (screenshotOnly) return shutdown(0);
  }

  const rows = server.accounts.map((a) => [a.email, a.apiKey, ROLE_NAMES[a.role] ?? String(a.role), a.fullName]);
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
  console.log(`
Team Chat demo is running.

  VS Code (open in a browser):
${urls.map((u) => `    ${u}`).join('\n')}

  Chat server: ${server.url}   (API: ${server.url}/api/v1; listening on ${urlHost(host)}:${chatPort})
  Signed in automatically as ${me.fullName} <${me.email}> via ${zuliprc}
  Workspace: ${workspace}
  code-server log: ${cs.logPath}

  Accounts:
${rows.map((r) => `    ${r.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c)).join('  ')}`).join('\n')}

Press Ctrl-C to stop.`);
  await new Promise(() => {}); // until a signal
}

main().catch(async (err) => {
  console.error(`[demo] ERROR: ${err.stack || err.message}`);
  await shutdown(1);
});
