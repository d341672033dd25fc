/**
 * `teamChat.openDirectMessage` ({userIds, anchor?}): opens the direct conversation with those users in
 * the conversation view (with `anchor`, scrolled to that message); without arguments, asks for the people first (several for a group).
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { ChatStore } from '../../store';
import { registerCommands } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { dmTitle, type TopicViews } from '../../webviews/topicView/manager';
import { anchorOf } from './pickers';
import type { TopicPanel } from '../../webviews/topicView/panel';

export interface DirectMessageTarget {
  /** The other participants (the own id may be included; it is dropped). */
  readonly userIds: readonly number[];
}

export function isDirectMessageTarget(value: unknown): value is DirectMessageTarget {
  if (typeof value !== 'object' || value === null) return false;
  const ids = (value as Record<string, unknown>).userIds;
  return Array.isArray(ids) && ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0);
}

/** Asks for the people of a new conversation: active users, searchable by name or email. */
async function pickPeople(store: ChatStore): Promise<number[] | undefined> {
  const items = store
    .users()
    .filter((u) => u.is_active && u.user_id !== store.ownUserId)
    .sort((a, b) => a.full_name.localeCompare(b.full_name))
    .map((u) => ({ label: u.full_name, description: u.email, userId: u.user_id }));
  const picked = await vscode.window.showQuickPick(items, {
    title: 'New Direct Message',
    placeHolder: 'Choose one person, or several for a group conversation',
    canPickMany: true,
    matchOnDescription: true,
  });
  return picked && picked.length > 0 ? picked.map((p) => p.userId) : undefined;
}

export function register(services: Services, views: TopicViews): void {
  registerCommands(services, [{
    id: Commands.openDirectMessage,
    session: true,
    failure: 'Could not open the conversation',
    scripted: 'report',
    run: async ({ current }, args?: unknown): Promise<TopicPanel | undefined> => {
      const store = current.store;
      const ids = isDirectMessageTarget(args) ? args.userIds : await pickPeople(store);
      if (ids === undefined) return undefined;
      const others = [...new Set(ids)].filter((id) => id !== store.ownUserId).sort((a, b) => a - b);
      const unknown = others.filter((id) => store.user(id) === undefined);
      if (unknown.length > 0) throw new UserFacingError(`No user with id ${unknown.join(', ')} in this organization.`);
      const names = others.map((id) => store.user(id)!.full_name);
      return views.open({ mode: 'dm', userIds: others }, dmTitle(names), anchorOf(args));
    },
  }]);
}
