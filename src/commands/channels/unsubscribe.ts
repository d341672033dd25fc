/**
 * Unsubscribe (docs/API.md operation 10, `DELETE /users/me/subscriptions`): yourself, or other users
 * where permitted — (a) administrators: anybody; (b) the owner of a bot: that bot; (c) members of
 * the channel's `can_remove_subscribers_group`: anybody. `not_removed` (already unsubscribed) is
 * reported, not treated as a failure.
 */
import * as vscode from 'vscode';
import type { User } from '../../api/users/models';
import { visibleEmail } from '../../api/users/email';
import { unsubscribe } from '../../api/channels/routes';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import type { CommandDeclaration } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { channelCommand, channelName, type ChannelArg } from './common';
import { pickMany } from '../../ui/quickInput';

export interface RemoveResult {
  removed: number[];
  notSubscribed: number[];
}

/** Why the own user may remove `user` from the channel, or undefined when not permitted. */
export function removalPermission(
  current: CurrentSession,
  streamId: number,
  user: User,
): 'admin' | 'botOwner' | 'group' | undefined {
  const store = current.store;
  if ((store.ownUser?.role ?? 400) <= 200) return 'admin';
  if (user.is_bot && user.bot_owner_id === store.ownUserId) return 'botOwner';
  const group = store.subscription(streamId)?.can_remove_subscribers_group;
  if (group !== undefined && store.realm.inGroup(group) === true) return 'group';
  return undefined;
}

export const commands: CommandDeclaration[] = [
  channelCommand(
    {
      id: Commands.channelUnsubscribe,
      failure: vscode.l10n.t('Could not unsubscribe'),
      placeHolder: vscode.l10n.t('Choose a channel to unsubscribe from'),
    },
    async ({ current, interactive }, streamId) => {
      const name = current.store.subscription(streamId)!.name;
      if (interactive) {
        const sub = current.store.subscription(streamId);
        const question = sub?.invite_only
          ? vscode.l10n.t(
              'Unsubscribe from #{0}? It is a private channel: you may need an invitation to join again.',
              name,
            )
          : vscode.l10n.t('Unsubscribe from #{0}?', name);
        const unsubscribe = vscode.l10n.t('Unsubscribe');
        const ok = await vscode.window.showWarningMessage(question, { modal: true }, unsubscribe);
        if (ok !== unsubscribe) return undefined;
      }
      const result = await withNotification(vscode.l10n.t('Unsubscribing from #{0}…', name), (signal) =>
        unsubscribe(current.client, { subscriptions: [name] }, { signal }),
      );
      if (result.not_removed.length > 0)
        void vscode.window.showInformationMessage(vscode.l10n.t('You were already unsubscribed from #{0}.', name));
      return result;
    },
  ),
  channelCommand<ChannelArg & { userIds?: number[] }, RemoveResult | undefined>(
    {
      id: Commands.channelRemoveSubscribers,
      failure: vscode.l10n.t('Could not remove subscribers'),
      placeHolder: vscode.l10n.t('Choose a channel to remove subscribers from'),
    },
    async ({ current }, streamId, arg) => {
      const users = arg?.userIds
        ? arg.userIds.map((id) => userOrThrow(current, id))
        : await pickUsers(current, streamId);
      if (!users || users.length === 0) return undefined;
      for (const u of users) {
        if (u.user_id === current.store.ownUserId) continue;
        if (!removalPermission(current, streamId, u)) {
          throw new UserFacingError(
            vscode.l10n.t(
              'You cannot remove {0} from {1}: only administrators, members of the channel\'s "who can remove ' +
                'subscribers" group, and owners of a bot (for that bot) may remove others. Ask an administrator.',
              u.full_name,
              channelName(current, streamId),
            ),
          );
        }
      }
      const name = current.store.subscription(streamId)?.name ?? current.store.channelName(streamId)!;
      const outcome: RemoveResult = { removed: [], notSubscribed: [] };
      await withNotification(vscode.l10n.t('Removing subscribers from #{0}…', name), async (signal, progress) => {
        // One request per user, so `removed` / `not_removed` say which user each is about.
        for (const u of users) {
          progress.report({ message: u.full_name, increment: 100 / users.length });
          const r = await unsubscribe(current.client, { subscriptions: [name], principals: [u.user_id] }, { signal });
          (r.removed.length > 0 ? outcome.removed : outcome.notSubscribed).push(u.user_id);
        }
      });
      const names = (ids: number[]): string =>
        ids.map((id) => current.store.user(id)?.full_name ?? String(id)).join(', ');
      const parts: string[] = [];
      if (outcome.removed.length) parts.push(vscode.l10n.t('Removed {0} from #{1}.', names(outcome.removed), name));
      if (outcome.notSubscribed.length === 1)
        parts.push(vscode.l10n.t('{0} was not subscribed.', names(outcome.notSubscribed)));
      else if (outcome.notSubscribed.length)
        parts.push(vscode.l10n.t('{0} were not subscribed.', names(outcome.notSubscribed)));
      void vscode.window.showInformationMessage(parts.join(' '));
      return outcome;
    },
  ),
];

function userOrThrow(current: CurrentSession, id: number): User {
  const u = current.store.user(id);
  if (!u) throw new UserFacingError(vscode.l10n.t('There is no user {0} in this organisation.', id));
  return u;
}

/** The users the own user may remove: everybody active (admins, group members) or their own bots. */
async function pickUsers(current: CurrentSession, streamId: number): Promise<User[] | undefined> {
  const store = current.store;
  const candidates = store
    .users()
    .filter((u) => u.is_active && u.user_id !== store.ownUserId && removalPermission(current, streamId, u));
  if (candidates.length === 0) {
    throw new UserFacingError(
      vscode.l10n.t(
        'You cannot remove others from {0}: only administrators, members of the channel\'s "who can remove ' +
          'subscribers" group, and owners of bots may. Ask an administrator.',
        channelName(current, streamId),
      ),
    );
  }
  const picked = await pickMany(
    candidates.map((u) => ({
      label: u.is_bot ? `$(robot) ${u.full_name}` : u.full_name,
      description: visibleEmail(u),
      user: u,
    })),
    {
      canPickMany: true,
      placeHolder: vscode.l10n.t('Who should be removed from {0}?', channelName(current, streamId)),
      matchOnDescription: true,
    },
  );
  return picked?.map((p) => p.user);
}
