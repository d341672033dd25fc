// A local ESLint rule (issue 26 item 5): test/unit mirrors what it tests, one name per file.
//   test/unit/<dir>/<name>.test.ts          tests src/<dir>/<name>.ts
//   test/unit/<dir>/<name>.<facet>.test.ts  one facet of it, when it has several test files
//   test/unit/server/...  tests test/server/...; bench/... test/bench/...; scripts/... scripts/...
//   test/unit/support/... tests a helper of test/unit/support/; project/... checks across the project
// A test whose source is not there is reported (moved or misnamed), and so is a helper outside
// test/unit/support/.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const UNIT = path.join(ROOT, 'test', 'unit');
const NAME = /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)?$/;

/** Where the source a test file names lives, by its first folder under test/unit. */
function sourceCandidates(dir, stem) {
  const [first, ...rest] = dir === '' ? [] : dir.split('/');
  const within = (...base) => path.join(ROOT, ...base, ...rest, stem);
  switch (first) {
    case 'server':
      return [within('test', 'server') + '.ts'];
    case 'bench':
      return [within('test', 'bench') + '.ts'];
    case 'support':
      return [within('test', 'unit', 'support') + '.ts'];
    case 'scripts':
      return ['.mjs', '.cjs', '.js'].map((ext) => within('scripts') + ext);
    default:
      return [path.join(ROOT, 'src', dir, stem) + '.ts'];
  }
}

export const testLayout = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const relative = path.relative(UNIT, context.filename).split(path.sep).join('/');
    if (relative.startsWith('..')) return {};
    const dir = path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative);
    const file = path.posix.basename(relative);
    return {
      Program(node) {
        const report = (message) => context.report({ node, loc: { line: 1, column: 0 }, message });
        if (!file.endsWith('.test.ts')) {
          if (dir !== 'support' && !dir.startsWith('support/')) {
            report('Helpers of the unit tests go in test/unit/support/; tests are named <source>.test.ts.');
          }
          return;
        }
        const name = file.slice(0, -'.test.ts'.length);
        if (!NAME.test(name)) {
          report(`"${file}": name a test <source>.test.ts, or <source>.<facet>.test.ts for one of several.`);
          return;
        }
        if (dir === 'project' || dir.startsWith('project/')) return;
        const stem = name.split('.')[0];
        const candidates = sourceCandidates(dir, stem);
        if (candidates.some((c) => fs.existsSync(c))) return;
        const shown = path.relative(ROOT, candidates[0]).split(path.sep).join('/');
        report(`test/unit mirrors what it tests: no ${shown} for this test (move it beside its source's mirror).`);
      },
    };
  },
};
