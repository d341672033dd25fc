// Runs mocha programmatically in this Node process over compiled test files, with spec output on
// the console, and returns counts (so scripts/test.mjs can total every suite).
import { readdirSync, existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A compiled file of out/ whose TypeScript source is gone (moved or deleted): tsc leaves it behind. */
function stale(file) {
  const rel = path.relative(path.join(ROOT, 'out'), file);
  return !rel.startsWith('..') && !path.isAbsolute(rel) && !existsSync(path.join(ROOT, rel.replace(/\.js$/, '.ts')));
}

/** Files under `dir` (recursively) whose names end with `.test.js` and whose source still exists, sorted. */
export function findTestFiles(dir) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTestFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.test.js') && !stale(full)) found.push(full);
  }
  return found.sort();
}

/** → { passed, failed, pending, failures: [{ title, message }], files } */
export async function runMocha({ files, timeout = 20_000, grep } = {}) {
  const Mocha = require('mocha');
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout });
  if (grep) mocha.grep(grep);
  for (const f of files) mocha.addFile(f);
  await mocha.loadFilesAsync();
  return new Promise((resolve) => {
    const failures = [];
    let passed = 0;
    let pending = 0;
    const runner = mocha.run(() =>
      resolve({ passed, failed: failures.length, pending, failures, files: files.length }),
    );
    runner.on('pass', () => passed++);
    runner.on('pending', () => pending++);
    runner.on('fail', (test, err) => failures.push({ title: test.fullTitle(), message: err?.message ?? String(err) }));
  });
}

/** Writes `result` as JSON to the file after `--result` on the command line, if any. */
export function writeResultArg(result) {
  const i = process.argv.indexOf('--result');
  if (i > 0 && process.argv[i + 1]) writeFileSync(process.argv[i + 1], JSON.stringify(result));
}

// CLI: node scripts/vscode/mochaRun.mjs [--result FILE] [--timeout MS] DIR — runs DIR/**/*.test.js.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : undefined;
  };
  opt('--result');
  const timeout = Number(opt('--timeout') ?? 20_000);
  const dir = path.resolve(args[0] ?? 'out/test/unit');
  const files = findTestFiles(dir);
  if (files.length === 0) console.log(`[mocha] no *.test.js files under ${path.relative(process.cwd(), dir)}`);
  runMocha({ files, timeout, grep: process.env.TEAM_CHAT_TEST_GREP }).then(
    (result) => {
      writeResultArg(result);
      // Like mocha --exit: a test that leaves a socket open must not hang the whole run.
      process.exit(result.failed > 0 ? 1 : 0);
    },
    (err) => {
      console.error(`[mocha] ERROR: ${err.stack || err.message}`);
      process.exit(1);
    },
  );
}
