/** The people commands: profile card, own status, another user's status (admins), presence refresh. */
import * as vscode from 'vscode';
import { getPresence } from '../../api/users/routes';
import { Commands, Views } from '../../constants';
import type { Services } from '../../services';
import type { PeopleNode } from '../../views/presence/model';
import { ProfileCardPanel } from '../../webviews/profileCard';
import type { ProfileModel } from '../../webviews/protocol';
import { clearStatus, pickUser, requireSession, setStatus, setUserStatus } from './status';

export function registerPeopleCommands(services: Services): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(Commands.showProfile, (arg?: number | PeopleNode | { userId: number }) => showProfile(services, arg)),
    vscode.commands.registerCommand(Commands.setStatus, (args?) => setStatus(services, args)),
    vscode.commands.registerCommand(Commands.clearStatus, () => clearStatus(services)),
    vscode.commands.registerCommand(Commands.setUserStatus, (args?) => setUserStatus(services, args)),
    vscode.commands.registerCommand(Commands.refreshPeople, () => refreshPeople(services)),
  );
}

/** `teamChat.showProfile`: a user id (or a tree row); without one, asks. Resolves with what the card shows. */
async function showProfile(services: Services, arg?: number | PeopleNode | { userId: number }): Promise<ProfileModel | undefined> {
  const given = typeof arg === 'number' ? arg : arg && 'userId' in arg ? arg.userId : undefined;
  try {
    const current = requireSession(services);
    const userId = given ?? (await pickUser(current, 'Show whose profile?'));
    if (userId === undefined) return undefined;
    return await ProfileCardPanel.show(services, userId);
  } catch (error) {
    void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
    if (given !== undefined) throw error;
    return undefined;
  }
}

/** `teamChat.refreshPeople`: everybody's presence now (operation 20), merged into the store. */
async function refreshPeople(services: Services): Promise<void> {
  try {
    const { client, store } = requireSession(services);
    await vscode.window.withProgress({ location: { viewId: Views.presence }, cancellable: false }, async () => {
      const result = await getPresence(client);
      store.applyPresence(result.presences as Record<string, unknown>, result.server_timestamp);
    });
  } catch (error) {
    void vscode.window.showErrorMessage(`Could not refresh presence: ${error instanceof Error ? error.message : String(error)}`);
  }
}
