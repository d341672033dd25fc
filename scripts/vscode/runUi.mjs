// Runs the UI tests (test/ui, compiled to out/test/ui) in plain Node with mocha. Each suite's
// useWorkbench() fixture starts the chat server, code-server with the extension, and chromium.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './chatServer.mjs';
import { findTestFiles, runMocha, writeResultArg } from './mochaRun.mjs';

export async function runUi({ grep = process.env.TEAM_CHAT_TEST_GREP } = {}) {
  const started = Date.now();
  if (!existsSync(path.join(REPO_ROOT, 'dist', 'extension.js')))
    throw new Error('dist/extension.js missing: run `npm run build` first');
  const files = findTestFiles(path.join(REPO_ROOT, 'out', 'test', 'ui'));
  if (files.length === 0) throw new Error('no out/test/ui/**/*.test.js: run `npx tsc -p tsconfig.json` first');
  const result = await runMocha({ files, timeout: 60_000, grep });
  console.log(
    `[ui] ${result.passed} passing, ${result.failed} failing (${((Date.now() - started) / 1000).toFixed(1)} s); screenshots in test-results/screenshots/`,
  );
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runUi().then(
    (r) => {
      writeResultArg(r);
      process.exit(r.failed > 0 ? 1 : 0);
    },
    (err) => {
      console.error(`[ui] ERROR: ${err.stack || err.message}`);
      process.exit(1);
    },
  );
}
