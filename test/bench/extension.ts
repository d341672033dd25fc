import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './stats';

const REPO = path.join(__dirname, '..', '..', '..');

// TypeScript compiles `import()` to `require()` under CommonJS; the runners are ES modules.
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

/**
 * The release bundle's size, and activate()'s duration in a real VS Code extension host against
 * the baseline of loading the bundle in the same host.
 */
export async function benchExtension(): Promise<BenchResult[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-bundle-'));
  const outfile = path.join(outDir, 'extension.js');
  await esbuild.build({
    entryPoints: [path.join(REPO, 'src', 'extension.ts')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    minify: true,
    outfile,
    logLevel: 'warning',
  });
  const bytes = fs.statSync(outfile).size;
  fs.rmSync(outDir, { recursive: true, force: true });
  const results: BenchResult[] = [{ name: 'extension: dist/extension.js (release, minified)', value: bytes / 1024, unit: 'KiB' }];
  // The second target: the webview pages, with esbuild.mjs's own release options, in memory.
  const { pageBuildOptions } = (await importEsm(pathToFileURL(path.join(REPO, 'esbuild.mjs')).href)) as {
    pageBuildOptions: (production: boolean) => esbuild.BuildOptions;
  };
  const pages = await esbuild.build({ ...pageBuildOptions(true), write: false });
  const pageBytes = pages.outputFiles.reduce((sum, f) => sum + f.contents.byteLength, 0);
  results.push({ name: `extension: dist/webview/*.js (${pages.outputFiles.length} pages, release, minified)`, value: pageBytes / 1024, unit: 'KiB' });

  const { provision } = (await importEsm(pathToFileURL(path.join(REPO, 'scripts', 'vscode', 'provision.mjs')).href)) as {
    provision: () => Promise<unknown>;
  };
  await provision();
  const { runIntegration } = (await importEsm(pathToFileURL(path.join(REPO, 'scripts', 'vscode', 'runIntegration.mjs')).href)) as {
    runIntegration: (o: { testsPath: string }) => Promise<{ failed: number; failures: unknown[]; bench?: { activationMs: number; loadMs: number } }>;
  };
  const run = await runIntegration({ testsPath: path.join(REPO, 'out', 'test', 'bench', 'host') });
  if (!run.bench) throw new Error(`the extension host probe failed: ${JSON.stringify(run.failures)}`);
  const { activationMs, loadMs } = run.bench;
  results.push(
    { name: 'extension: bundle load in the host (ms, baseline)', value: loadMs, unit: 'ms' },
    { name: 'extension: activate() (ms)', value: activationMs, unit: 'ms' },
    { name: 'extension: activate() / bundle load', value: activationMs / loadMs, unit: 'x' },
  );
  return results;
}
