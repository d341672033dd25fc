// Runs the static mutants of some files and adds their results to the incremental file:
// `node scripts/mutation-static.mjs src/api/personal/settings.ts src/api/params.ts ...`
// (extra Stryker flags after `--`). A static mutant is in module-level code (a zod schema, a
// constant table); no test "covers" it, so Stryker reloads every module and runs the whole unit
// suite for each one, stopping at the first failure. That is why `npm run mutation` is run with
// `--ignoreStatic` first; this script then gives Stryker exactly the static mutants' locations as
// mutate ranges, file by file, so one sitting can measure a few files and the incremental file
// keeps everything else as it was. They always run again (`--force`): Stryker's incremental mode
// would reuse a static mutant that survived even after new tests were added, since no test
// "covers" it.
//
// Which mutants are static: Stryker marks them `static` only in the run that ran them (a result
// carried over from an earlier run loses the mark), and an `--ignoreStatic` run leaves them
// `Ignored`. So the locations are also kept in test/mutation/static-mutants.json, refreshed from
// the marks of each run's files before and after every run of this script.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const INCREMENTAL = 'test/mutation/stryker-incremental.json';
const KNOWN = 'test/mutation/static-mutants.json';
const dash = process.argv.indexOf('--');
const files = process.argv.slice(2, dash === -1 ? undefined : dash);
const extra = dash === -1 ? [] : process.argv.slice(dash + 1);
if (files.length === 0) {
  console.error('usage: node scripts/mutation-static.mjs <src file>... [-- <stryker flags>]');
  process.exit(2);
}

const key = ({ start, end }) => `${start.line}:${start.column}-${end.line}:${end.column}`;

/** The known static locations, refreshed from the incremental file's marks. */
function refreshKnown() {
  const known = fs.existsSync(KNOWN) ? JSON.parse(fs.readFileSync(KNOWN, 'utf8')) : {};
  const report = JSON.parse(fs.readFileSync(INCREMENTAL, 'utf8'));
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const marked = mutants.filter((m) => m.static || m.status === 'Ignored');
    if (marked.length > 0) known[file] = marked.map(({ location: { start, end } }) => ({ start, end }));
  }
  const sorted = Object.fromEntries(Object.entries(known).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(KNOWN, `${JSON.stringify(sorted)}\n`);
  return { known: sorted, report };
}

const { known, report } = refreshKnown();
const ranges = [];
for (const file of files) {
  if (!report.files[file]) throw new Error(`${file} is not in ${INCREMENTAL}: run npm run mutation on it first`);
  const locations = new Map((known[file] ?? []).map((l) => [key(l), l]));
  for (const { location } of report.files[file].mutants) {
    if (!locations.has(key(location))) continue;
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
if (run.status === 0) refreshKnown();
process.exit(run.status ?? 1);
