// Runs the static mutants of some files and adds their results to the incremental file:
// `node scripts/mutation-static.mjs src/api/personal/settings.ts src/api/params.ts ...`
// (extra Stryker flags after `--`). A static mutant is in module-level code (a zod schema, a
// constant table); no test "covers" it, so Stryker reloads every module and runs the whole unit
// suite for each one, stopping at the first failure. That is why `npm run mutation` is run with
// `--ignoreStatic` first; this script then takes the static mutants of the incremental file
// (`Ignored` after such a run, or measured by an earlier run of this script), file by file, and
// gives Stryker exactly their locations as mutate ranges, so one sitting can measure a few files
// and the incremental file keeps everything else as it was. They always run again (`--force`):
// Stryker's incremental mode would reuse a static mutant that survived even after new tests were
// added, since no test "covers" it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const INCREMENTAL = 'test/mutation/stryker-incremental.json';
const dash = process.argv.indexOf('--');
const files = process.argv.slice(2, dash === -1 ? undefined : dash);
const extra = dash === -1 ? [] : process.argv.slice(dash + 1);
if (files.length === 0) {
  console.error('usage: node scripts/mutation-static.mjs <src file>... [-- <stryker flags>]');
  process.exit(2);
}

const report = JSON.parse(fs.readFileSync(INCREMENTAL, 'utf8'));
const ranges = [];
for (const file of files) {
  const entry = report.files[file];
  if (!entry) throw new Error(`${file} is not in ${INCREMENTAL}: run npm run mutation on it first`);
  // Stryker marks a mutant `static` only in the run that ran it (a result carried over from an
  // earlier run loses the mark), so `Ignored` (left by an `--ignoreStatic` run) counts too.
  for (const { static: isStatic, status, location } of entry.mutants) {
    if (!isStatic && status !== 'Ignored') continue;
    // The report's lines and columns are 1-based; a mutate range takes 1-based lines and 0-based
    // columns, and keeps a mutant whose whole location lies inside it.
    const { start, end } = location;
    ranges.push(`${file}:${start.line}:${start.column - 1}-${end.line}:${end.column}`);
  }
}
if (ranges.length === 0) {
  console.log('No static mutants in those files.');
  process.exit(0);
}
console.log(`${ranges.length} static mutants in ${files.length} file(s)`);

const stryker = 'node_modules/@stryker-mutator/core/bin/stryker.js';
const run = spawnSync(
  process.execPath,
  [stryker, 'run', '--incremental', '--force', '--mutate', ranges.join(','), ...extra],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
