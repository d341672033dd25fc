/**
 * Renders a message tree grouped by conversation (Search Results): conversation nodes with their
 * match count, each holding its messages ("sender — excerpt", the matches highlighted, the time).
 * A click on a message opens its conversation at that message.
 */
import * as vscode from 'vscode';
import { TreeProvider } from '../tree';
import { groupByConversation, type ConversationGroup } from './groups';
import type { MessagesModel } from './model';
import { openMessageCommand } from './provider';
import type { MessageRow } from './rows';

export type GroupedNode =
  | { readonly kind: 'conversation'; readonly group: ConversationGroup }
  | { readonly kind: 'message'; readonly row: MessageRow };

export class GroupedMessagesProvider extends TreeProvider<GroupedNode> {
  constructor(private readonly model: MessagesModel) {
    super();
    this._register(model.onDidChange(() => this.refresh()));
  }

  /** The conversations, newest first. */
  groups(): ConversationGroup[] {
    return groupByConversation(this.model.nodes());
  }

  getChildren(element?: GroupedNode): GroupedNode[] {
    if (!element) return this.groups().map((group) => ({ kind: 'conversation', group }));
    return element.kind === 'conversation' ? element.group.rows.map((row) => ({ kind: 'message', row })) : [];
  }

  getTreeItem(node: GroupedNode): vscode.TreeItem {
    return node.kind === 'conversation' ? conversationItem(node.group) : messageItem(node.row);
  }
}

function conversationItem(group: ConversationGroup): vscode.TreeItem {
  const item = new vscode.TreeItem(group.label, vscode.TreeItemCollapsibleState.Expanded);
  const count = group.rows.length;
  item.id = `conversation:${group.key}`;
  item.description = count === 1 ? vscode.l10n.t('1 match') : vscode.l10n.t('{0} matches', count);
  item.tooltip = `${group.label}\n${item.description}`;
  item.iconPath = new vscode.ThemeIcon(group.target.kind === 'topic' ? 'comment-discussion' : 'mail');
  item.contextValue = `searchConversation.${group.target.kind}`;
  return item;
}

function messageItem(row: MessageRow): vscode.TreeItem {
  const item = new vscode.TreeItem(
    { label: row.label, highlights: row.highlights.map(([a, b]): [number, number] => [a, b]) },
    vscode.TreeItemCollapsibleState.None,
  );
  item.id = `message:${row.id}`;
  item.description = formatTime(row.timestamp);
  item.tooltip =
    `${row.label}\n${row.description} · ` +
    `${new Date(row.timestamp * 1000).toLocaleString(vscode.env.language)}` +
    `${row.unread ? `\n${vscode.l10n.t('Unread')}` : ''}`;
  item.iconPath = new vscode.ThemeIcon(row.starred ? 'star-full' : 'comment');
  item.contextValue = `message${row.unread ? '.unread' : ''}${row.starred ? '.starred' : ''}`;
  item.command = openMessageCommand(row);
  return item;
}

/** Today: the time; this year: the day; else the date. */
export function formatTime(timestamp: number, now = new Date()): string {
  const date = new Date(timestamp * 1000);
  const locale = vscode.env.language;
  if (date.toDateString() === now.toDateString())
    return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (date.getFullYear() === now.getFullYear())
    return date.toLocaleDateString(locale, { month: 'short', day: 'numeric' });
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}
