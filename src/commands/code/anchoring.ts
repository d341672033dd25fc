/**
 * Threads that move with the code. Each thread's reference gets an anchor (src/codeRefs/anchors):
 * the lines' text at the permalink's commit, or at HEAD's commit when the first message citing them
 * was sent. Threads follow the document's edits; after edits settle, when the file is opened and
 * when HEAD moves (the git extension's repository state, or `.git/HEAD` where that has no event),
 * each thread whose lines no longer hold its text is looked for again — the same text, then nearly
 * the same — and is marked outdated when they are gone.
 */
import * as vscode from 'vscode';
import { anchorOf, holdsAt, locate, splitLines, type Anchor } from '../../codeRefs/anchors';
import type { Discussion } from '../../codeRefs/discussions';
import type { LineRange } from '../../codeRefs/permalinks';
import type { GitRepository } from './git';
import type { RepoGit } from './revisions';

/** The anchor of a discussion's lines in the file at `path` (repository-relative). */
export async function anchorFor(git: RepoGit, d: Discussion, path: string): Promise<Anchor | undefined> {
  const commit =
    (d.revision !== undefined ? await git.commitOf(d.revision) : undefined) ??
    (d.sharedAt !== undefined ? await git.commitAt(d.sharedAt) : undefined) ??
    (await git.commitOf('HEAD'));
  if (!commit) return undefined;
  const lines = await git.fileAt(commit, path);
  return lines ? anchorOf(lines, d.lines, { commit, path }) : undefined;
}

export interface Placement {
  readonly lines: LineRange;
  readonly outdated: boolean;
}

/**
 * Where a thread belongs in the document: where it is when its text is there, else where the text
 * is found; while the user edits (a dirty document) the lines it followed stay, else it is outdated.
 */
export function placement(
  anchor: Anchor,
  document: vscode.TextDocument,
  current: LineRange,
  wasOutdated: boolean,
): Placement {
  const lines = splitLines(document.getText());
  if (holdsAt(anchor, lines, current)) return { lines: current, outdated: false };
  const found = locate(anchor, lines, current.start);
  if (found) return { lines: found.lines, outdated: false };
  if (document.isDirty && !wasOutdated) return { lines: current, outdated: false };
  const last = Math.max(1, document.lineCount);
  const start = Math.min(current.start, last);
  return { lines: { start, end: Math.min(Math.max(start, current.end), last) }, outdated: true };
}

/** Calls `listener` when the repository's HEAD moves to another commit or branch. */
export function onHeadMoved(repo: GitRepository, listener: () => void): vscode.Disposable {
  const headOf = () => `${repo.state.HEAD?.name ?? ''}@${repo.state.HEAD?.commit ?? ''}`;
  let head = headOf();
  const check = () => {
    const now = headOf();
    if (now === head) return;
    head = now;
    listener();
  };
  if (repo.state.onDidChange) return repo.state.onDidChange(check);
  // No state event: `.git/HEAD` and the branch it names change on a checkout or a commit.
  const watcher = vscode.workspace.createFileSystemWatcher(
    new vscode.RelativePattern(vscode.Uri.joinPath(repo.rootUri, '.git'), '{HEAD,refs/heads/**}'),
  );
  const changed = () => void repo.status().then(check, () => undefined);
  return vscode.Disposable.from(watcher, watcher.onDidChange(changed), watcher.onDidCreate(changed));
}
