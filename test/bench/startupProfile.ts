// The extension bench's reading of a profiled host (test/bench/host/profile): the longest block
// of the extension host by ours (cpuProfile.ts), and where its time went, named by the source
// file and line of src/ (through the bundles' source maps) so that the lead can act on it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  attributeBlock,
  longestBlock,
  sampleTimes,
  type Attribution,
  type CallFrame,
  type CpuProfile,
} from './cpuProfile';
import { SourceMapLookup, type SourceMapV3 } from './sourceMap';

export interface StartupBlock {
  /** The longest block (ms); 0 when no sample was ours. */
  ms: number;
  /** Where the block's time went, for the console. */
  detail: string[];
  profileJson: string;
}

/** How many functions of each kind are printed. */
const TOP = 6;
/** A gap between two samples longer than this (µs) is reported apart. */
const GAP_US = 1_000;

/** `dist`: the folder of our bundles as the host loaded them (their `.map` files beside them). */
export function analyseStartupProfile(file: string, dist: string, repo: string): StartupBlock {
  const profileJson = fs.readFileSync(file, 'utf8');
  const profile = JSON.parse(profileJson) as CpuProfile;
  const toPath = (url: string): string => (url.startsWith('file://') ? fileURLToPath(url) : url);
  const isOurs = (url: string): boolean => url !== '' && toPath(url).startsWith(dist + path.sep);
  const block = longestBlock(profile, isOurs);
  if (!block) return { ms: 0, detail: ['no sample of the profile was in our code'], profileJson };
  const maps = new Map<string, SourceMapLookup | undefined>();
  const lookup = (script: string): SourceMapLookup | undefined => {
    if (!maps.has(script)) {
      const mapFile = `${script}.map`;
      maps.set(
        script,
        fs.existsSync(mapFile)
          ? new SourceMapLookup(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMapV3)
          : undefined,
      );
    }
    return maps.get(script);
  };
  /** The source file of a frame of ours (through the map), or the bundle's name where the map has none. */
  const place = (frame: CallFrame): { file: string; source?: string; line?: number; bundle: string } => {
    const script = toPath(frame.url);
    const bundle = `${path.relative(path.dirname(dist), script)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    const original = lookup(script)?.find(frame.lineNumber, frame.columnNumber);
    if (!original)
      return {
        file: `${path.relative(path.dirname(dist), script)} (no source position: the bundle's top level or esbuild's module wrappers)`,
        bundle,
      };
    const source = path.resolve(path.dirname(script), original.source);
    const file = source.startsWith(repo + path.sep)
      ? path.relative(repo, source)
      : original.source.replace(/^(\.\.\/)+/, '');
    return { file, source, line: original.line, bundle };
  };
  const describe = (frame: CallFrame): string => {
    if (!isOurs(frame.url)) {
      const where = frame.url ? ` ${path.basename(toPath(frame.url))}:${frame.lineNumber + 1}` : '';
      return `${frame.functionName || '(anonymous)'}${where}`;
    }
    const { file: shown, source, line, bundle } = place(frame);
    if (!source || !line)
      return `${frame.functionName || '(anonymous)'} ${bundle} (no source position: the bundle's top level or esbuild's module wrappers)`;
    let text = '';
    try {
      text = fs.readFileSync(source, 'utf8').split('\n')[line - 1]?.trim().slice(0, 70) ?? '';
    } catch {
      // not in this checkout (a dependency's path elsewhere): the place is enough
    }
    return `${shown}:${line}${text ? `  ${text}` : ''}  [${bundle}]`;
  };
  const { ours, self } = attributeBlock(profile, block, isOurs);
  const ms = block.durationUs / 1000;
  const line = (a: Attribution): string => `${(a.us / 1000).toFixed(1).padStart(6)} ms  ${describe(a.frame)}`;
  // A sample far later than the interval: the thread was not running (a busy machine) or the sampler was late.
  const times = sampleTimes(profile);
  let gapUs = 0;
  let gaps = 0;
  for (let i = block.first; i <= block.last; i++) {
    const us = times[i + 1]! - times[i]!;
    if (us <= GAP_US) continue;
    gapUs += us;
    gaps++;
  }
  const detail = [
    `the block: ${ms.toFixed(1)} ms from ${(block.startUs / 1000).toFixed(0)} ms into the profile (${block.last - block.first + 1} samples; ` +
      `${(gapUs / 1000).toFixed(0)} ms of it in ${gaps} gaps over ${GAP_US / 1000} ms between samples: the thread not running, a busy machine)`,
    'its time by the innermost function of ours on the stack:',
    ...ours.slice(0, TOP).map(line),
    'its time by the function at the top of the stack:',
    ...self.slice(0, TOP).map(line),
    'its time by the source file of the innermost function of ours:',
    ...[...byFile(ours, (frame) => place(frame).file)]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([file, us]) => `${(us / 1000).toFixed(1).padStart(6)} ms  ${file}`),
  ];
  return { ms, detail, profileJson };
}

function byFile(attributions: Attribution[], fileOf: (frame: CallFrame) => string): Map<string, number> {
  const files = new Map<string, number>();
  for (const a of attributions) files.set(fileOf(a.frame), (files.get(fileOf(a.frame)) ?? 0) + a.us);
  return files;
}
