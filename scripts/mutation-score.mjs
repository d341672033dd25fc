// The mutation score of a Stryker report, per folder and per file, as a Markdown table:
// `node scripts/mutation-score.mjs [report.json]` (default: the incremental file that
// `npm run mutation -- --incremental` keeps, which adds up runs over parts of the tree).
// Score = (killed + timeout) / (killed + timeout + survived + no coverage), Stryker's own: errors
// (compile, runtime: the mutant breaks the build or the module load) and ignored mutants (static
// ones left out by `--ignoreStatic`) are outside it and listed on their own.
import fs from 'node:fs';

const file = process.argv[2] ?? 'test/mutation/stryker-incremental.json';
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const KINDS = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'Ignored', 'CompileError', 'RuntimeError', 'Pending'];

const empty = () => Object.fromEntries(KINDS.map((k) => [k, 0]));
const rows = new Map();
const add = (name, status) => {
  if (!rows.has(name)) rows.set(name, empty());
  const row = rows.get(name);
  if (!(status in row)) throw new Error(`unknown mutant status ${status} in ${name}`);
  row[status]++;
};
for (const [path, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const folder = path.split('/').slice(0, 2).join('/');
  for (const { status } of mutants) {
    add('all', status);
    add(folder, status);
    add(path, status);
  }
}

const score = (r) => {
  const detected = r.Killed + r.Timeout;
  const valid = detected + r.Survived + r.NoCoverage;
  return valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(2)}%`;
};
const line = (cells) => `| ${cells.join(' | ')} |`;
console.log(line(['folder / file', 'score', 'killed', 'timeout', 'survived', 'no coverage', 'ignored', 'errors']));
console.log(line(Array(8).fill('---')));
for (const [name, r] of rows) {
  const label = name === 'all' || name.split('/').length === 2 ? `**${name}**` : `\`${name}\``;
  console.log(
    line([label, score(r), r.Killed, r.Timeout, r.Survived, r.NoCoverage, r.Ignored, r.CompileError + r.RuntimeError]),
  );
}
if ([...rows.values()].some((r) => r.Pending > 0))
  console.log('\nSome mutants are still pending: the report is of an unfinished run.');
