// The longest stretch of a V8 CPU profile (`.cpuprofile`, what the inspector's Profiler.stop
// returns) during which our code held the thread: the extension host's event loop is blocked by us
// for that long. Pure; the extension bench's host probe records the profile (test/bench/host).

export interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based, of the function's start. */
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** µs */
  startTime: number;
  endTime: number;
  /** The node at the top of the stack, per sample. */
  samples: number[];
  /** µs from the previous sample (the first: from startTime). */
  timeDeltas: number[];
}

export interface Block {
  /** Sample indices, first and last (both ours). */
  first: number;
  last: number;
  /** µs since the profile's start. */
  startUs: number;
  /** Each sample stands for the time until the next one (the last: until the profile's end). */
  durationUs: number;
}

/** Samples V8 takes while it collects garbage: inside a block of ours they are part of it (our allocations). */
const GC = '(garbage collector)';

/**
 * The longest run of consecutive samples whose stack holds a frame of a script `isOurs` accepts;
 * garbage-collector samples between two of ours are counted in (any other sample ends the run).
 * Undefined when no sample is ours.
 */
export function longestBlock(profile: CpuProfile, isOurs: (url: string) => boolean): Block | undefined {
  const ours = oursPerNode(profile, isOurs);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = sampleTimes(profile);
  let best: Block | undefined;
  let first = -1;
  let last = -1;
  const close = (): void => {
    if (first < 0) return;
    const durationUs = times[last + 1]! - times[first]!;
    if (!best || durationUs > best.durationUs)
      best = { first, last, startUs: times[first]! - profile.startTime, durationUs };
    first = -1;
  };
  profile.samples.forEach((id, i) => {
    if (ours.get(id)) {
      if (first < 0) first = i;
      last = i;
    } else if (!(first >= 0 && byId.get(id)?.callFrame.functionName === GC)) {
      close();
    }
  });
  close();
  return best;
}

/** The time of each sample (µs, the profile's clock), and the profile's end after the last. */
export function sampleTimes(profile: CpuProfile): number[] {
  const times: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  times.push(Math.max(profile.endTime, t));
  return times;
}

/** Whether each node's stack (itself or a caller) holds a frame of ours. */
function oursPerNode(profile: CpuProfile, isOurs: (url: string) => boolean): Map<number, boolean> {
  const parent = parents(profile);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const memo = new Map<number, boolean>();
  const resolve = (id: number): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    // Iterative: stacks can be deep.
    const chain: number[] = [];
    let at: number | undefined = id;
    let result = false;
    while (at !== undefined) {
      const m = memo.get(at);
      if (m !== undefined) {
        result = m;
        break;
      }
      chain.push(at);
      if (isOurs(byId.get(at)!.callFrame.url)) {
        result = true;
        break;
      }
      at = parent.get(at);
    }
    // Everything below a frame of ours is ours; a chain that met none is not.
    for (const c of chain) memo.set(c, result);
    return result;
  };
  for (const n of profile.nodes) resolve(n.id);
  return memo;
}

function parents(profile: CpuProfile): Map<number, number> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  return parent;
}

export interface Attribution {
  /** A call frame, as `name file:line:column` (1-based line and column). */
  frame: CallFrame;
  us: number;
}

/**
 * Where a block's time went, heaviest first: by the innermost frame of ours on each sample's stack
 * (`ours`: the code of ours to act on) and by the frame at the top of the stack (`self`: what ran,
 * ours or not, e.g. the host's `require` compiling our bundle, or JSON.parse).
 */
export function attributeBlock(
  profile: CpuProfile,
  block: Block,
  isOurs: (url: string) => boolean,
): { ours: Attribution[]; self: Attribution[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = parents(profile);
  const times = sampleTimes(profile);
  const ours = new Map<ProfileNode, number>();
  const self = new Map<string, Attribution>();
  const add = <K>(map: Map<K, number>, key: K, us: number): void => void map.set(key, (map.get(key) ?? 0) + us);
  for (let i = block.first; i <= block.last; i++) {
    const us = times[i + 1]! - times[i]!;
    const top = byId.get(profile.samples[i]!)!;
    const key = frameKey(top.callFrame);
    const entry = self.get(key) ?? { frame: top.callFrame, us: 0 };
    entry.us += us;
    self.set(key, entry);
    let at: number | undefined = top.id;
    while (at !== undefined && !isOurs(byId.get(at)!.callFrame.url)) at = parent.get(at);
    if (at !== undefined) add(ours, byId.get(at)!, us);
  }
  // Nodes of the same function at different stacks are one function.
  const merged = new Map<string, Attribution>();
  for (const [node, us] of ours) {
    const key = frameKey(node.callFrame);
    const entry = merged.get(key) ?? { frame: node.callFrame, us: 0 };
    entry.us += us;
    merged.set(key, entry);
  }
  const sorted = (m: Map<string, Attribution>): Attribution[] => [...m.values()].sort((a, b) => b.us - a.us);
  return { ours: sorted(merged), self: sorted(self) };
}

function frameKey(f: CallFrame): string {
  return `${f.functionName}\u0000${f.url}\u0000${f.lineNumber}\u0000${f.columnNumber}`;
}
