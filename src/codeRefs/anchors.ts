/**
 * Anchors that move with the code: what a reference pointed at (its commit, path and the lines'
 * text, with a hash and a little context), and where those lines are in another version of the
 * file — at the same text (the nearest copy, the one whose context matches best), else at lines
 * that are nearly the same (a small edit), else nowhere: the reference is outdated. No `vscode`:
 * the comment threads (src/commands/code/anchoring.ts) use this on the document's text.
 */
import type { LineRange } from './permalinks';

/** Lines of context kept on each side of the referenced lines. */
export const CONTEXT_LINES = 3;
/** How alike (0..1, per line on average) lines must be to count as the referenced lines edited. */
export const FUZZY_THRESHOLD = 0.7;
/** Referenced text shorter than this (non-blank characters) is found only exactly: `}` is everywhere. */
const FUZZY_MIN_CHARS = 12;

export interface Anchor {
  /** The commit whose file the lines were read from (a permalink's, or HEAD's when shared). */
  readonly commit?: string;
  /** The file's path in its repository at that commit. */
  readonly path: string;
  /** The lines as the reference names them (1-based, inclusive). */
  readonly lines: LineRange;
  /** Their text, and a hash of it (trailing white space ignored). */
  readonly text: readonly string[];
  readonly hash: string;
  /** Up to {@link CONTEXT_LINES} lines before and after them. */
  readonly before: readonly string[];
  readonly after: readonly string[];
}

export interface Located {
  readonly lines: LineRange;
  /** `exact`: the same text; `fuzzy`: nearly the same (edited lines). */
  readonly how: 'exact' | 'fuzzy';
}

/** A file's text as lines (`\n` or `\r\n`). */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

function normal(line: string): string {
  return line.replace(/\s+$/, '');
}

/** FNV-1a (32 bits) of the lines, as 8 hex digits: enough to tell whether the text is the same. */
export function hashLines(lines: readonly string[]): string {
  let h = 0x811c9dc5;
  const text = lines.map(normal).join('\n');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** The anchor of `lines` in a file's lines; undefined when the file has no such lines. */
export function anchorOf(
  fileLines: readonly string[],
  lines: LineRange,
  where: { readonly commit?: string; readonly path: string },
): Anchor | undefined {
  if (lines.start < 1 || lines.end > fileLines.length || lines.end < lines.start) return undefined;
  const text = fileLines.slice(lines.start - 1, lines.end);
  return {
    ...(where.commit !== undefined ? { commit: where.commit } : {}),
    path: where.path,
    lines,
    text,
    hash: hashLines(text),
    before: fileLines.slice(Math.max(0, lines.start - 1 - CONTEXT_LINES), lines.start - 1),
    after: fileLines.slice(lines.end, lines.end + CONTEXT_LINES),
  };
}

/** Whether `fileLines` has the anchor's text at `lines`. */
export function holdsAt(anchor: Anchor, fileLines: readonly string[], lines: LineRange): boolean {
  if (lines.end - lines.start + 1 !== anchor.text.length || lines.start < 1 || lines.end > fileLines.length)
    return false;
  return anchor.text.every((t, i) => normal(t) === normal(fileLines[lines.start - 1 + i]!));
}

/** How many context lines match around a candidate at 0-based `at` (n lines long). */
function contextScore(anchor: Anchor, fileLines: readonly string[], at: number, n: number): number {
  let score = 0;
  anchor.before.forEach((line, i) => {
    const j = at - anchor.before.length + i;
    if (j >= 0 && normal(fileLines[j]!) === normal(line)) score++;
  });
  anchor.after.forEach((line, i) => {
    const j = at + n + i;
    if (j < fileLines.length && normal(fileLines[j]!) === normal(line)) score++;
  });
  return score;
}

function bigrams(line: string): Map<string, number> {
  const s = line.trim().replace(/\s+/g, ' ');
  const grams = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

function size(grams: Map<string, number>): number {
  let n = 0;
  for (const c of grams.values()) n += c;
  return n;
}

/** Dice's coefficient of two lines' character pairs (white space collapsed): 1 for the same text. */
export function lineSimilarity(a: string, b: string): number {
  return similarity(bigrams(a), bigrams(b), a.trim() === b.trim());
}

function similarity(a: Map<string, number>, b: Map<string, number>, same: boolean): number {
  if (same) return 1;
  const total = size(a) + size(b);
  if (total === 0) return 1;
  let common = 0;
  for (const [g, c] of a) common += Math.min(c, b.get(g) ?? 0);
  return (2 * common) / total;
}

/**
 * Where the anchor's lines are in `fileLines`, looking first near `hint` (the line where they are
 * expected, 1-based): the same text (several copies: the best context, then the nearest), else
 * lines nearly the same (at least {@link FUZZY_THRESHOLD} alike); undefined when they are gone.
 */
export function locate(anchor: Anchor, fileLines: readonly string[], hint = anchor.lines.start): Located | undefined {
  const n = anchor.text.length;
  if (n === 0 || fileLines.length < n) return undefined;
  const want = anchor.text.map(normal);
  let best: { at: number; context: number; distance: number } | undefined;
  for (let at = 0; at + n <= fileLines.length; at++) {
    if (normal(fileLines[at]!) !== want[0]) continue;
    let same = true;
    for (let i = 1; i < n && same; i++) same = normal(fileLines[at + i]!) === want[i];
    if (!same) continue;
    const context = contextScore(anchor, fileLines, at, n);
    const distance = Math.abs(at + 1 - hint);
    if (!best || context > best.context || (context === best.context && distance < best.distance))
      best = { at, context, distance };
  }
  if (best) return { lines: { start: best.at + 1, end: best.at + n }, how: 'exact' };
  return fuzzy(anchor, fileLines, hint);
}

function fuzzy(anchor: Anchor, fileLines: readonly string[], hint: number): Located | undefined {
  const n = anchor.text.length;
  if (anchor.text.join('').replace(/\s/g, '').length < FUZZY_MIN_CHARS) return undefined;
  const want = anchor.text.map(bigrams);
  const cache = new Map<number, Map<string, number>>();
  const gramsAt = (j: number) => {
    let g = cache.get(j);
    if (!g) cache.set(j, (g = bigrams(fileLines[j]!)));
    return g;
  };
  let best: { at: number; score: number; distance: number } | undefined;
  for (let at = 0; at + n <= fileLines.length; at++) {
    let sum = 0;
    for (let i = 0; i < n; i++)
      sum += similarity(want[i]!, gramsAt(at + i), anchor.text[i]!.trim() === fileLines[at + i]!.trim());
    // The context counts a little: of two similar places, the one among the same lines wins.
    const score = sum / n + contextScore(anchor, fileLines, at, n) * 0.01;
    const distance = Math.abs(at + 1 - hint);
    if (sum / n < FUZZY_THRESHOLD) continue;
    if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && distance < best.distance))
      best = { at, score, distance };
  }
  return best ? { lines: { start: best.at + 1, end: best.at + n }, how: 'fuzzy' } : undefined;
}
