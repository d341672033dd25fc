/** The people commands: profile card, own status, another user's status (admins), presence refresh. */
import * as vscode from 'vscode';
import { getPresence } from '../../api/users/routes';
import { Commands, Views } from '../../constants';
import type { Services } from '../../services';
import { registerCommands } from '../../ui/commands';
import type { PeopleNode } from '../../views/presence/model';
import { ProfileCardPanel } from '../../webviews/profileCard/panel';
import type { ProfileModel } from '../../webviews/profileCard/protocol';
import { pickUser, statusCommands } from './status';

export function registerPeopleCommands(services: Services): void {
  registerCommands(services, [
    {
      // A user id (or a tree row); without one, asks. Resolves with what the card shows.
      id: Commands.showProfile,
      session: true,
      failure: vscode.l10n.t('Could not show the profile'),
      async run(
        { services: s, current },
        arg?: number | PeopleNode | { userId: number },
      ): Promise<ProfileModel | undefined> {
        const given = typeof arg === 'number' ? arg : arg && 'userId' in arg ? arg.userId : undefined;
        const userId = given ?? (await pickUser(current, vscode.l10n.t('Show whose profile?')));
        return userId === undefined ? undefined : ProfileCardPanel.show(s, userId);
      },
    },
    ...statusCommands,
    {
      // Everybody's presence now (operation 20), merged into the store.
      id: Commands.refreshPeople,
      session: true,
      failure: vscode.l10n.t('Could not refresh presence'),
      progress: { place: { viewId: Views.presence } },
      async run({ current: { client, store } }) {
        const result = await getPresence(client);
        store.applyPresence(result.presences as Record<string, unknown>, result.server_timestamp);
      },
    },
  ]);
}
