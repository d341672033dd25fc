// Runs test/integration (compiled to out/test/integration) inside a real VS Code extension host:
// local chat server → code-server (env carries the server URL + accounts) → headless chromium
// opening the workbench with extensionDevelopmentPath + extensionTestsPath. Results come back
// through codeAutomationLog (the TEAMCHAT_RESULT marker) and codeAutomationExit.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { format } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './browser.mjs';
import { chatServerAvailable, chatServerEnv, REPO_ROOT, startChatServer } from './chatServer.mjs';
import { startCodeServer, workbenchUrl } from './codeServer.mjs';
import { writeResultArg } from './mochaRun.mjs';
import { makeFixtureWorkspace } from './fixtureWorkspace.mjs';

const RESULT_MARKER = 'TEAMCHAT_RESULT ';
// The workbench's own start-up chatter (and the unreachable extension gallery); shown with TEAM_CHAT_VERBOSE=1.
const WORKBENCH_NOISE = [
  /^(Resolving|Resolved) connection token/,
  /^Creating a socket/,
  /^Updating additional builtin extensions cache/,
  /^\[Service Worker\]/,
  /^ChatSessionStore:/,
  /ENOTFOUND open-vsx\.org/,
  // VS Code's own start-up timing warning, logged when a contribution takes over ~20 ms to
  // create: a busy machine, not a fault (the extension has no workbench contributions).
  /^Creation of workbench contribution '[\w.]+' took \d+ms\.$/,
];
const log = (msg) => console.log(`[integration] ${msg}`);

/** Returns { passed, failed, failures }; never throws for test failures, only for setup problems. */
export async function runIntegration({
  timeoutMs = Number(process.env.TEAM_CHAT_INTEGRATION_TIMEOUT_MS) || 720_000,
  verbose = !!process.env.TEAM_CHAT_VERBOSE,
  // Another module with a `run()` reporting the same marker (the benchmark's host probe).
  testsPath = path.join(REPO_ROOT, 'out', 'test', 'integration'),
  // A display language for the workbench and the extension (`--locale`), e.g. the pseudo-locale.
  locale,
  // The extensions the host loads (the benchmark's host probe loads generated copies instead).
  extensionDevelopmentPath = REPO_ROOT,
  // A profile kept from one run to the next (code-server's --user-data-dir); default: a new one.
  userDataDir,
} = {}) {
  const started = Date.now();
  for (const [file, hint] of [
    [path.join(REPO_ROOT, 'dist', 'extension.js'), 'npm run build'],
    [path.join(testsPath, 'index.js'), 'npx tsc -p tsconfig.json'],
  ]) {
    if (!existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} missing: run \`${hint}\` first`);
  }

  const cleanups = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        log(`cleanup: ${err.message}`);
      }
    }
  };
  let timer;
  try {
    const work = (async () => {
      // Until test/server lands, run without it (tests needing it fail on the missing env).
      let env = {};
      if (chatServerAvailable()) {
        const server = await startChatServer({ longpollTimeoutSeconds: 2 });
        cleanups.push(() => server.stop());
        env = chatServerEnv(server);
        log(`chat server ${server.url} (${server.accounts.length} accounts)`);
      } else {
        log(
          'WARNING: out/test/server/index.js not built (test/server/index.ts missing?): running WITHOUT the local chat server',
        );
      }

      const workspace = mkdtempSync(path.join(os.tmpdir(), 'team-chat-ws-'));
      cleanups.push(() => rmSync(workspace, { recursive: true, force: true }));
      makeFixtureWorkspace(workspace);
      const cs = await startCodeServer({ env, verbose, locale, userDataDir });
      cleanups.push(() => cs.stop());
      log(`code-server ${cs.url} (log ${cs.logPath})`);

      const browser = await launchBrowser();
      cleanups.push(() => browser.close());
      const page = await browser.newPage();

      let resultLine;
      let exitCode;
      let resolveExit;
      const exited = new Promise((r) => (resolveExit = r));
      await page.exposeFunction('codeAutomationLog', (type, args) => {
        const list = Array.isArray(args) ? args : [args];
        // Extension-host console calls arrive as (format, ...args), e.g. mocha's spec reporter.
        const text = typeof list[0] === 'string' ? format(...list) : list.map((a) => JSON.stringify(a)).join(' ');
        if (!verbose && WORKBENCH_NOISE.some((re) => re.test(text))) return;
        for (const line of text.split('\n')) {
          if (line.startsWith(RESULT_MARKER)) resultLine = line.slice(RESULT_MARKER.length);
          else console.log(`  ${line}`);
        }
      });
      await page.exposeFunction('codeAutomationExit', (code) => {
        exitCode = code;
        resolveExit();
      });
      if (verbose) page.on('console', (m) => console.log(`[browser ${m.type()}] ${m.text()}`));
      page.on('pageerror', (err) => log(`page error: ${err.message}`));

      const url = workbenchUrl({
        port: cs.port,
        folder: workspace,
        extensionDevelopmentPath,
        extensionTestsPath: testsPath,
      });
      log(`opening workbench`);
      await page.goto(url);
      await exited;
      // The marker is logged before exit; give the last log calls a moment to arrive.
      for (let i = 0; i < 20 && resultLine === undefined; i++) await new Promise((r) => setTimeout(r, 100));
      if (resultLine === undefined) {
        return {
          passed: 0,
          failed: 1,
          failures: [
            {
              title: 'integration run',
              message: `no ${RESULT_MARKER.trim()} line; extension host exit code ${exitCode}`,
            },
          ],
        };
      }
      const result = JSON.parse(resultLine);
      if (exitCode !== 0 && result.failed === 0) {
        result.failed = 1;
        result.failures.push({ title: 'integration run', message: `exit code ${exitCode}` });
      }
      return result;
    })();
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`integration tests timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    });
    const result = await Promise.race([work, timeout]);
    log(`${result.passed} passing, ${result.failed} failing (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const f of result.failures) log(`FAILED: ${f.title}: ${f.message}`);
    return result;
  } finally {
    clearTimeout(timer);
    await cleanup();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runIntegration().then(
    (r) => {
      writeResultArg(r);
      process.exit(r.failed > 0 ? 1 : 0);
    },
    (err) => {
      console.error(`[integration] ERROR: ${err.stack || err.message}`);
      process.exit(1);
    },
  );
}
