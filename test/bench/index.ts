import * as fs from 'node:fs';
import * as path from 'node:path';
import { benchApi } from './api';
import { benchExtension } from './extension';
import { benchStore } from './store';
import { printResults, type BenchResult } from './stats';

/** `npm run bench`: every benchmark, as ratios to baselines measured in the same run. */
async function main(): Promise<void> {
  const results: BenchResult[] = [];
  results.push(...(await benchApi()));
  results.push(...(await benchStore()));
  results.push(...(await benchExtension()));
  printResults(results);
  const out = path.join(__dirname, '..', '..', '..', 'test-results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'bench.json'), JSON.stringify(results, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
