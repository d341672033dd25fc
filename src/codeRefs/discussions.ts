/**
 * Which conversations discuss which lines of a file: the line references (`src/app.ts:10-20`) and
 * permalinks in messages' rendered HTML that point at the file, grouped by topic and range. No
 * `vscode`: the comment threads (src/commands/code/discussions.ts) are built from this.
 */
import { messageLinks, messageText } from '../messageText';
import { parsePermalink, splitRevision, type LineRange } from './permalinks';
import { findLineReferences } from './references';

/** How a file is known: its workspace-relative path, and its repository's remote and path there. */
export interface FileIdentity {
  readonly relativePath: string;
  readonly repository?: { readonly remote: string; readonly path: string; readonly isRef: (name: string) => boolean };
}

/** What a message needs to say for this: where it is and its rendered HTML. */
export interface DiscussedMessage {
  readonly id: number;
  readonly type: string;
  readonly stream_id?: number;
  readonly subject: string;
  readonly content: string;
  /** When it was sent (seconds): the commit a reference without one means is HEAD's then. */
  readonly timestamp?: number;
}

export interface Discussion {
  /** `streamId`, topic (lower-case) and range: one comment thread each. */
  readonly key: string;
  readonly streamId: number;
  readonly topic: string;
  readonly lines: LineRange;
  /** The messages that reference these lines, oldest first. */
  readonly messageIds: readonly number[];
  /** The revision (commit, branch or tag) of the first permalink to them, if one names it. */
  readonly revision?: string;
  /** When the first message referencing them was sent (seconds). */
  readonly sharedAt?: number;
}

/** A referenced range, with the revision a permalink names. */
export interface RangeReference {
  readonly lines: LineRange;
  readonly revision?: string;
}

/** The text of rendered HTML (one line per block, code intact), and the targets of its links. */
export function textAndLinks(html: string): { text: string; links: string[] } {
  return { text: messageText(html), links: messageLinks(html) };
}

function samePath(written: string, relativePath: string): boolean {
  const w = written.replace(/^\.\//, '');
  return w === relativePath || relativePath.endsWith(`/${w}`);
}

/** The ranges of `file` that a message's HTML references (each once, in order). */
export function rangesIn(html: string, file: FileIdentity): LineRange[] {
  return referencesIn(html, file).map((r) => r.lines);
}

/** The ranges of `file` that a message's HTML references (each once, in order), with a permalink's revision. */
export function referencesIn(html: string, file: FileIdentity): RangeReference[] {
  const { text, links } = textAndLinks(html);
  const found: RangeReference[] = [];
  const add = (r: LineRange, revision?: string) => {
    const same = found.find((f) => f.lines.start === r.start && f.lines.end === r.end);
    if (!same) found.push(revision === undefined ? { lines: r } : { lines: r, revision });
    else if (revision !== undefined && same.revision === undefined) found[found.indexOf(same)] = { lines: r, revision };
  };
  for (const ref of findLineReferences(text)) if (samePath(ref.path, file.relativePath)) add(ref.lines);
  const repo = file.repository;
  if (repo) {
    for (const url of links) {
      const link = parsePermalink(url);
      if (!link?.lines || link.remote !== repo.remote) continue;
      const split = splitRevision(link, repo.isRef);
      if (split?.path === repo.path) add(link.lines, split.revision);
    }
  }
  return found;
}

/** The discussions of `file` in channel messages, ordered by their first line. */
export function discussionsOf(messages: readonly DiscussedMessage[], file: FileIdentity): Discussion[] {
  type Entry = {
    streamId: number;
    topic: string;
    lines: LineRange;
    ids: number[];
    revision?: string;
    sharedAt?: number;
  };
  const byKey = new Map<string, Entry>();
  for (const m of [...messages].sort((a, b) => a.id - b.id)) {
    if (m.type !== 'stream' || m.stream_id === undefined) continue;
    for (const { lines, revision } of referencesIn(m.content, file)) {
      const key = JSON.stringify([m.stream_id, m.subject.toLowerCase(), lines.start, lines.end]);
      const entry: Entry = byKey.get(key) ?? {
        streamId: m.stream_id,
        topic: m.subject,
        lines,
        ids: [],
        sharedAt: m.timestamp,
      };
      entry.ids.push(m.id);
      entry.revision ??= revision;
      byKey.set(key, entry);
    }
  }
  const optional = (e: Entry) => ({
    ...(e.revision !== undefined ? { revision: e.revision } : {}),
    ...(e.sharedAt !== undefined ? { sharedAt: e.sharedAt } : {}),
  });
  return [...byKey.entries()]
    .map(([key, e]) => ({
      key,
      streamId: e.streamId,
      topic: e.topic,
      lines: e.lines,
      messageIds: e.ids,
      ...optional(e),
    }))
    .sort((a, b) => a.lines.start - b.lines.start || a.lines.end - b.lines.end || a.key.localeCompare(b.key));
}

/**
 * Where a range is after an edit that replaced lines `from`..`to` (1-based, inclusive; `to` =
 * `from - 1` for a pure insertion) with `inserted` lines: moved when the edit is above it, grown
 * or shrunk when inside it, unchanged below; undefined when the edit removed all of it.
 */
export function shiftRange(range: LineRange, from: number, to: number, inserted: number): LineRange | undefined {
  const removed = to - from + 1;
  const delta = inserted - removed;
  if (to < range.start) return { start: range.start + delta, end: range.end + delta };
  if (from > range.end) return range;
  if (from <= range.start && to >= range.end && inserted === 0) return undefined;
  const start = Math.min(range.start, from);
  const end = Math.max(start, range.end + delta);
  return { start, end };
}

/**
 * The messages a thread shows, oldest first: from the first message that cites its lines on, so
 * the thread (and the Comments panel, which titles a thread by its first comment) opens with the
 * message that cites them, not with whatever started the topic. When more than `limit` follow,
 * the citing message stays first and the newest `limit - 1` follow it. With no citing message
 * among `messages` (not loaded, or deleted), the newest `limit`.
 */
export function threadMessages<M extends { readonly id: number }>(
  messages: readonly M[],
  citingIds: readonly number[],
  limit: number,
): M[] {
  const cited = new Set(citingIds);
  const first = messages.findIndex((m) => cited.has(m.id));
  if (first < 0) return messages.slice(-limit);
  const from = messages.slice(first);
  return from.length <= limit ? from : [from[0]!, ...from.slice(from.length - (limit - 1))];
}
