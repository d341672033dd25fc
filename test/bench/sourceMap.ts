// Reads a source map (version 3, as esbuild writes it) just far enough to turn a position in a
// minified bundle into the source file and line it came from: the extension bench names the
// functions of a CPU profile by their place in src/, not by their minified names.

export interface SourceMapV3 {
  version: number;
  sources: string[];
  names?: string[];
  mappings: string;
  sourceRoot?: string;
}

export interface Original {
  source: string;
  /** 1-based */
  line: number;
  column: number;
  name?: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one segment's base64 VLQ numbers. */
export function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = DIGIT.get(c);
    if (digit === undefined) throw new Error(`not base64 VLQ: ${JSON.stringify(segment)}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return out;
}

/** Generated column → original position, per generated line, columns ascending. */
type Segment = [generatedColumn: number, source: number, line: number, column: number, name: number | undefined];

export class SourceMapLookup {
  private readonly lines: Segment[][] = [];

  constructor(private readonly map: SourceMapV3) {
    let source = 0;
    let line = 0;
    let column = 0;
    let name = 0;
    for (const text of map.mappings.split(';')) {
      const segments: Segment[] = [];
      let generated = 0;
      for (const part of text ? text.split(',') : []) {
        const v = decodeVlq(part);
        generated += v[0]!;
        if (v.length < 4) continue; // a position mapped to no source
        source += v[1]!;
        line += v[2]!;
        column += v[3]!;
        if (v.length >= 5) name += v[4]!;
        segments.push([generated, source, line, column, v.length >= 5 ? name : undefined]);
      }
      this.lines.push(segments);
    }
  }

  /** The original position of 0-based generated `line`, `column` (the nearest mapping at or before it on that line). */
  find(line: number, column: number): Original | undefined {
    const segments = this.lines[line];
    if (!segments?.length) return undefined;
    let lo = 0;
    let hi = segments.length - 1;
    if (segments[0]![0] > column) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid]![0] <= column) lo = mid;
      else hi = mid - 1;
    }
    const [, source, l, c, name] = segments[lo]!;
    return {
      source: (this.map.sourceRoot ?? '') + this.map.sources[source]!,
      line: l + 1,
      column: c + 1,
      name: name === undefined ? undefined : this.map.names?.[name],
    };
  }
}
