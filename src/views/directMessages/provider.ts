import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { PresenceState } from '../../store';
import { TreeProvider } from '../tree';
import { conversationTitle, type ConversationNode, type ConversationRow, type DirectMessagesModel } from './model';

const PRESENCE_ICON: Record<PresenceState, vscode.ThemeIcon> = {
  active: new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('charts.green')),
  idle: new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('charts.yellow')),
  offline: new vscode.ThemeIcon('circle-outline', new vscode.ThemeColor('disabledForeground')),
};
const PRESENCE_TEXT: Record<PresenceState, () => string> = {
  active: () => vscode.l10n.t('Active'),
  idle: () => vscode.l10n.t('Idle'),
  offline: () => vscode.l10n.t('Offline'),
};
const GROUP_ICON = new vscode.ThemeIcon('organization');

/** Context values: `teamChat.dm.one` / `teamChat.dm.group`, `.unread` when it has unread messages. */
export const DM_CONTEXT = 'teamChat.dm';

/** Renders the conversations; any change reloads the list (it is short). */
export class DirectMessagesProvider extends TreeProvider<ConversationNode> {
  #rows = new Map<string, ConversationRow>();

  constructor(private readonly model: DirectMessagesModel) {
    super();
    this._register(model.onDidChange(() => this.refresh()));
  }

  getChildren(node?: ConversationNode): ConversationNode[] {
    if (node) return [];
    const rows = this.model.rows();
    this.#rows = new Map(rows.map((r) => [r.node.key, r]));
    return rows.map((r) => r.node);
  }

  getTreeItem(node: ConversationNode): vscode.TreeItem {
    const store = this.model.store;
    const row = this.#rows.get(node.key);
    const unread = row?.unread ?? 0;
    const title = store ? conversationTitle(store, node.userIds) : node.key;
    const item = new vscode.TreeItem(title, vscode.TreeItemCollapsibleState.None);
    item.id = `dm/${node.key}`;
    item.description = unread > 0 ? String(unread) : undefined;
    const one = node.userIds.length <= 1;
    const presence = one && store ? store.presence(node.userIds[0] ?? store.ownUserId) : undefined;
    item.iconPath = presence ? PRESENCE_ICON[presence] : GROUP_ICON;
    item.contextValue = `${DM_CONTEXT}.${one ? 'one' : 'group'}${unread > 0 ? '.unread' : ''}`;
    item.command = {
      command: Commands.openDirectMessage,
      title: vscode.l10n.t('Open Conversation'),
      arguments: [{ userIds: [...node.userIds] }],
    };
    const parts = [title];
    if (presence) parts.push(PRESENCE_TEXT[presence]());
    else parts.push(vscode.l10n.t('{0} people', node.userIds.length + 1));
    if (unread > 0) parts.push(vscode.l10n.t('{0} unread', unread));
    item.tooltip = parts.join(' · ');
    item.accessibilityInformation = { label: parts.join(', ') };
    return item;
  }
}
