/** The Inbox tree: unread conversations (or recent ones), opened at their first unread message. */
import * as vscode from 'vscode';
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import { createTree } from '../tree';
import { InboxModel } from './model';
import { InboxProvider } from './provider';
import type { InboxRow } from './rows';

export { InboxModel, type InboxMode } from './model';
export type { ChannelRow, ConversationRow, DmRow, InboxRow, TopicRow } from './rows';

export interface InboxView {
  readonly model: InboxModel;
  /** The rows as the tree shows them (tests read labels, descriptions, commands). */
  readonly provider: InboxProvider;
  readonly view: vscode.TreeView<InboxRow>;
}

export function register(services: Services): InboxView {
  const { sessions, log } = services;
  const model = new InboxModel(sessions, log);
  const provider = new InboxProvider(model);
  const view = createTree(services, Views.inbox, model, provider, {
    showCollapseAll: true,
    emptyKey: ContextKeys.inboxEmpty,
  });
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
  return { model, provider, view };
}
