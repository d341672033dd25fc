// Stryker's buildCommand (no shell): compile src and test into out/ as test:unit does, then bundle
// (a unit test checks the webview bundles in dist/webview/).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { stdio: 'inherit' });
execFileSync(process.execPath, ['esbuild.mjs'], { stdio: 'inherit' });
