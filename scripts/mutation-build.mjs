// Stryker's buildCommand (no shell): compile src and test into out/ as test:unit does, then bundle
// (a unit test checks the webview bundles in dist/webview/).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// Instrumented files carry @ts-nocheck, but their mutant switches widen the types other modules
// infer from them, so tsc reports errors there. Exit 2 means "errors, but every file emitted":
// the JavaScript is what runs (`npm run typecheck` checks the real sources).
const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { stdio: 'ignore' });
if (compiled.status !== 0 && compiled.status !== 2) process.exit(compiled.status ?? 1);
const bundled = spawnSync(process.execPath, ['esbuild.mjs'], { stdio: 'inherit' });
process.exit(bundled.status ?? 1);
