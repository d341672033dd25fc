/**
 * "Discuss…" from the gutter (issue 28): every line of a file in a git repository can take a new
 * comment (the comment controller's commenting ranges), so the gutter's `+` opens an empty thread
 * on the lines. Its reply box's "Discuss…" (the `comments/commentThread/context` menu, which VS Code
 * calls with a `CommentReply` {thread, text}) picks a channel and a topic — a new one or one that
 * exists — and posts the text with the lines (code block and permalink); the empty thread gives way
 * to that topic's thread on the lines, expanded. Several topics on one line each get their own.
 */
import * as vscode from 'vscode';
import type { LineRange } from '../../codeRefs/permalinks';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import type { TopicTarget } from '../topic/pickers';
import type { Discussions } from './discussions';
import { discussLines } from './discussSelection';
import { gitApi, repositoryOf } from './git';
import { selectionLines } from './share';
import type { TopicThread } from './thread';

/** How long the new topic's thread may take to appear (its search sees the message). */
const APPEAR_MS = 30_000;

/** Every line of a workspace file in a git repository. */
export class GutterRanges implements vscode.CommentingRangeProvider {
  async provideCommentingRanges(document: vscode.TextDocument): Promise<vscode.Range[]> {
    if (document.uri.scheme !== 'file' || !vscode.workspace.getWorkspaceFolder(document.uri)) return [];
    const api = await gitApi();
    if (!api || !(await repositoryOf(api, document.uri))) return [];
    return [new vscode.Range(0, 0, Math.max(0, document.lineCount - 1), 0)];
  }
}

function isReply(arg: unknown): arg is vscode.CommentReply {
  return !!arg && typeof arg === 'object' && 'thread' in arg && 'text' in arg && typeof arg.text === 'string';
}

/** The topic's thread on `lines` once it shows (undefined after {@link APPEAR_MS}). */
export async function topicThreadOn(
  discussions: Discussions,
  uri: vscode.Uri,
  target: TopicTarget,
  lines: LineRange,
): Promise<TopicThread | undefined> {
  const find = async () =>
    (await discussions.threadsOf(uri)).find(
      (t) =>
        t.streamId === target.streamId &&
        t.topic.toLowerCase() === target.topic.toLowerCase() &&
        t.lines.start === lines.start &&
        t.lines.end === lines.end,
    );
  const now = await find();
  if (now) return now;
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(undefined), APPEAR_MS);
    const sub = discussions.onDidChange(() => void find().then((t) => t && finish(t)));
    function finish(t: TopicThread | undefined): void {
      clearTimeout(timer);
      sub.dispose();
      resolve(t);
    }
  });
}

/** Posts the reply's text with its thread's lines to a topic; that topic's thread replaces the empty one. */
export async function discussFromGutter(
  services: Services,
  discussions: Discussions,
  reply: unknown,
  target?: TopicTarget,
): Promise<{ id?: number; target: TopicTarget; thread?: TopicThread } | undefined> {
  const current = services.sessions.current;
  if (!current) return undefined;
  if (!isReply(reply)) throw new UserFacingError(vscode.l10n.t('Use “Discuss…” in a new comment on a line.'));
  const { thread } = reply;
  const document = await vscode.workspace.openTextDocument(thread.uri);
  const at = thread.range ?? new vscode.Range(0, 0, 0, 0);
  const last = Math.min(at.end.line, document.lineCount - 1);
  const selection = new vscode.Range(at.start.line, 0, last, document.lineAt(last).range.end.character);
  const note = reply.text.trim();
  const started = await discussLines(current, services.outbox, document, selection, target, note || undefined);
  if (!started) return undefined;
  thread.dispose();
  if (started.id === undefined) return started;
  const lines = selectionLines(selection);
  const topicThread = await topicThreadOn(discussions, thread.uri, started.target, lines);
  if (topicThread) topicThread.thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
  return { ...started, thread: topicThread };
}

/** The gutter's commenting ranges and "Discuss…". */
export function registerGutterDiscussions(services: Services, discussions: Discussions): void {
  discussions.controller.commentingRangeProvider = new GutterRanges();
  registerCommands(services, [
    {
      id: Commands.discussionStart,
      session: true,
      failure: vscode.l10n.t('Could not start the discussion'),
      scripted: 'report',
      run: (_ctx, reply?: unknown, target?: unknown) =>
        discussFromGutter(services, discussions, reply, target as TopicTarget | undefined),
    },
  ]);
}
