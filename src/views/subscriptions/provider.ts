/**
 * Renders the channels model: colour icon, unread count, muted rows dimmed (a file decoration
 * on the row's `resourceUri`), pinned first, and a `contextValue` the menus match on:
 * `channel[.muted][.pinned][.unread][.canRemoveOthers]`. Every item is built from O(1) store reads.
 */
import * as vscode from 'vscode';
import { Emitter } from '../../base/event';
import { FL } from '../../api/features';
import type { ChatStore } from '../../store';
import type { ChannelColorIcons } from '../colors';
import { Disposable } from '../../base/lifecycle';
import { TreeProvider } from '../tree';
import { OTHER_CHANNELS } from '../../store/channelFolders';
import type { ChannelNode, ChannelsModel, ChannelsTreeNode, FolderNode } from './model';

export const CHANNEL_URI_SCHEME = 'teamchat-channel';

export function channelUri(streamId: number): vscode.Uri {
  return vscode.Uri.from({ scheme: CHANNEL_URI_SCHEME, path: `/${streamId}` });
}

export class ChannelsProvider extends TreeProvider<ChannelsTreeNode> {
  constructor(
    private readonly model: ChannelsModel,
    private readonly icons: ChannelColorIcons,
  ) {
    super();
    this._register(model.onDidChange((nodes) => this.refresh(nodes)));
  }

  getChildren(element?: ChannelsTreeNode): ChannelsTreeNode[] {
    if (!element) return this.model.top();
    return element.kind === 'folder' ? this.model.children(element) : [];
  }

  getParent(node: ChannelsTreeNode): FolderNode | undefined {
    return node.kind === 'channel' ? this.model.parentOf(node) : undefined;
  }

  getTreeItem(node: ChannelsTreeNode): vscode.TreeItem {
    return node.kind === 'folder' ? this.#folderItem(node) : this.#channelItem(node);
  }

  /**
   * A folder row (expanded): its name, the unread count of its channels (muted ones left out) and
   * its description; `contextValue` `folder[.other][.admin]` (not `channel…`: the channel menus match that).
   */
  #folderItem(node: FolderNode): vscode.TreeItem {
    const store = this.model.store;
    const folder = node.folderId === OTHER_CHANNELS ? undefined : store?.channelFolders.get(node.folderId);
    const label = folder?.name ?? vscode.l10n.t('Other channels');
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `channelFolder:${node.folderId}`;
    item.iconPath = new vscode.ThemeIcon('folder');
    const unread = store
      ? this.model
          .children(node)
          .reduce((n, c) => n + store.unreadCount({ streamId: c.streamId }, { excludeMuted: true }), 0)
      : 0;
    item.description = unread > 0 ? String(unread) : undefined;
    if (folder?.description) item.tooltip = `${folder.name}\n\n${folder.description}`;
    const admin = (store?.ownUser?.role ?? 400) <= 200;
    item.contextValue = `folder${folder ? '' : '.other'}${admin && folder ? '.admin' : ''}`;
    item.accessibilityInformation = { label: unread > 0 ? vscode.l10n.t('{0}, {1} unread', label, unread) : label };
    return item;
  }

  #channelItem(node: ChannelNode): vscode.TreeItem {
    const store = this.model.store;
    const sub = store?.subscription(node.streamId);
    const item = new vscode.TreeItem(sub?.name ?? `#${node.streamId}`, vscode.TreeItemCollapsibleState.None);
    item.id = `channel:${node.streamId}`;
    if (!store || !sub) return item;
    const unread = store.unreadCount({ streamId: node.streamId });
    const muted = sub.is_muted;
    item.iconPath = this.icons.icon(sub.color, muted);
    item.resourceUri = channelUri(node.streamId);
    const parts: string[] = [];
    if (unread > 0) parts.push(String(unread));
    if (sub.pin_to_top) parts.push(vscode.l10n.t('pinned'));
    if (muted) parts.push(vscode.l10n.t('muted'));
    if (sub.is_archived) parts.push(vscode.l10n.t('archived'));
    item.description = parts.join(' · ');
    item.tooltip = tooltip(sub.name, sub.description, unread, muted, sub.pin_to_top, sub.invite_only);
    let context = 'channel';
    if (muted) context += '.muted';
    if (sub.pin_to_top) context += '.pinned';
    if (unread > 0) context += '.unread';
    if (canRemoveOthers(store, node.streamId)) context += '.canRemoveOthers';
    if (canMoveToFolder(store)) context += '.canMoveToFolder';
    item.contextValue = context;
    item.accessibilityInformation = {
      label: [
        sub.name,
        ...(unread ? [vscode.l10n.t('{0} unread', unread)] : []),
        ...(muted ? [vscode.l10n.t('muted')] : []),
      ].join(', '),
    };
    return item;
  }
}

