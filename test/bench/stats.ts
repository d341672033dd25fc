import * as v8 from 'node:v8';
import * as vm from 'node:vm';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The target, for ratio rows. */
  target?: string;
  ok?: boolean;
  /** Lines printed under the row (what a figure is made of: per-round values, steps, where time went). */
  detail?: string[];
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
    for (const line of r.detail ?? []) console.log(`    ${line}`);
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

/**
 * A full garbage collection, so a timed run does not pay for the garbage of what ran before it
 * (another bench section, the other side of a ratio). `--expose-gc` set at run time exposes `gc`
 * to new contexts, so the bench needs no node flag.
 */
export const collectGarbage: (options?: { type: 'major' | 'minor' }) => void = (() => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

/**
 * A young-generation collection: what the previous run or setup left there is collected or
 * promoted, so a run starts with the young generation empty and meets no debt of another.
 */
function collectYoung(): void {
  collectGarbage({ type: 'minor' });
}

export interface Paired {
  /** Median CPU times (ms) of each side. */
  baseline: number;
  measured: number;
  /** The median of the runs' measured / baseline ratios. */
  ratio: number;
}

/** CPU time of this process so far, in ms (all its threads: the collector's helpers count too). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * A ratio on a shared, busy machine: the two sides run in turns (baseline, then measured, `runs`
 * times after one warm-up turn), each after an untimed `setup`, so both meet the same heap and the
 * same load; each run is timed in CPU time, which the other processes waiting for the cores do not
 * inflate as they do the wall clock; the ratio is the median of the turns' ratios. One full
 * collection comes first, so the section does not pay for the garbage of the sections before it;
 * between runs only young-generation ones (`collectYoung`), for both sides: a full collection just
 * before a run makes that run slower (measured: about twice the CPU for the events replay, its
 * optimised code being thrown away with the old store, "weak objects" deoptimisations).
 */
export function timePaired<S>(
  baseline: () => unknown,
  measured: { setup: () => S; run: (s: S) => unknown },
  runs = 21,
): Paired {
  const base: number[] = [];
  const meas: number[] = [];
  const ratios: number[] = [];
  collectGarbage();
  for (let i = 0; i <= runs; i++) {
    collectYoung();
    let t0 = cpuMs();
    baseline();
    const b = cpuMs() - t0;
    const state = measured.setup();
    collectYoung();
    t0 = cpuMs();
    measured.run(state);
    const m = cpuMs() - t0;
    if (i === 0) continue; // warm-up
    base.push(b);
    meas.push(m);
    ratios.push(m / b);
  }
  return { baseline: median(base), measured: median(meas), ratio: median(ratios) };
}
