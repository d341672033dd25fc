/** Renders a message tree: one row per message, newest first; a click opens it in its conversation. */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import { ListProvider } from '../tree';
import type { MessagesModel } from './model';
import type { MessageRow } from './rows';

export class MessagesProvider extends ListProvider<MessageRow, MessagesModel> {
  getTreeItem(row: MessageRow): vscode.TreeItem {
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = `message:${row.id}`;
    item.description = row.description;
    item.tooltip = `${row.label}\n${row.description}${row.unread ? `\n${vscode.l10n.t('Unread')}` : ''}`;
    item.iconPath = new vscode.ThemeIcon(row.starred ? 'star-full' : row.unread ? 'mention' : 'comment');
    item.contextValue = `message${row.unread ? '.unread' : ''}${row.starred ? '.starred' : ''}`;
    item.command = openMessageCommand(row);
    return item;
  }
}

/** Opens the row's conversation, scrolled to the message. */
export function openMessageCommand(row: MessageRow): vscode.Command {
  const t = row.target;
  return t.kind === 'topic'
    ? {
        command: Commands.openTopic,
        title: vscode.l10n.t('Open Message'),
        arguments: [{ streamId: t.streamId, topic: t.topic, anchor: row.id }],
      }
    : {
        command: Commands.openDirectMessage,
        title: vscode.l10n.t('Open Message'),
        arguments: [{ userIds: t.userIds, anchor: row.id }],
      };
}
