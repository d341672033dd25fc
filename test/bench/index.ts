import * as fs from 'node:fs';
import * as path from 'node:path';
import { benchApi } from './api';
import { benchBundle } from './bundle';
import { benchExtension } from './extension';
import { benchMemory } from './memory';
import { benchStore } from './store';
import { benchWarmStart } from './warmStart';
import { benchWorkbench } from './workbench';
import { printResults, type BenchResult } from './stats';

const SECTIONS: Record<string, () => Promise<BenchResult[]>> = {
  bundle: benchBundle,
  api: benchApi,
  store: benchStore,
  memory: benchMemory,
  warmStart: benchWarmStart,
  extension: benchExtension,
  workbench: benchWorkbench,
};

/**
 * `npm run bench`: every benchmark, as ratios to baselines measured in the same run.
 * `npm run bench -- bundle store` runs only the sections named.
 */
async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const unknown = named.filter((n) => !Object.hasOwn(SECTIONS, n));
  if (unknown.length > 0)
    throw new Error(`unknown bench section(s) ${unknown.join(', ')} (known: ${Object.keys(SECTIONS).join(', ')})`);
  const results: BenchResult[] = [];
  for (const [name, bench] of Object.entries(SECTIONS)) {
    if (named.length === 0 || named.includes(name)) results.push(...(await bench()));
  }
  printResults(results);
  const out = path.join(__dirname, '..', '..', '..', 'test-results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'bench.json'), JSON.stringify(results, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
