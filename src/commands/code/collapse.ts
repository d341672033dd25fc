/**
 * Resolved topics collapse (issue 28), as the user's `comments.collapseOnResolve` says (VS Code's
 * own setting, true by default). Resolving a topic renames it (`✔ topic`), so its threads are new
 * threads: each takes the collapsible state of the thread it replaces — collapsed when it became
 * resolved and the setting is on, else as the user left it.
 */
import * as vscode from 'vscode';
import type { LineRange } from '../../codeRefs/permalinks';
import { RESOLVED_PREFIX } from '../../store/keys';

const SECTION = 'comments';
const SETTING = 'collapseOnResolve';

/** Whether resolved threads collapse (`comments.collapseOnResolve`, true unless the user turned it off). */
export function collapseOnResolve(): boolean {
  return vscode.workspace.getConfiguration(SECTION).get<boolean>(SETTING, true);
}

/** Whether a configuration change touched `comments.collapseOnResolve`. */
export function affectsCollapseOnResolve(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration(`${SECTION}.${SETTING}`);
}

/** The same thread whether its topic is resolved or not: channel, topic without `✔ `, file name and lines. */
export function resolveBase(streamId: number, topic: string, path: string | undefined, lines: LineRange): string {
  const bare = topic.startsWith(RESOLVED_PREFIX) ? topic.slice(RESOLVED_PREFIX.length) : topic;
  return JSON.stringify([streamId, bare.toLowerCase(), path ?? '', lines.start, lines.end]);
}

/** The collapsible state of a thread that replaces one in `previous` state (its topic resolved or unresolved). */
export function carriedState(
  previous: vscode.CommentThreadCollapsibleState,
  resolved: boolean,
): vscode.CommentThreadCollapsibleState {
  return resolved && collapseOnResolve() ? vscode.CommentThreadCollapsibleState.Collapsed : previous;
}
