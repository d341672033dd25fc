// The extension bench's reading of a CPU profile (test/bench/cpuProfile.ts): the longest block of
// the extension host by our code, at the target's exact boundary, and the source-map lookup that
// names its functions (test/bench/sourceMap.ts).
import assert from 'node:assert/strict';
import { attributeBlock, longestBlock, type CpuProfile, type ProfileNode } from '../../bench/cpuProfile';
import { BLOCK_LIMIT_MS } from '../../bench/extension';
import { decodeVlq, SourceMapLookup } from '../../bench/sourceMap';

const OURS = 'file:///ext/ours/dist/core.js';
const isOurs = (url: string): boolean => url.startsWith('file:///ext/ours/dist/');
const frame = (functionName: string, url = ''): ProfileNode['callFrame'] => ({
  functionName,
  url,
  lineNumber: 0,
  columnNumber: 0,
});
// 1 root ─┬ 2 ourFn (ours) ── 3 JSON.parse (native, called by ours)
//         ├ 4 (garbage collector)
//         ├ 5 (idle)
//         └ 6 other (another extension) ── 7 ourCallback (ours, called by it)
const nodes: ProfileNode[] = [
  { id: 1, callFrame: frame('(root)'), children: [2, 4, 5, 6] },
  { id: 2, callFrame: frame('ourFn', OURS), children: [3] },
  { id: 3, callFrame: frame('parse') },
  { id: 4, callFrame: frame('(garbage collector)') },
  { id: 5, callFrame: frame('(idle)') },
  { id: 6, callFrame: frame('other', 'file:///ext/other/main.js'), children: [7] },
  { id: 7, callFrame: frame('ourCallback', OURS) },
];
const IDLE = 5;

/** A profile of `samples` taken `deltas` µs apart (the first from startTime 1000), ending `tail` µs after the last. */
function profile(samples: number[], deltas: number[], tail = 0): CpuProfile {
  const end = 1000 + deltas.reduce((a, b) => a + b, 0) + tail;
  return { nodes, startTime: 1000, endTime: end, samples, timeDeltas: deltas };
}

describe('bench: longest extension-host block in a CPU profile', () => {
  it('a block is its samples of ours, each lasting until the next sample: exactly 50 ms meets the target, 50.001 ms does not', () => {
    // idle at 1000, ours at 2000, 22000, 42000, idle at 52000: 52000 - 2000 = 50 ms.
    const exact = longestBlock(profile([IDLE, 2, 3, 2, IDLE], [0, 1000, 20_000, 20_000, 10_000]), isOurs)!;
    assert.deepEqual(exact, { first: 1, last: 3, startUs: 1000, durationUs: 50_000 });
    assert.equal(exact.durationUs / 1000 <= BLOCK_LIMIT_MS, true);
    const over = longestBlock(profile([IDLE, 2, 3, 2, IDLE], [0, 1000, 20_000, 20_000, 10_001]), isOurs)!;
    assert.equal(over.durationUs, 50_001);
    assert.equal(over.durationUs / 1000 <= BLOCK_LIMIT_MS, false);
  });

  it('a stack of ours anywhere below counts (our callback called by another extension); the longest block wins', () => {
    // ours 0–10 ms, idle, ours (via node 7) 20–45 ms, idle.
    const block = longestBlock(profile([2, IDLE, 7, 7, IDLE], [0, 10_000, 10_000, 20_000, 5_000]), isOurs)!;
    assert.deepEqual(block, { first: 2, last: 3, startUs: 20_000, durationUs: 25_000 });
  });

  it('garbage collection between samples of ours is part of the block; after the last one it is not; idle or another extension ends it', () => {
    // ours, GC, ours, GC, idle: the block ends with the second sample of ours (the trailing GC is not counted).
    assert.deepEqual(longestBlock(profile([2, 4, 2, 4, IDLE], [0, 10_000, 10_000, 10_000, 10_000]), isOurs), {
      first: 0,
      last: 2,
      startUs: 0,
      durationUs: 30_000,
    });
    // GC before any sample of ours starts nothing.
    assert.deepEqual(longestBlock(profile([4, 2, IDLE], [0, 10_000, 10_000]), isOurs), {
      first: 1,
      last: 1,
      startUs: 10_000,
      durationUs: 10_000,
    });
    // Another extension's own frame between two of ours splits them.
    assert.deepEqual(longestBlock(profile([2, 6, 2, IDLE], [0, 10_000, 5_000, 12_000]), isOurs), {
      first: 2,
      last: 2,
      startUs: 15_000,
      durationUs: 12_000,
    });
  });

  it('the last sample lasts until the end of the profile; a profile with no sample of ours has no block', () => {
    assert.deepEqual(longestBlock(profile([IDLE, 2], [0, 1000], 7_000), isOurs), {
      first: 1,
      last: 1,
      startUs: 1000,
      durationUs: 7_000,
    });
    assert.equal(longestBlock(profile([IDLE, 6, 4], [0, 1000, 1000], 1000), isOurs), undefined);
  });

  it("attributes the block's time to the innermost function of ours and to the function at the top of the stack", () => {
    const p = profile([2, 3, 4, 3, IDLE], [0, 1000, 2000, 4000, 8000]);
    const block = longestBlock(p, isOurs)!;
    assert.equal(block.durationUs, 15_000);
    const { ours, self } = attributeBlock(p, block, isOurs);
    // The GC sample has no frame of ours on its stack: it is in the block's total but not attributed to a function of ours.
    assert.deepEqual(
      ours.map((a) => [a.frame.functionName, a.us]),
      [['ourFn', 11_000]],
    );
    assert.deepEqual(
      self.map((a) => [a.frame.functionName, a.us]),
      [
        ['parse', 10_000],
        ['(garbage collector)', 4_000],
        ['ourFn', 1_000],
      ],
    );
  });
});

describe('bench: source map lookup', () => {
  it('decodes base64 VLQ', () => {
    assert.deepEqual(decodeVlq('AAAA'), [0, 0, 0, 0]);
    assert.deepEqual(decodeVlq('CADgB'), [1, 0, -1, 16]);
    assert.throws(() => decodeVlq('A!'), /not base64 VLQ/);
  });

  it('finds the original position at or before a generated column, per line', () => {
    // line 0: col 0 → a.ts 1:1, col 9 → a.ts 1:10 (name "run"); line 1: col 0 → b.ts 2:1; line 2: nothing.
    const lookup = new SourceMapLookup({
      version: 3,
      sources: ['a.ts', 'b.ts'],
      names: ['run'],
      mappings: 'AAAA,SAASA;ACCT;',
    });
    assert.deepEqual(lookup.find(0, 0), { source: 'a.ts', line: 1, column: 1, name: undefined });
    assert.deepEqual(lookup.find(0, 8), { source: 'a.ts', line: 1, column: 1, name: undefined });
    assert.deepEqual(lookup.find(0, 9), { source: 'a.ts', line: 1, column: 10, name: 'run' });
    assert.deepEqual(lookup.find(1, 40), { source: 'b.ts', line: 2, column: 1, name: undefined });
    assert.equal(lookup.find(2, 0), undefined);
  });
});
