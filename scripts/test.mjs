// `npm test`: build, then every suite in its own process — unit (plain Node), integration (inside a
// real VS Code extension host) and UI (chromium driving the workbench). A failed suite does not
// stop the others. Ends with one line `N passed, N failed` over all suites; a suite that crashes
// or runs no test counts as (at least) one failure. TEAM_CHAT_SUITES=unit,integration,ui selects.
// ESLint runs first and counts as one check (TEAM_CHAT_SKIP_LINT=1 skips it while iterating).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALL_SUITES = ['unit', 'integration', 'ui'];
const MINUTE = 60_000;

const selected = (process.env.TEAM_CHAT_SUITES || ALL_SUITES.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const s of selected) {
  if (!ALL_SUITES.includes(s)) {
    console.error(`unknown suite "${s}" in TEAM_CHAT_SUITES (known: ${ALL_SUITES.join(', ')})`);
    process.exit(2);
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'team-chat-test-'));
const rows = []; // { name, passed, failed, note, seconds }

function banner(text) {
  console.log(`\n=== ${text} ===`);
}

let current; // the running child, killed (with its group) if we are interrupted
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (current) killGroup(current.pid, 'SIGTERM');
    console.error(`\n${sig}: stopping`);
    setTimeout(() => {
      if (current) killGroup(current.pid, 'SIGKILL');
      process.exit(130);
    }, 3000).unref();
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // gone
  }
}

/** Runs a command with inherited output, in its own process group so a timeout can kill it all. */
function run(cmd, args, { timeoutMs = 10 * MINUTE, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
      detached: true,
    });
    current = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`!!! ${cmd} ${args.join(' ')} timed out after ${timeoutMs / 1000} s; stopping it`);
      // SIGTERM first so the runner can stop its code-server and browser, then SIGKILL.
      killGroup(child.pid, 'SIGTERM');
      setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: 1, error: err.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      resolve({ code: code ?? 1, signal, timedOut });
    });
  });
}

/** Runs a suite runner that writes { passed, failed } to --result; records one row. */
async function suite(name, script, args, timeoutMs) {
  banner(`${name} tests`);
  const started = Date.now();
  const resultFile = path.join(tmp, `${name}.json`);
  const { code, timedOut, error } = await run(
    process.execPath,
    ['--enable-source-maps', script, ...args, '--result', resultFile],
    { timeoutMs },
  );
  const seconds = (Date.now() - started) / 1000;
  let result;
  if (existsSync(resultFile)) {
    try {
      result = JSON.parse(readFileSync(resultFile, 'utf8'));
    } catch {
      // treated as a crash below
    }
  }
  if (!result) {
    const why = timedOut
      ? 'timed out'
      : error
        ? `could not start: ${error}`
        : `crashed (exit ${code}) before reporting`;
    rows.push({ name, passed: 0, failed: 1, note: why, seconds });
    return;
  }
  let { passed = 0, failed = 0 } = result;
  let note = '';
  if (passed + failed === 0) {
    failed = 1;
    note = 'ran no test';
  } else if (code !== 0 && failed === 0) {
    failed = 1;
    note = `exit code ${code}`;
  }
  if (result.pending) note = [note, `${result.pending} pending`].filter(Boolean).join('; ');
  rows.push({ name, passed, failed, note, seconds });
}

async function build() {
  banner('build');
  const tsc = await run(process.execPath, [
    path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    'tsconfig.json',
  ]);
  // tsc still emits on type errors, so the suites run anyway; the errors count as a failure.
  if (tsc.code !== 0)
    rows.push({ name: 'typecheck', passed: 0, failed: 1, note: 'tsc reported errors (see above)', seconds: 0 });
  // The webview pages: browser code, checked against the protocol modules the host uses.
  const pages = await run(process.execPath, [
    path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    'tsconfig.pages.json',
  ]);
  if (pages.code !== 0)
    rows.push({
      name: 'typecheck (pages)',
      passed: 0,
      failed: 1,
      note: 'tsc -p tsconfig.pages.json reported errors (see above)',
      seconds: 0,
    });
  const esb = await run(process.execPath, ['esbuild.mjs']);
  if (esb.code !== 0)
    rows.push({ name: 'bundle', passed: 0, failed: 1, note: 'esbuild failed (see above)', seconds: 0 });
  // The string bundle and the pseudo-locale the UI suite's pseudo-locale test runs in.
  const l10n = await run(process.execPath, ['scripts/l10n.mjs']);
  if (l10n.code !== 0)
    rows.push({ name: 'l10n', passed: 0, failed: 1, note: 'scripts/l10n.mjs failed (see above)', seconds: 0 });
}

/** `npm run lint` (Prettier's layout, then ESLint: layering, floating promises, UI strings): one check, passed or failed. */
async function lint() {
  banner('lint');
  const started = Date.now();
  // Prettier's layout first (`npm run format` fixes it), then ESLint's rules.
  const format = await run(process.execPath, [
    path.join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
    '--check',
    '.',
  ]);
  const { code } = await run(process.execPath, [
    path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'),
    'src',
    'test',
  ]);
  const seconds = (Date.now() - started) / 1000;
  const ok = code === 0 && format.code === 0;
  const problems = [
    format.code === 0 ? '' : 'Prettier: files not formatted (npm run format)',
    code === 0 ? '' : 'ESLint reported problems',
  ];
  rows.push({
    name: 'lint',
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    note: ok ? '' : `${problems.filter(Boolean).join('; ')} (see above)`,
    seconds,
  });
}

const started = Date.now();
try {
  await build();
  if (process.env.TEAM_CHAT_SKIP_LINT !== '1') await lint();
  if (selected.includes('unit')) {
    await suite('unit', 'scripts/vscode/mochaRun.mjs', ['--timeout', '20000', 'out/test/unit'], 15 * MINUTE);
  }
  const vscodeSuites = selected.filter((s) => s !== 'unit');
  if (vscodeSuites.length) {
    banner('provision VS Code (code-server) and chromium');
    const prov = await run(process.execPath, ['scripts/vscode/provision.mjs'], { timeoutMs: 30 * MINUTE });
    if (prov.code !== 0) {
      for (const name of vscodeSuites)
        rows.push({ name, passed: 0, failed: 1, note: 'not run: provisioning failed', seconds: 0 });
    } else {
      if (vscodeSuites.includes('integration'))
        await suite('integration', 'scripts/vscode/runIntegration.mjs', [], 15 * MINUTE);
      if (vscodeSuites.includes('ui')) await suite('ui', 'scripts/vscode/runUi.mjs', [], 30 * MINUTE);
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0);
banner(`summary (${((Date.now() - started) / 1000).toFixed(0)} s)`);
for (const r of rows) {
  console.log(
    `  ${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passing ${String(r.failed).padStart(4)} failing  ${r.seconds.toFixed(1).padStart(6)} s${r.note ? `  (${r.note})` : ''}`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
