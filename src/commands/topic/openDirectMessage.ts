/**
 * `teamChat.openDirectMessage` ({userIds, anchor?}): opens the direct conversation with those users in
 * the conversation view (with `anchor`, scrolled to that message); without arguments, asks for the people first
 * (several for a group).
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { ChatStore } from '../../store';
import { directMessageRefusal } from '../../store/dmPermission';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { dmTitle, type TopicViews } from '../../webviews/topicView/manager';
import { anchorOf } from './pickers';
import type { TopicPanel } from '../../webviews/topicView/panel';
import { compareNames } from '../../store/keys';
import { visibleEmail } from '../../api/users/email';
import { pickMany } from '../../ui/quickInput';

export interface DirectMessageTarget {
  /** The other participants (the own id may be included; it is dropped). */
  readonly userIds: readonly number[];
}

export function isDirectMessageTarget(value: unknown): value is DirectMessageTarget {
  if (typeof value !== 'object' || value === null) return false;
  const ids = (value as Record<string, unknown>).userIds;
  return Array.isArray(ids) && ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0);
}

/** Asks for the people of a new conversation: active users and bots, searchable by name or email. */
async function pickPeople(store: ChatStore): Promise<number[] | undefined> {
  const items = store
    .users()
    .filter((u) => u.is_active && u.user_id !== store.ownUserId)
    .sort((a, b) => compareNames(a.full_name, b.full_name))
    .map((u) => ({
      label: u.full_name,
      description: visibleEmail(u),
      detail: u.is_bot ? vscode.l10n.t('Bot') : undefined,
      userId: u.user_id,
    }));
  const picked = await pickMany(items, {
    title: vscode.l10n.t('New Direct Message'),
    placeHolder: vscode.l10n.t('Choose one person, or several for a group conversation'),
    canPickMany: true,
    matchOnDescription: true,
  });
  return picked && picked.length > 0 ? picked.map((p) => p.userId) : undefined;
}

export function register(services: Services, views: TopicViews): void {
  registerCommands(services, [
    {
      id: Commands.openDirectMessage,
      session: true,
      failure: vscode.l10n.t('Could not open the conversation'),
      scripted: 'report',
      run: async ({ current }, args?: unknown): Promise<TopicPanel | undefined> => {
        const store = current.store;
        const ids = isDirectMessageTarget(args) ? args.userIds : await pickPeople(store);
        if (ids === undefined) return undefined;
        const others = [...new Set(ids)].filter((id) => id !== store.ownUserId).sort((a, b) => a - b);
        const unknown = others.filter((id) => store.user(id) === undefined);
        if (unknown.length > 0)
          throw new UserFacingError(vscode.l10n.t('No user with id {0} in this organization.', unknown.join(', ')));
        const refusal = directMessageRefusal(store, others);
        if (refusal) throw new UserFacingError(refusal);
        const names = others.map((id) => store.user(id)!.full_name);
        return views.open({ mode: 'dm', userIds: others }, dmTitle(names), anchorOf(args));
      },
    },
    {
      // A People row (or a user id): the 1:1 conversation with that person.
      id: Commands.sendDirectMessage,
      session: true,
      failure: vscode.l10n.t('Could not open the conversation'),
      run: async (_ctx, arg?: number | { userId: number }): Promise<TopicPanel | undefined> => {
        const userId = typeof arg === 'number' ? arg : arg?.userId;
        if (userId === undefined)
          return vscode.commands.executeCommand<TopicPanel | undefined>(Commands.openDirectMessage);
        return vscode.commands.executeCommand<TopicPanel | undefined>(Commands.openDirectMessage, {
          userIds: [userId],
        });
      },
    },
  ]);
}
