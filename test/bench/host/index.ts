// Runs inside the real extension host (as `extensionTestsPath`, started by test/bench/extension.ts,
// with the extensions test/bench/baseline.ts wrote and none of them active yet): activates the
// warm-up, the baseline and ours in turn. For each it times what the extension costs the host:
// loading its main module (the host's own `require`, seen through a hook on Node's module loader)
// plus its `activate()` until what it returns resolves. The whole `ext.activate()` is reported too:
// it adds the host's own work (the extension's context, its storage's round trip to the window),
// the same for any extension and noisy. Then, apart, how long our core takes to be ready, and what
// became of its code cache (the probe waits for it to be written, for the next host in the profile).
// Profiled (test/bench/host/profile, other hosts than the timed ones): a CPU profile of ours from
// its activation to its core's ready() and a settle, written beside the extensions for the bench.
import * as fs from 'fs';
import * as inspector from 'inspector';
import Module from 'module';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TeamChatShell } from '../../../src/extension';
import { BENCH_EXTENSIONS } from './ids';

export interface Activation {
  /** Loading the main module (ms). */
  loadMs: number;
  /** activate() until its result resolved (ms). */
  activateMs: number;
  /** The whole `ext.activate()` as an API caller sees it (ms). */
  outerMs: number;
}

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;

/** Times the host's load of each main module in `mains` and wraps its `activate` to time that too. */
function instrument(mains: ReadonlyMap<string, Partial<Activation>>): () => void {
  const loader = Module as unknown as { _load: Load };
  const original = loader._load;
  loader._load = function (this: unknown, request, parent, isMain) {
    const times = path.isAbsolute(request) ? mains.get(path.resolve(request)) : undefined;
    if (!times) return original.call(this, request, parent, isMain);
    const started = performance.now();
    const exports = original.call(this, request, parent, isMain) as {
      activate: (c: vscode.ExtensionContext) => unknown;
    };
    times.loadMs = performance.now() - started;
    return {
      ...exports,
      activate(context: vscode.ExtensionContext): Promise<unknown> {
        const called = performance.now();
        return Promise.resolve(exports.activate(context)).then((result) => {
          times.activateMs = performance.now() - called;
          return result;
        });
      },
    };
  };
  return () => {
    loader._load = original;
  };
}

async function activate(
  ext: vscode.Extension<unknown>,
  times: Partial<Activation>,
): Promise<{ activation: Activation; exports: unknown }> {
  if (ext.isActive) throw new Error(`${ext.id} was active before the bench activated it`);
  const started = performance.now();
  const exports = await ext.activate();
  times.outerMs = performance.now() - started;
  const { loadMs, activateMs, outerMs } = times;
  if (loadMs === undefined || activateMs === undefined)
    throw new Error(`the host did not load ${ext.id}'s main module through Node's loader`);
  return { activation: { loadMs, activateMs, outerMs }, exports };
}

/** The profiler's sampling interval (µs): fine enough to see a block of a few milliseconds. */
const SAMPLING_INTERVAL_US = 100;
/** How long the profile goes on after the core is ready: what the core set off at once runs too. */
const SETTLE_MS = 1_000;

type Post = (method: string, params?: object) => Promise<unknown>;

/** Starts Node's sampling profiler in this process (the extension host); the returned function stops it. */
async function startProfiler(): Promise<() => Promise<unknown>> {
  const session = new inspector.Session();
  session.connect();
  const raw = session as unknown as {
    post(method: string, params: object, cb: (e: Error | null, r: unknown) => void): void;
  };
  const post: Post = (method, params = {}) =>
    new Promise((resolve, reject) => raw.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    session.disconnect();
    return profile;
  };
}

/** The timed hosts: activation of each extension and our core's readiness. */
export function run(): Promise<void> {
  return probe(false);
}

/**
 * `profile`: a CPU profile of ours from its activation to its core's ready() plus {@link SETTLE_MS},
 * written to `startup.cpuprofile` beside the extensions (the times of such a host are not used:
 * the profiler slows what it watches).
 */
export async function probe(profile: boolean): Promise<void> {
  const exts = Object.values(BENCH_EXTENSIONS).map((id) => {
    const ext = vscode.extensions.getExtension(id);
    if (ext) return ext;
    const installed = vscode.extensions.all.filter((e) => !e.id.startsWith('vscode.')).map((e) => e.id);
    throw new Error(`${id} is not installed in this host (it has ${installed.join(', ')})`);
  });
  const times = exts.map((): Partial<Activation> => ({}));
  const main = (ext: vscode.Extension<unknown>): string => {
    const file = (ext.packageJSON as { main: string }).main;
    return path.resolve(ext.extensionPath, /\.js$/.test(file) ? file : `${file}.js`);
  };
  const restore = instrument(new Map(exts.map((ext, i) => [main(ext), times[i]!])));
  try {
    const [warmup, baseline, ours] = exts as [
      vscode.Extension<unknown>,
      vscode.Extension<unknown>,
      vscode.Extension<unknown>,
    ];
    await activate(warmup, times[0]!);
    const base = await activate(baseline, times[1]!);
    const stopProfiler = profile ? await startProfiler() : undefined;
    const our = await activate(ours, times[2]!);
    const readyStarted = performance.now();
    const api = await (our.exports as TeamChatShell).ready();
    const coreReadyMs = performance.now() - readyStarted;
    let profileFile: string | undefined;
    if (stopProfiler) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      profileFile = path.join(path.dirname(ours.extensionPath), 'startup.cpuprofile');
      fs.writeFileSync(profileFile, JSON.stringify(await stopProfiler()));
    }
    const codeCache = await (our.exports as TeamChatShell).codeCache();
    const bench = {
      baseline: base.activation,
      ours: our.activation,
      coreReadyMs,
      activateCoreMs: api.activationMs,
      codeCache,
      profileFile,
    };
    console.log(`TEAMCHAT_RESULT ${JSON.stringify({ passed: 1, failed: 0, failures: [], bench })}`);
  } finally {
    restore();
  }
}