function tooltip(
  name: string,
  description: string,
  unread: number,
  muted: boolean,
  pinned: boolean,
  invite: boolean,
): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown(`**${invite ? '🔒 ' : '#'}`);
  md.appendText(name);
  md.appendMarkdown('**');
  if (description) {
    md.appendMarkdown('\n\n');
    md.appendText(description);
  }
  const states = [
    vscode.l10n.t('{0} unread', unread),
    ...(muted ? [vscode.l10n.t('muted')] : []),
    ...(pinned ? [vscode.l10n.t('pinned')] : []),
  ];
  md.appendMarkdown(`\n\n${states.join(' · ')}`);
  md.appendMarkdown(
    `\n\n_${vscode.l10n.t('Right-click for mute, pin, colour, notifications, email address, unsubscribe.')}_`,
  );
  return md;
}

/**
 * Whether the own user may remove others from the channel in some way (docs/API.md operation 10):
 * administrators always; members of the channel's `can_remove_subscribers_group`; or anybody
 * owning a bot. The command checks the exact case per user.
 */
export function canRemoveOthers(store: ChatStore, streamId: number): boolean {
  if ((store.ownUser?.role ?? 400) <= 200) return true;
  const group = store.subscription(streamId)?.can_remove_subscribers_group;
  if (group !== undefined && store.realm.inGroup(group) === true) return true;
  return ownsBots(store);
}

/**
 * Moving channels between folders: channel administrators (here: organisation administrators) on servers with folders.
 */
export function canMoveToFolder(store: ChatStore): boolean {
  return store.featureLevel >= FL.channelFolders && (store.ownUser?.role ?? 400) <= 200;
}

const botOwners = new WeakMap<ChatStore, { users: unknown; owns: boolean }>();
/** Cached per users list: the tree asks for every row. */
export function ownsBots(store: ChatStore): boolean {
  const users = store.users();
  const cached = botOwners.get(store);
  if (cached && cached.users === users) return cached.owns;
  const owns = users.some((u) => u.is_bot && u.is_active !== false && u.bot_owner_id === store.ownUserId);
  botOwners.set(store, { users, owns });
  return owns;
}

/** Dims muted channels (the label colour of the row). */
export class MutedChannelDecorations extends Disposable implements vscode.FileDecorationProvider {
  readonly #onDidChange = this._register(new Emitter<vscode.Uri[] | undefined>());
  readonly onDidChangeFileDecorations = this.#onDidChange.event;

  constructor(private readonly model: ChannelsModel) {
    super();
    this._register(
      model.onDidChange((nodes) =>
        this.#onDidChange.fire(nodes ? nodes.map((n) => channelUri(n.streamId)) : undefined),
      ),
    );
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== CHANNEL_URI_SCHEME) return undefined;
    const streamId = Number(uri.path.slice(1));
    const sub = this.model.store?.subscription(streamId);
    if (!sub?.is_muted) return undefined;
    return { color: new vscode.ThemeColor('list.deemphasizedForeground'), tooltip: vscode.l10n.t('Muted') };
  }
}
