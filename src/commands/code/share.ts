/**
 * What a shared selection says: its code block (in the file's language) under a reference that is
 * a permalink at HEAD's commit when that commit is pushed, else `path:line-range` and the reason
 * there is no permalink. Used by Share Selection and Copy Chat Permalink.
 */
import * as vscode from 'vscode';
import { buildPermalink, type LineRange } from '../../codeRefs/permalinks';
import { fencedBlock } from '../../codeRefs/codeBlock';
import { formatLineReference } from '../../codeRefs/references';
import { gitApi, headPushState, repositoryOf } from './git';

export interface SelectionShare {
  /** The Markdown to post. */
  readonly content: string;
  /** Workspace-relative path and lines, as written in the message. */
  readonly reference: string;
  readonly permalink?: string;
  /** Why there is no permalink (shown to the user). */
  readonly noPermalinkReason?: string;
}

/** Lines of a selection, 1-based; a selection ending at column 0 stops on the line before. */
export function selectionLines(selection: {
  start: { line: number };
  end: { line: number; character: number };
}): LineRange {
  const start = selection.start.line + 1;
  let end = selection.end.line + 1;
  if (selection.end.character === 0 && selection.end.line > selection.start.line) end--;
  return { start, end };
}

/** The message: the reference (a link to the permalink when there is one), then the code block. */
export function shareContent(
  reference: string,
  permalink: string | undefined,
  code: string,
  languageId: string,
): string {
  const head = permalink ? `[\`${reference}\`](${permalink})` : `\`${reference}\``;
  return `${head}\n${fencedBlock(code, languageId)}`;
}

/** The permalink of `lines` of `uri` at HEAD, or why there is none. */
export async function permalinkAtHead(
  uri: vscode.Uri,
  lines: LineRange,
): Promise<{ permalink?: string; reason?: string }> {
  if (uri.scheme !== 'file') return { reason: vscode.l10n.t('the file is not on disk') };
  const api = await gitApi();
  if (!api) return { reason: vscode.l10n.t('git is not available') };
  const repo = await repositoryOf(api, uri);
  if (!repo) return { reason: vscode.l10n.t('the file is not in a git repository') };
  // The git extension's state may lag a checkout made a moment ago (a terminal, another tool): read
  // HEAD and its upstream afresh, or the link could name the wrong commit or none.
  await repo.status().catch(() => undefined);
  const state = headPushState(repo);
  if (!state.pushed) return { reason: state.reason };
  const relative = uri.path.slice(repo.rootUri.path.replace(/\/$/, '').length + 1);
  const permalink = buildPermalink(state.remoteUrl, state.commit, relative, lines);
  return permalink
    ? { permalink }
    : { reason: vscode.l10n.t('the remote {0} is not on a git host with known permalinks', state.remoteUrl) };
}

export async function describeSelection(
  document: vscode.TextDocument,
  selection: vscode.Range,
  code: string,
): Promise<SelectionShare> {
  const lines = selectionLines(selection);
  const reference = formatLineReference(vscode.workspace.asRelativePath(document.uri, false), lines);
  const { permalink, reason } = await permalinkAtHead(document.uri, lines);
  return {
    content: shareContent(reference, permalink, code, document.languageId),
    reference,
    permalink,
    noPermalinkReason: reason,
  };
}
