export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The target, for ratio rows. */
  target?: string;
  ok?: boolean;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function printResults(results: BenchResult[]): void {
  const width = Math.max(...results.map((r) => r.name.length));
  for (const r of results) {
    const digits = Number.isInteger(r.value) || r.value >= 10 ? 0 : 2;
    const value = r.unit === 'x' ? r.value.toFixed(2) + 'x' : `${r.value.toFixed(digits)} ${r.unit}`;
    const verdict = r.target ? `  target ${r.target}: ${r.ok ? 'met' : 'unmet'}` : '';
    console.log(`${r.name.padEnd(width)}  ${value}${verdict}`);
  }
}

/** The median time (ms) of `runs` calls of `fn`, after one warm-up call. */
export function timeRuns(fn: () => unknown, runs = 7): number {
  fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}
