/**
 * `teamChat.shareSelection` ({streamId, topic} skips the pick): sends the editor selection as a
 * fenced code block in its language, under its permalink (or `path:line-range`), to a topic.
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { showQueued } from '../../ui/queued';
import { describeSelection } from '../code/share';
import { isTopicTarget, pickRecentTopic } from './pickers';

export function register(services: Services): void {
  registerCommands(services, [
    {
      id: Commands.shareSelection,
      session: true,
      failure: vscode.l10n.t('Could not share the selection'),
      scripted: 'report',
      run: async ({ current, services: s }, args?: unknown): Promise<{ id?: number } | undefined> => {
        const editor = vscode.window.activeTextEditor;
        if (!editor) throw new UserFacingError(vscode.l10n.t('Open a file and select the code to share.'));
        const selection = editor.selection.isEmpty
          ? editor.document.lineAt(editor.selection.active.line).range
          : editor.selection;
        const code = editor.document.getText(selection);
        if (code.trim() === '')
          throw new UserFacingError(vscode.l10n.t('The selection is empty: select the code to share.'));
        const target = isTopicTarget(args)
          ? args
          : await pickRecentTopic(current.store, vscode.l10n.t('Share Selection'));
        if (!target) return undefined;
        const share = await describeSelection(editor.document, selection, code);
        // Through the outbox: sent once the server can be reached, the user told when it waits.
        const result = await withNotification(vscode.l10n.t('Team Chat: sharing the selection…'), () =>
          s.outbox.sendAndWait({ type: 'stream', streamId: target.streamId, topic: target.topic }, share.content),
        );
        if (result.id === undefined) {
          showQueued();
          return { id: undefined };
        }
        const channel = current.store.channelName(target.streamId) ?? vscode.l10n.t('channel {0}', target.streamId);
        const shared = share.noPermalinkReason
          ? vscode.l10n.t(
              'Shared {0} to #{1} › {2}. No permalink: {3}.',
              share.reference,
              channel,
              target.topic,
              share.noPermalinkReason,
            )
          : vscode.l10n.t('Shared {0} to #{1} › {2}.', share.reference, channel, target.topic);
        void vscode.window.showInformationMessage(shared, vscode.l10n.t('Open Topic')).then((choice) => {
          if (choice) void vscode.commands.executeCommand(Commands.openTopic, target);
        });
        return { id: result.id };
      },
    },
  ]);
}
