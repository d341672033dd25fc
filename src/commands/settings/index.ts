/**
 * "Team Chat: Personal Settings" (SPEC.md operation 2) and "Team Chat: Server Information"
 * (operation 22, before and after sign-in).
 */
import * as vscode from 'vscode';
import { ChatError } from '../../api/errors';
import { normalizeRealmUrl } from '../../auth/check';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { fetchServerInfo, ServerInfoPanel } from '../../webviews/serverInfo/panel';
import type { ServerInfoModel } from '../../webviews/serverInfo/protocol';
import { SettingsPanel } from '../../webviews/settings/panel';

export interface ServerInfoArgs {
  /** Skip the input box (tests, links): the server to ask. */
  realmUrl?: string;
}

export function register(services: Services): void {
  const { subscriptions } = services.context;
  subscriptions.push(
    vscode.commands.registerCommand(Commands.openSettings, async () => {
      if (!services.sessions.current) {
        const choice = await vscode.window.showWarningMessage('Sign in to Team Chat to change your settings.', 'Sign In');
        if (choice) await vscode.commands.executeCommand(Commands.signIn);
        return undefined;
      }
      return SettingsPanel.show(services);
    }),
    vscode.commands.registerCommand(Commands.serverInfo, (args?: ServerInfoArgs) => showServerInfo(services, args)),
  );
}

async function showServerInfo(services: Services, args?: ServerInfoArgs): Promise<ServerInfoModel | undefined> {
  let realmUrl: string | undefined;
  if (args?.realmUrl !== undefined) {
    realmUrl = normalizeRealmUrl(args.realmUrl);
  } else if (!services.sessions.current) {
    const typed = await vscode.window.showInputBox({
      title: 'Team Chat: Server Information',
      prompt: 'The server whose information to show (no sign-in needed)',
      placeHolder: 'https://chat.example.com',
      ignoreFocusOut: true,
      validateInput: (v) => {
        try {
          normalizeRealmUrl(v);
          return undefined;
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      },
    });
    if (typed === undefined) return undefined;
    realmUrl = normalizeRealmUrl(typed);
  }
  const where = realmUrl ?? services.sessions.current?.account.realmUrl ?? '';
  try {
    const model = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Asking ${where} about itself…`, cancellable: true },
      (_progress, token) => fetchServerInfo(services, realmUrl, token),
    );
    ServerInfoPanel.show(services, model);
    return model;
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') return undefined;
    const message = error instanceof ChatError || error instanceof Error ? error.message : String(error);
    // Not awaited: the command settles now (tests), the user can still choose to retry.
    void vscode.window
      .showErrorMessage(`Could not get the server information of ${where}: ${message} Check the URL and your connection.`, 'Try Again')
      .then((retry) => (retry ? showServerInfo(services, args) : undefined));
    return undefined;
  }
}
