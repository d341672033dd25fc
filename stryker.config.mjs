// Mutation testing of the API client and the store (`npm run mutation`): too slow for CI, run by
// hand; the score goes in the README. The sandbox compiles the mutated TypeScript with tsc (tests
// run from out/, as in test:unit) and bundles with esbuild (one unit test checks dist/webview/).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: ['src/api/**/*.ts', 'src/store/**/*.ts'],
  testRunner: 'mocha',
  buildCommand: 'node scripts/mutation-build.mjs',
  mochaOptions: {
    // The unit suite's config with a 6 s test timeout instead of 20 s: the slowest unit test takes
    // about 2 s, and a mutant that makes a test hang (a promise that never settles) is killed by
    // mocha's timeout, so with 20 s such mutants kept the runners idle most of the run.
    // Its spec also runs the fast table-driven files (test/unit/api/, store/store.contracts) first: a static
    // mutant runs the whole suite until the first failure, so an early kill saves most of a run.
    config: '.mocharc.mutation.json',
  },
  // @ts-nocheck only where mutants are: the default (every src/test file) would also silence the
  // webview page type-check that a unit test asserts on.
  disableTypeChecks: '{src/api,src/store}/**/*.ts',
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // The unit tests talk to the local server over real HTTP; a busy 2-core machine is slow.
  timeoutMS: 10000,
  timeoutFactor: 3,
  ignorePatterns: ['out', 'dist', 'reports', '.vscode-test', 'test-results', '.cache', '*.vsix'],
  reporters: ['html', 'clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // `npm run mutation -- --incremental` reuses this file's results and adds a run over a part of
  // the tree to the others (`node scripts/mutation-score.mjs` sums it up); kept in the repository,
  // so that a run over the whole tree can be spread over several sittings.
  incrementalFile: 'test/mutation/stryker-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
