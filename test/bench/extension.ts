import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './stats';

const REPO = path.join(__dirname, '..', '..', '..');

// TypeScript compiles `import()` to `require()` under CommonJS; the runners are ES modules.
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

/**
 * activate()'s duration in a real VS Code extension host against the baseline of loading the
 * bundle in the same host (the bundle's sizes are bundle.ts's).
 */
export async function benchExtension(): Promise<BenchResult[]> {
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
  return [
    { name: 'extension: bundle load in the host (ms, baseline)', value: loadMs, unit: 'ms' },
    { name: 'extension: activate() (ms)', value: activationMs, unit: 'ms' },
    { name: 'extension: activate() / bundle load', value: activationMs / loadMs, unit: 'x' },
  ];
}
