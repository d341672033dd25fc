// `npm run test:isolated`: runs each top-level describe() group of the integration and UI suites
// alone (a fresh code-server, chat server and browser for each), so a test that only passes after
// another group has left something behind shows up. Builds once, then one run per group.
//   npm run test:isolated                      both suites
//   npm run test:isolated -- integration       one suite
//   npm run test:isolated -- ui "UI topic" "UI: channel"   groups of a suite whose title contains one of the texts
// Prints a line per group and ends with `N groups passed alone, N failed`. Too slow for CI (an
// integration group takes about 30 s, a UI group 1–3 min).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNNERS = { integration: 'scripts/vscode/runIntegration.mjs', ui: 'scripts/vscode/runUi.mjs' };
const GROUP_TIMEOUT_MS = 10 * 60_000;

const [suiteArg, ...filters] = process.argv.slice(2);
if (suiteArg && !(suiteArg in RUNNERS)) {
  console.error(`unknown suite "${suiteArg}" (known: ${Object.keys(RUNNERS).join(', ')})`);
  process.exit(2);
}
const suites = suiteArg ? [suiteArg] : Object.keys(RUNNERS);

/** The titles of the top-level describe() calls of a suite's test files (literal titles only). */
export function groupTitles(source) {
  const titles = [];
  for (const m of source.matchAll(/^describe\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gm)) {
    if (m[1] === '`' && m[2].includes('${')) continue; // a computed title cannot be matched by name
    titles.push(m[2].replace(/\\(.)/g, '$1'));
  }
  return titles;
}

/** A mocha grep (a regular expression's source) matching the tests of the group titled `title`. */
export function groupGrep(title) {
  return `^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `;
}

function run(cmd, args, env = {}, timeoutMs = GROUP_TIMEOUT_MS) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone
      }
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

async function main() {
  for (const [cmd, args] of [
    [process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']],
    [process.execPath, ['esbuild.mjs']],
    [process.execPath, ['scripts/l10n.mjs']],
    [process.execPath, ['scripts/vscode/provision.mjs']],
  ]) {
    const { code, output } = await run(cmd, args, {}, 30 * 60_000);
    if (code !== 0) {
      console.error(output);
      throw new Error(`${args.join(' ')} failed`);
    }
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'team-chat-isolated-'));
  const failed = [];
  let passed = 0;
  try {
    for (const suite of suites) {
      const dir = path.join(ROOT, 'test', suite);
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.test.ts'))
        .sort();
      for (const file of files) {
        for (const title of groupTitles(readFileSync(path.join(dir, file), 'utf8'))) {
          if (filters.length > 0 && !filters.some((f) => title.includes(f))) continue;
          const resultFile = path.join(tmp, `${suite}-${passed + failed.length}.json`);
          const started = Date.now();
          const { code, output } = await run(
            process.execPath,
            ['--enable-source-maps', RUNNERS[suite], '--result', resultFile],
            { TEAM_CHAT_TEST_GREP: groupGrep(title) },
          );
          const result = existsSync(resultFile) ? JSON.parse(readFileSync(resultFile, 'utf8')) : undefined;
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          const ran = result ? result.passed + result.failed : 0;
          if (code === 0 && result && result.failed === 0 && ran > 0) {
            passed++;
            console.log(`ok    ${suite.padEnd(11)} ${title} (${result.passed} passed, ${seconds} s)`);
          } else {
            const why = !result
              ? `no result (exit ${code})`
              : ran === 0
                ? 'ran no test'
                : `${result.failed} failed: ${(result.failures ?? []).map((f) => f.title).join('; ')}`;
            failed.push(`${suite} › ${title}: ${why}`);
            console.log(`FAIL  ${suite.padEnd(11)} ${title} (${why}, ${seconds} s)`);
            if (process.env.TEAM_CHAT_VERBOSE) console.log(output);
          }
        }
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`\n${passed} groups passed alone, ${failed.length} failed`);
  for (const f of failed) console.log(`  ${f}`);
  process.exit(failed.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
