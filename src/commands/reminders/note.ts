/**
 * The note of a reminder made from an editor selection: an optional remark, the selection's
 * `path:line-range`, and the selected text as a fenced code block. Pure: unit-tested in
 * test/unit/time/when.test.ts.
 */
import { fencedBlock } from '../../codeRefs/codeBlock';
import { formatLineReference } from '../../codeRefs/references';

export interface NoteParts {
  /** The user's own words above the code (may be empty). */
  remark: string;
  /** Workspace-relative path, `/`-separated. */
  path: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /** Markdown info string (the editor's language id); may be empty. */
  language: string;
  text: string;
}

export const ELLIPSIS = '…';

export function buildNote(parts: NoteParts): string {
  const head = parts.remark.trim() === '' ? '' : `${parts.remark.trim()}\n`;
  const body = parts.text.replace(/\s+$/, '');
  const reference = formatLineReference(parts.path, { start: parts.startLine, end: parts.endLine });
  return `${head}${reference}\n${fencedBlock(body, parts.language)}`;
}

export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The note with the selected text cut (by code points, ending in "…") so the whole note has at
 * most `max` code points. Undefined when even an empty selection does not fit.
 */
export function buildTruncatedNote(parts: NoteParts, max: number): string | undefined {
  const full = buildNote(parts);
  if (codePoints(full) <= max) return full;
  const chars = [...parts.text.replace(/\s+$/, '')];
  // The frame (everything but the text) plus the ellipsis must fit.
  const frame = codePoints(buildNote({ ...parts, text: ELLIPSIS }));
  let keep = max - frame;
  if (keep < 0) return undefined;
  // A shorter text can only shorten the fence; shrink until it fits.
  for (; keep >= 0; keep--) {
    const note = buildNote({ ...parts, text: chars.slice(0, keep).join('').replace(/\s+$/, '') + ELLIPSIS });
    if (codePoints(note) <= max) return note;
  }
  return undefined;
}
