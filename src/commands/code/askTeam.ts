/**
 * "Ask the Team about This Error…": a Quick Fix on each diagnostic that posts the problem (where,
 * the message with its source and code, the lines around it; src/codeRefs/askTeam.ts) to the
 * channel `teamChat.code.channels` maps the repository to (else one you pick), in a topic named
 * after the problem. The message references the lines, so the topic shows there as a thread.
 */
import * as vscode from 'vscode';
import { problemContent, problemTopic } from '../../codeRefs/askTeam';
import { formatLineReference } from '../../codeRefs/references';
import { Commands, Settings } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import type { OutboxService } from '../../session/outbox';
import { UserFacingError } from '../../ui/errorMessage';
import { showQueued } from '../../ui/queued';
import { suggestedChannel } from '../topic/channelChoices';
import { isTopicTarget, pickChannel, type TopicTarget } from '../topic/pickers';
import { repositoryKey } from './discussSelection';
import { permalinkAtHead, selectionLines } from './share';
import { askText } from '../../ui/quickInput';

/** Lines of code shown above and below the problem. */
const AROUND = 3;

interface AskArgs {
  readonly uri: vscode.Uri;
  readonly diagnostic: vscode.Diagnostic;
}

function isAskArgs(value: unknown): value is AskArgs {
  const v = value as Partial<AskArgs> | undefined;
  return (
    !!v &&
    v.uri instanceof vscode.Uri &&
    !!v.diagnostic &&
    typeof v.diagnostic.message === 'string' &&
    v.diagnostic.range instanceof vscode.Range
  );
}

function severityName(severity: vscode.DiagnosticSeverity): string {
  switch (severity) {
    case vscode.DiagnosticSeverity.Error:
      return 'Error';
    case vscode.DiagnosticSeverity.Warning:
      return 'Warning';
    case vscode.DiagnosticSeverity.Information:
      return 'Information';
    default:
      return 'Hint';
  }
}

function codeOf(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' ? d.code.value : d.code;
}

export class AskTeamActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    if (document.uri.scheme !== 'file') return [];
    return context.diagnostics.map((diagnostic) => {
      const action = new vscode.CodeAction(
        vscode.l10n.t('Ask the team about this error…'),
        vscode.CodeActionKind.QuickFix,
      );
      action.diagnostics = [diagnostic];
      action.command = {
        command: Commands.askTeamAboutProblem,
        title: action.title,
        arguments: [{ uri: document.uri, diagnostic } satisfies AskArgs],
      };
      return action;
    });
  }
}

/** Posts the problem; `{streamId, topic}` in the arguments skips the picks. */
export async function askTeam(
  current: CurrentSession,
  outbox: OutboxService,
  args: unknown,
): Promise<{ id?: number; target: TopicTarget; content: string } | undefined> {
  if (!isAskArgs(args)) throw new UserFacingError(vscode.l10n.t('Use the Quick Fix on a problem in a file.'));
  const { uri, diagnostic } = args;
  const document = await vscode.workspace.openTextDocument(uri);
  const lines = selectionLines(diagnostic.range);
  const from = Math.max(0, lines.start - 1 - AROUND);
  const to = Math.min(document.lineCount - 1, lines.end - 1 + AROUND);
  const around = document.getText(new vscode.Range(from, 0, to, document.lineAt(to).text.length));
  const { permalink } = await permalinkAtHead(uri, lines);
  const report = {
    reference: formatLineReference(vscode.workspace.asRelativePath(uri, false), lines),
    ...(permalink ? { permalink } : {}),
    severity: severityName(diagnostic.severity),
    message: diagnostic.message,
    ...(diagnostic.source ? { source: diagnostic.source } : {}),
    ...(codeOf(diagnostic) !== undefined ? { code: codeOf(diagnostic) } : {}),
    lines: around,
    languageId: document.languageId,
  };
  let target = isTopicTarget(args) ? { streamId: args.streamId, topic: args.topic } : undefined;
  if (!target) {
    const mapping =
      vscode.workspace.getConfiguration(undefined, uri).get<Record<string, unknown>>(Settings.codeChannels) ?? {};
    const title = vscode.l10n.t('Ask the Team');
    const streamId =
      suggestedChannel(mapping, await repositoryKey(uri), current.store) ??
      (await pickChannel(current.store, title, 'post'));
    if (streamId === undefined) return undefined;
    const topic = await askText({
      title,
      prompt: vscode.l10n.t('Topic'),
      value: problemTopic(report),
      ignoreFocusOut: true,
    });
    if (!topic?.trim()) return undefined;
    target = { streamId, topic: topic.trim() };
  }
  const content = problemContent(report);
  const result = await outbox.sendAndWait({ type: 'stream', streamId: target.streamId, topic: target.topic }, content);
  if (result.id === undefined) showQueued();
  else {
    const channel = current.store.channelName(target.streamId) ?? String(target.streamId);
    const done = target;
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t('Asked the team in #{0} › {1}.', channel, target.topic),
        vscode.l10n.t('Open Topic'),
      )
      .then((choice) => {
        if (choice) void vscode.commands.executeCommand(Commands.openTopic, done);
      });
  }
  return { id: result.id, target, content };
}
