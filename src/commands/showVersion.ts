import * as vscode from 'vscode';
import { Commands, EXTENSION_NAME } from '../constants';
import type { Services } from '../services';

/** `teamChat.showVersion`: shows the extension's version; returns it (for tests). */
export function register({ context }: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.showVersion, () => {
      const version = String(context.extension.packageJSON.version ?? 'unknown');
      void vscode.window.showInformationMessage(`${EXTENSION_NAME} ${version}`);
      return version;
    }),
  );
}
