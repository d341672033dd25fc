/** Chat that knows the code: open line references and permalinks, copy a chat permalink of the selection. */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { isCodeReferenceArgs, openCodeReference, type OpenedReference } from './openReference';
import { registerDiscussions, type Discussions } from './discussions';
import { discussSelection } from './discussSelection';
import { registerGutterDiscussions } from './discussFromGutter';
import { askTeam, AskTeamActions } from './askTeam';
import { shareTerminalSelection, TerminalCommands } from './terminalShare';
import { registerNarrowHover } from './hover';
import { describeSelection, type SelectionShare } from './share';
import { CodeBlockActions, isCodeBlockArgs, type CodeBlockResult } from './codeBlock';

export function register(services: Services): Discussions {
  const codeBlocks = new CodeBlockActions(services);
  const terminalCommands = new TerminalCommands();
  services.disposables.add(codeBlocks);
  services.disposables.add(terminalCommands);
  registerCommands(services, [
    {
      id: Commands.codeBlockAction,
      failure: vscode.l10n.t('Could not use the code block'),
      scripted: 'report',
      run: (_ctx, args?: unknown): Promise<CodeBlockResult> => {
        if (!isCodeBlockArgs(args))
          throw new UserFacingError(vscode.l10n.t('Use the actions of a code block in a message.'));
        return codeBlocks.run(args);
      },
    },
    {
      id: Commands.discussSelection,
      session: true,
      failure: vscode.l10n.t('Could not start the discussion'),
      scripted: 'report',
      run: ({ current, services: s }, args?: unknown) => discussSelection(current, s.outbox, args),
    },
    {
      id: Commands.askTeamAboutProblem,
      session: true,
      failure: vscode.l10n.t('Could not ask the team'),
      scripted: 'report',
      run: ({ current, services: s }, args?: unknown) => askTeam(current, s.outbox, args),
    },
    {
      id: Commands.shareTerminalSelection,
      session: true,
      failure: vscode.l10n.t('Could not share the terminal selection'),
      scripted: 'report',
      run: ({ current, services: s }, args?: unknown) =>
        shareTerminalSelection(current, s.outbox, terminalCommands, args),
    },
    {
      id: Commands.openCodeReference,
      failure: vscode.l10n.t('Could not open the code reference'),
      scripted: 'report',
      run: (_ctx, args?: unknown): Promise<OpenedReference | undefined> => {
        if (!isCodeReferenceArgs(args))
          throw new UserFacingError(vscode.l10n.t('Open a line reference or a permalink from a message.'));
        return openCodeReference(args);
      },
    },
    {
      id: Commands.copyChatPermalink,
      failure: vscode.l10n.t('Could not copy the chat permalink'),
      scripted: 'report',
      run: async (): Promise<SelectionShare> => {
        const editor = vscode.window.activeTextEditor;
        if (!editor) throw new UserFacingError(vscode.l10n.t('Open a file and select the code to copy.'));
        const selection = editor.selection.isEmpty
          ? editor.document.lineAt(editor.selection.active.line).range
          : editor.selection;
        const code = editor.document.getText(selection);
        if (code.trim() === '')
          throw new UserFacingError(vscode.l10n.t('The selection is empty: select the code to copy.'));
        const share = await describeSelection(editor.document, selection, code);
        await vscode.env.clipboard.writeText(share.content);
        const copied = share.noPermalinkReason
          ? vscode.l10n.t('Team Chat: copied {0} (no permalink: {1}).', share.reference, share.noPermalinkReason)
          : vscode.l10n.t('Team Chat: copied {0} with its permalink.', share.reference);
        vscode.window.setStatusBarMessage(copied, 5000);
        return share;
      },
    },
  ]);
  registerNarrowHover(services);
  services.disposables.add(
    vscode.languages.registerCodeActionsProvider({ scheme: 'file' }, new AskTeamActions(), {
      providedCodeActionKinds: AskTeamActions.kinds,
    }),
  );
  const discussions = registerDiscussions(services);
  registerGutterDiscussions(services, discussions);
  return discussions;
}
