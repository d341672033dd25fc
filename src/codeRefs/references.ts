/**
 * Line references written in chat: `src/app.ts:42`, `app.ts:10-20`, `app.ts#L10-L20` (also
 * `app.ts:42:7`, a column, which is ignored). Found in plain text so a page can turn them into
 * links; whether the file exists is the workspace's to say. No `vscode` or DOM: the pages and the
 * host share this file.
 */
import type { LineRange } from './permalinks';

export interface LineReference {
  /** Where the reference starts in the text, and its length. */
  readonly index: number;
  readonly length: number;
  /** As written: a relative path (`/` separators), without a leading `./`. */
  readonly path: string;
  readonly lines: LineRange;
}

// A path segment, then more, then a file name with an extension of letters and digits.
const PATH = String.raw`(?:\.{0,2}\/)?(?:[\w@+-][\w@+.-]*\/)*[\w@+-][\w@+.-]*\.[A-Za-z][A-Za-z0-9]{0,9}`;
const LINES = String.raw`(?::(\d{1,7})(?:-(\d{1,7}))?(?::\d{1,5})?|#L(\d{1,7})(?:-L?(\d{1,7}))?)`;
// Not inside a URL or a longer word: no scheme, host or word character right before it.
const REFERENCE = new RegExp(String.raw`(?<![\w/.:@#-])(${PATH})${LINES}(?![\w-]|\.\w)`, 'g');

/** Host names are not files: `example.com:443` is a host and port, not line 443 of a file. */
const HOST_SUFFIXES = new Set([
  'com',
  'org',
  'net',
  'io',
  'dev',
  'app',
  'edu',
  'gov',
  'co',
  'uk',
  'de',
  'fr',
  'local',
  'internal',
  'localhost',
]);

function range(a: string, b: string | undefined): LineRange | undefined {
  const start = Number(a);
  const end = b === undefined ? start : Number(b);
  if (start < 1 || end < 1) return undefined;
  return { start: Math.min(start, end), end: Math.max(start, end) };
}

/** Every line reference in `text`, in order. */
export function findLineReferences(text: string): LineReference[] {
  const found: LineReference[] = [];
  for (const m of text.matchAll(REFERENCE)) {
    const written = m[1]!;
    const extension = written.slice(written.lastIndexOf('.') + 1).toLowerCase();
    if (!written.includes('/') && HOST_SUFFIXES.has(extension)) continue;
    const lines = m[2] !== undefined ? range(m[2], m[3]) : range(m[4]!, m[5]);
    if (!lines) continue;
    found.push({ index: m.index, length: m[0].length, path: written.replace(/^\.\//, ''), lines });
  }
  return found;
}

/** How a reference is written back, for a message: `path:10` or `path:10-20`. */
export function formatLineReference(path: string, lines: LineRange): string {
  return lines.start === lines.end ? `${path}:${lines.start}` : `${path}:${lines.start}-${lines.end}`;
}
