/** The Inbox tree: unread conversations (or recent ones), opened at their first unread message. */
import * as vscode from 'vscode';
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import { registerTree, type TreeParts } from '../tree';
import { InboxModel } from './model';
import { InboxProvider } from './provider';

export { InboxModel, type InboxMode } from './model';
export type { ChannelRow, ConversationRow, DmRow, InboxRow, TopicRow } from './rows';

export type InboxView = TreeParts<InboxModel, InboxProvider>;

export function register(services: Services): InboxView {
  const { sessions, log } = services;
  const tree = registerTree(services, Views.inbox, new InboxModel(sessions, log), (m) => new InboxProvider(m), {
    showCollapseAll: true,
    emptyKey: ContextKeys.inboxEmpty,
  });
  const { model, view } = tree;
  const update = (): void => {
    const recent = model.mode === 'recent';
    view.title = recent ? vscode.l10n.t('Recent Conversations') : vscode.l10n.t('Inbox');
    const empty = recent ? model.recent().length === 0 : model.inbox().dms.length + model.inbox().channels.length === 0;
    view.message =
      !sessions.current || !empty
        ? undefined
        : recent
          ? vscode.l10n.t('No recent conversations.')
          : vscode.l10n.t('You have no unread messages.');
  };
  services.disposables.add(model.onDidChange(update));
  services.disposables.add(sessions.onDidChange(update));
  update();
  return tree;
}
