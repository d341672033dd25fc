/** What a command says when its message waits in the outbox (the server could not be reached). */
import * as vscode from 'vscode';
import { Commands } from '../constants';

/** "Queued: will be sent when the connection is back", with Show Outbox. */
export function showQueued(): void {
  const show = vscode.l10n.t('Show Outbox');
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Queued: will be sent when the connection is back.'), show)
    .then((choice) => {
      if (choice === show) void vscode.commands.executeCommand(Commands.showOutbox);
    });
}
