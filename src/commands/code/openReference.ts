/**
 * `teamChat.openCodeReference`: opens what a message points at — `{path, lines}` (a line
 * reference like `src/app.ts:10-20`) or `{url}` (a git-host permalink) — in the workspace at those
 * lines. A permalink's repository is found by its remote; when the file changed since the linked
 * commit, the user is told and may open that commit's version through the git extension.
 */
import * as vscode from 'vscode';
import { isCommitId, parsePermalink, splitRevision, type LineRange } from '../../codeRefs/permalinks';
import { formatLineReference } from '../../codeRefs/references';
import { UserFacingError } from '../../ui/errorMessage';
import { gitApi, refNames, repositoryByRemote } from './git';
import { pickOne } from '../../ui/quickInput';

export type CodeReferenceArgs = { readonly path: string; readonly lines: LineRange } | { readonly url: string };

function isLines(v: unknown): v is LineRange {
  if (typeof v !== 'object' || v === null) return false;
  const { start, end } = v as Record<string, unknown>;
  return (
    Number.isSafeInteger(start) &&
    Number.isSafeInteger(end) &&
    (start as number) >= 1 &&
    (end as number) >= (start as number)
  );
}

export function isCodeReferenceArgs(value: unknown): value is CodeReferenceArgs {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.url === 'string') return true;
  return typeof v.path === 'string' && v.path !== '' && isLines(v.lines);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
}

/** The workspace files a relative path names: under a workspace folder, else any file ending with it. */
export async function filesFor(path: string): Promise<vscode.Uri[]> {
  const clean = path.replace(/^\.\//, '');
  const direct: vscode.Uri[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, clean);
    if (await exists(uri)) direct.push(uri);
  }
  if (direct.length > 0 || clean.startsWith('../')) return direct;
  const found = await vscode.workspace.findFiles(`**/${clean}`, '**/node_modules/**', 20);
  return found.filter((u) => u.path === `/${clean}` || u.path.endsWith(`/${clean}`));
}

/** Opens `uri` with `lines` selected and revealed in the middle of the editor. */
export async function openAt(uri: vscode.Uri, lines: LineRange | undefined): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(uri, { preview: true });
  if (lines) {
    const last = Math.min(lines.end, editor.document.lineCount) - 1;
    const first = Math.min(lines.start - 1, last);
    const range = new vscode.Range(first, 0, last, editor.document.lineAt(last).range.end.character);
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
  return editor;
}

async function openPath(path: string, lines: LineRange): Promise<vscode.TextEditor | undefined> {
  const files = await filesFor(path);
  if (files.length === 0)
    throw new UserFacingError(
      vscode.l10n.t('{0}: there is no file {1} in this workspace.', formatLineReference(path, lines), path),
    );
  let uri = files[0]!;
  if (files.length > 1) {
    const picked = await pickOne(
      files.map((u) => ({ label: vscode.workspace.asRelativePath(u, true), uri: u })),
      {
        title: vscode.l10n.t('Open {0}', formatLineReference(path, lines)),
        placeHolder: vscode.l10n.t('Several files have this path: choose one'),
      },
    );
    if (!picked) return undefined;
    uri = picked.uri;
  }
  return openAt(uri, lines);
}

/** What happened, for tests: the editor opened, and whether the file changed since the link's commit. */
export interface OpenedReference {
  readonly editor: vscode.TextEditor;
  readonly changedSince?: string;
}

async function openPermalink(url: string): Promise<OpenedReference | undefined> {
  const link = parsePermalink(url);
  if (!link) throw new UserFacingError(vscode.l10n.t('This link is not a permalink to a file on a git host.'));
  const api = await gitApi();
  if (!api)
    throw new UserFacingError(
      vscode.l10n.t('Opening permalinks needs the built-in Git extension, which is disabled or missing.'),
    );
  const repo = await repositoryByRemote(api, link.remote);
  if (!repo)
    throw new UserFacingError(vscode.l10n.t('No repository of this workspace has the remote {0}.', link.remote));
  const refs = await refNames(repo);
  const split = splitRevision(link, (name) => refs.has(name));
  if (!split)
    throw new UserFacingError(
      vscode.l10n.t(
        "The link's branch is not known in the workspace's repository ({0}). Fetch it, then try again.",
        link.remote,
      ),
    );
  const uri = vscode.Uri.joinPath(repo.rootUri, split.path);
  const commit = link.revisionKind === 'commit' || isCommitId(split.revision);
  if (!(await exists(uri))) {
    if (!commit) throw new UserFacingError(vscode.l10n.t('{0} is not in this workspace.', split.path));
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} is not in the workspace any more.', split.path),
      vscode.l10n.t('Open at {0}', split.revision.slice(0, 7)),
    );
    if (!choice) return undefined;
    return { editor: await openAt(api.toGitUri(uri, split.revision), link.lines), changedSince: split.revision };
  }
  const editor = await openAt(uri, link.lines);
  if (!commit) return { editor };
  let diff: string;
  try {
    diff = await repo.diffWith(split.revision, uri.fsPath);
  } catch {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        "Commit {0} is not in the workspace's repository: the lines shown may differ from the link's.",
        split.revision.slice(0, 7),
      ),
    );
    return { editor, changedSince: split.revision };
  }
  if (diff.trim() === '') return { editor };
  const short = split.revision.slice(0, 7);
  void vscode.window
    .showInformationMessage(
      vscode.l10n.t('{0} changed since {1}: the lines may have moved.', split.path, short),
      vscode.l10n.t('Open at {0}', short),
    )
    .then(async (choice) => {
      if (choice) await openAt(api.toGitUri(uri, split.revision), link.lines);
    });
  return { editor, changedSince: split.revision };
}

export async function openCodeReference(args: CodeReferenceArgs): Promise<OpenedReference | undefined> {
  if ('url' in args) return openPermalink(args.url);
  const editor = await openPath(args.path, args.lines);
  return editor ? { editor } : undefined;
}
