/**
 * "Team Chat: Personal Settings" (docs/API.md operation 2) and "Team Chat: Server Information"
 * (operation 22, before and after sign-in).
 */
import * as vscode from 'vscode';
import { normalizeRealmUrl } from '../../auth/check';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import { withNotification } from '../../ui/progress';
import { fetchServerInfo, ServerInfoPanel } from '../../webviews/serverInfo/panel';
import type { ServerInfoModel } from '../../webviews/serverInfo/protocol';
import { askText } from '../../ui/quickInput';

export interface ServerInfoArgs {
  /** Skip the input box (tests, links): the server to ask. */
  realmUrl?: string;
}

export function register(services: Services): void {
  registerCommands(services, [
    {
      id: Commands.openSettings,
      session: true,
      failure: vscode.l10n.t('Could not open the settings'),
      // The page's code (the settings' zod schemas among it) loads when it is first opened.
      run: async ({ services: s }) => (await import('../../webviews/settings/panel')).SettingsPanel.show(s),
    },
    {
      id: Commands.serverInfo,
      failure: vscode.l10n.t('Could not get the server information'),
      // Scripted callers read the model (undefined: none), so failures are shown, not thrown.
      scripted: 'report',
      run: ({ services: s }, args?: ServerInfoArgs) => showServerInfo(s, args),
    },
  ]);
}

async function showServerInfo(services: Services, args?: ServerInfoArgs): Promise<ServerInfoModel | undefined> {
  let realmUrl: string | undefined;
  if (args?.realmUrl !== undefined) {
    realmUrl = normalizeRealmUrl(args.realmUrl);
  } else if (!services.sessions.current) {
    const typed = await askText({
      title: vscode.l10n.t('Team Chat: Server Information'),
      prompt: vscode.l10n.t('The server whose information to show (no sign-in needed)'),
      placeHolder: vscode.l10n.t('https://chat.example.com'),
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
  const model = await withNotification(vscode.l10n.t('Asking {0} about itself…', where), (signal) =>
    fetchServerInfo(services, realmUrl, signal),
  );
  ServerInfoPanel.show(services, model);
  return model;
}
