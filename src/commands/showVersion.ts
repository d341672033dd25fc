import * as vscode from 'vscode';
import { Commands, EXTENSION_NAME } from '../constants';
import type { Services } from '../services';
import { registerCommands } from '../ui/commands';

/** `teamChat.showVersion`: shows the extension's version; returns it (for tests). */
export function register(services: Services): void {
  registerCommands(services, [
    {
      id: Commands.showVersion,
      failure: vscode.l10n.t('Could not show the version'),
      run: ({ services: { context } }) => {
        const version = String(context.extension.packageJSON.version ?? vscode.l10n.t('unknown'));
        void vscode.window.showInformationMessage(`${EXTENSION_NAME} ${version}`);
        return version;
      },
    },
  ]);
}
