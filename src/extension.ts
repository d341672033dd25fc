// Minimal placeholder entry point so the integration/UI test infrastructure has an extension to load.
// The real activate() (Services object, feature registration) replaces this file.
import * as vscode from 'vscode';

export const SHOW_VERSION_COMMAND = 'teamChat.showVersion';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_VERSION_COMMAND, () => {
      const version = String(context.extension.packageJSON.version ?? 'unknown');
      void vscode.window.showInformationMessage(`Team Chat ${version}`);
    }),
  );
}

export function deactivate(): void {
  // Nothing to release: everything is owned by context.subscriptions.
}
