/** Channel commands (the channels tree's context menu and the palette) and the refresh commands. */
import * as vscode from 'vscode';
import { Commands, Views } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import * as browse from './browse';
import * as copyEmail from './copyEmail';
import * as create from './create';
import * as folders from './folders';
import * as markRead from './markRead';
import * as properties from './properties';
import * as unsubscribe from './unsubscribe';

export function register(services: Services): void {
  registerCommands(services, [
    ...properties.commands,
    ...copyEmail.commands,
    ...unsubscribe.commands,
    ...markRead.commands,
    ...browse.commands,
    ...create.commands,
    ...folders.commands,
    {
      // Rebuilds from a fresh snapshot (as after an expired queue): the reliable "reload".
      id: Commands.refreshChannels,
      failure: vscode.l10n.t('Could not refresh the channels'),
      progress: { place: { viewId: Views.subscriptions }, title: vscode.l10n.t('Refreshing channels') },
      run: ({ services: s }) => s.sessions.restart(),
    },
  ]);
}
