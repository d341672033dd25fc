/**
 * Renders the Inbox: direct conversations, then channels with their unread topics (expanded) —
 * grouped by channel folder when the server and the user's setting say so — or the flat Recent
 * Conversations list. A click opens the conversation at its oldest unread message;
 * `contextValue` (`inbox.channel|inbox.topic|inbox.dm` + `.unread`) drives "Mark as Read".
 */
import * as vscode from 'vscode';
import { Commands } from '../../constants';
import type { ChatStore } from '../../store';
import { dmKey } from '../../store/keys';
import { TreeProvider } from '../tree';
import type { InboxModel } from './model';
import { inboxFolders, PINNED_CHANNELS } from './folders';
import type { ConversationRow, DmRow, FolderRow, InboxRow, TopicRow } from './rows';

export class InboxProvider extends TreeProvider<InboxRow> {
  constructor(private readonly model: InboxModel) {
    super();
    this._register(model.onDidChange(() => this.refresh()));
  }

  getChildren(element?: InboxRow): InboxRow[] {
    if (element)
      return element.kind === 'channel' ? [...element.topics] : element.kind === 'folder' ? [...element.channels] : [];
    if (this.model.mode === 'recent') return this.model.recent();
    const inbox = this.model.inbox();
    const store = this.model.store;
    const folders = store && inboxFolders(store, inbox.channels);
    return [...inbox.dms, ...(folders ?? inbox.channels)];
  }

  getTreeItem(row: InboxRow): vscode.TreeItem {
    const store = this.model.store;
    const recent = this.model.mode === 'recent';
    if (row.kind === 'folder') return folderItem(row, store);
    if (row.kind === 'channel') {
      const name = store?.channelName(row.streamId) ?? vscode.l10n.t('channel {0}', row.streamId);
      const item = new vscode.TreeItem(`#${name}`, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `inbox:channel:${row.streamId}`;
      item.description = String(row.count);
      item.tooltip =
        row.topics.length === 1
          ? vscode.l10n.t('#{0}: {1} unread in 1 topic', name, row.count)
          : vscode.l10n.t('#{0}: {1} unread in {2} topics', name, row.count, row.topics.length);
      item.iconPath = new vscode.ThemeIcon('comment-discussion');
      item.contextValue = 'inbox.channel.unread';
      return item;
    }
    const item = new vscode.TreeItem(conversationLabel(row, store), vscode.TreeItemCollapsibleState.None);
    item.id =
      `${recent ? 'recent' : 'inbox'}:` +
      `${row.kind === 'topic' ? `topic:${row.streamId}:${row.topic.toLowerCase()}` : `dm:${row.userIds.join(',')}`}`;
    const parts: string[] = [];
    if (recent && row.kind === 'topic') parts.push(`#${store?.channelName(row.streamId) ?? row.streamId}`);
    if (row.count > 0) parts.push(recent ? vscode.l10n.t('{0} unread', row.count) : String(row.count));
    item.description = parts.join(' · ');
    item.tooltip =
      row.firstUnread !== undefined
        ? vscode.l10n.t('{0}\n{1} unread — opens at the first unread message', item.label as string, row.count)
        : vscode.l10n.t('{0}\n{1} unread', item.label as string, row.count);
    item.iconPath = new vscode.ThemeIcon(
      row.kind === 'dm' ? (row.userIds.length > 1 ? 'organization' : 'account') : 'comment',
    );
    item.contextValue = `inbox.${row.kind}${row.count > 0 ? '.unread' : ''}`;
    item.command = openCommand(row);
    return item;
  }
}

/** A folder's row (expanded): its name, "Pinned channels" or "Other channels", and its unread count. */
function folderItem(row: FolderRow, store: ChatStore | undefined): vscode.TreeItem {
  const name =
    row.folderId === PINNED_CHANNELS
      ? vscode.l10n.t('Pinned channels')
      : (store?.channelFolders.get(row.folderId)?.name ?? vscode.l10n.t('Other channels'));
  const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Expanded);
  item.id = `inbox:folder:${row.folderId}`;
  item.description = String(row.count);
  item.tooltip = vscode.l10n.t('{0}: {1} unread', name, row.count);
  item.iconPath = new vscode.ThemeIcon('folder');
  item.contextValue = 'inbox.folder';
  return item;
}

/** Topic rows: the topic (in recent mode, the channel is in the description); DM rows: the names. */
function conversationLabel(row: ConversationRow, store: ChatStore | undefined): string {
  if (row.kind === 'topic')
    return row.topic === '' ? (store?.realm.emptyTopicDisplayName ?? vscode.l10n.t('general chat')) : row.topic;
  return dmLabel(row, store);
}

export function dmLabel(row: Pick<DmRow, 'userIds'>, store: ChatStore | undefined): string {
  if (!store) return row.userIds.join(', ');
  if (dmKey(row.userIds, store.ownUserId) === String(store.ownUserId)) return vscode.l10n.t('Notes to self');
  return row.userIds.map((id) => store.user(id)?.full_name ?? vscode.l10n.t('user {0}', id)).join(', ');
}

/** Opens the conversation, at its oldest unread message when it has one. */
export function openCommand(row: TopicRow | DmRow): vscode.Command {
  const anchor = row.firstUnread !== undefined ? { anchor: row.firstUnread } : {};
  return row.kind === 'topic'
    ? {
        command: Commands.openTopic,
        title: vscode.l10n.t('Open Topic'),
        arguments: [{ streamId: row.streamId, topic: row.topic, ...anchor }],
      }
    : {
        command: Commands.openDirectMessage,
        title: vscode.l10n.t('Open Conversation'),
        arguments: [{ userIds: row.userIds, ...anchor }],
      };
}
