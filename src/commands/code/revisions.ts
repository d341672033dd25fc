/**
 * The file at another commit, for anchors and the Compare of an outdated thread: runs the git the
 * built-in git extension found (`api.git.path`) in a repository — a file at a commit (`git show`),
 * which commit HEAD was at a time (a reference without a commit means HEAD's when it was sent),
 * the names a file had (renames git reports, committed or staged) — and serves a file at a commit
 * as a read-only document (`team-chat-revision:`) for `vscode.diff`.
 */
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import { splitLines } from '../../codeRefs/anchors';

/** The URI scheme of a file at a commit. */
export const REVISION_SCHEME = 'team-chat-revision';

const GIT_TIMEOUT_MS = 15_000;
const MAX_OUTPUT = 32 * 1024 * 1024;

/** A repository's git: its root folder and the git binary. */
export class RepoGit {
  readonly #lines = new Map<string, Promise<string[] | undefined>>();

  constructor(
    readonly gitPath: string,
    readonly root: string,
  ) {}

  /** git's standard output; rejects when git fails. */
  run(args: readonly string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        this.gitPath,
        [...args],
        { cwd: this.root, timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_OUTPUT, encoding: 'utf8' },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`git ${args[0]} failed: ${stderr.trim() || error.message}`));
          else resolve(stdout);
        },
      );
    });
  }

  /** The full id of a revision (commit, branch or tag), or undefined when this repository has no such commit. */
  async commitOf(revision: string): Promise<string | undefined> {
    if (!/^[\w./-]+$/.test(revision) || revision.startsWith('-')) return undefined;
    return this.run(['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]).then(
      (s) => s.trim() || undefined,
      () => undefined,
    );
  }

  /** The commit HEAD's history had at a time (seconds): the newest committed at or before it. */
  async commitAt(seconds: number): Promise<string | undefined> {
    return this.run(['rev-list', '-1', `--before=${Math.floor(seconds)}`, 'HEAD']).then(
      (s) => s.trim() || undefined,
      () => undefined,
    );
  }

  /** The file's lines at a commit (repository-relative path); undefined when it had no such file. */
  fileAt(commit: string, path: string): Promise<string[] | undefined> {
    const key = `${commit}:${path}`;
    let found = this.#lines.get(key);
    if (!found) {
      found = this.show(commit, path).then(
        (t) => splitLines(t.replace(/\n$/, '')),
        () => undefined,
      );
      this.#lines.set(key, found);
    }
    return found;
  }

  show(commit: string, path: string): Promise<string> {
    return this.run(['show', `${commit}:${path}`]);
  }

  /**
   * The paths (repository-relative) a file had before, newest first, not itself: a rename staged
   * or in the working tree (`git diff -M HEAD`), and renames in HEAD's history (`git log --follow`,
   * its last 300 commits of the file).
   */
  async formerPaths(path: string): Promise<string[]> {
    const found: string[] = [];
    const add = (p: string) => {
      if (p !== '' && p !== path && !found.includes(p)) found.push(p);
    };
    let current = path;
    const status = await this.run(['diff', '-M', '--name-status', '-z', 'HEAD']).catch(() => '');
    const fields = status.split('\0');
    for (let i = 0; i < fields.length; i++) {
      if (!/^R\d*$/.test(fields[i]!)) continue;
      if (fields[i + 2] === path) {
        add(fields[i + 1]!);
        current = fields[i + 1]!;
      }
      i += 2;
    }
    const log = await this.run([
      'log',
      '--follow',
      '--max-count=300',
      '--name-only',
      '--format=',
      '-M',
      'HEAD',
      '--',
      current,
    ]).catch(() => '');
    for (const line of log.split('\n')) add(line.trim());
    return found;
  }
}

/** The URI of `path` at `commit` in the repository at `root`. */
export function revisionUri(root: string, commit: string, path: string): vscode.Uri {
  return vscode.Uri.from({ scheme: REVISION_SCHEME, path: `/${path}`, query: JSON.stringify({ root, commit }) });
}

/** Serves {@link revisionUri}s with `git show`. */
export function registerRevisionDocuments(gitPath: () => Promise<string | undefined>): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(REVISION_SCHEME, {
    async provideTextDocumentContent(uri) {
      const { root, commit } = JSON.parse(uri.query) as { root: string; commit: string };
      const git = await gitPath();
      if (!git) throw new Error(vscode.l10n.t('Git is not available.'));
      return new RepoGit(git, root).show(commit, uri.path.slice(1));
    },
  });
}
