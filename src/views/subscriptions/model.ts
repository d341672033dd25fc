/**
 * The channels tree's model: one stable node per subscribed channel (so the provider can refresh
 * single rows) and per channel folder, the layout of the last listing, and a change event naming
 * the rows that changed (`undefined`: the whole list — a rebuild, a (un)subscription, a pin, a
 * rename, a folder change). With channel folders (feature level 389, the user's
 * `web_left_sidebar_show_channel_folders`) pinned channels stay on top and the others are grouped
 * by folder, "Other channels" last, as Zulip's left sidebar shows them.
 */
import { Emitter } from '../../base/event';
import type { SessionManager } from '../../session/manager';
import { Disposable } from '../../base/lifecycle';
import type { ChatStore, StoreChange } from '../../store';
import { groupByFolder, showsFolders } from '../../store/channelFolders';

export interface ChannelNode {
  readonly kind: 'channel';
  readonly streamId: number;
}

/** A channel folder's row, or (`OTHER_CHANNELS`) the one of channels in no folder. */
export interface FolderNode {
  readonly kind: 'folder';
  readonly folderId: number;
}

export type ChannelsTreeNode = ChannelNode | FolderNode;

export class ChannelsModel extends Disposable {
  readonly #nodes = new Map<number, ChannelNode>();
  readonly #folderNodes = new Map<number, FolderNode>();
  #layout = '';
  readonly #onDidChange = this._register(new Emitter<readonly ChannelNode[] | undefined>());
  readonly onDidChange = this.#onDidChange.event;
  readonly #onDidChangeTotal = this._register(new Emitter<void>());
  /** The unread total may have changed (badge, status bar). */
  readonly onDidChangeTotal = this.#onDidChangeTotal.event;

  constructor(private readonly sessions: SessionManager) {
    super();
    this._register(sessions.onDidChange(() => this.#reset()));
    this._register(sessions.onDidChangeStore((c) => this.#onStore(c)));
  }

  get store(): ChatStore | undefined {
    return this.sessions.current?.store;
  }

  node(streamId: number): ChannelNode {
    let node = this.#nodes.get(streamId);
    if (!node) this.#nodes.set(streamId, (node = { kind: 'channel', streamId }));
    return node;
  }

  folderNode(folderId: number): FolderNode {
    let node = this.#folderNodes.get(folderId);
    if (!node) this.#folderNodes.set(folderId, (node = { kind: 'folder', folderId }));
    return node;
  }

  /** Every subscribed channel, pinned first, then by name; O(n) with the store's cached order. */
  roots(): ChannelNode[] {
    // What was listed: later changes that keep this layout refresh single rows.
    this.#layout = this.#signature();
    return (this.store?.subscriptions() ?? []).map((s) => this.node(s.stream_id));
  }

  /** Whether the tree groups channels by folder now. */
  grouped(): boolean {
    const store = this.store;
    return (
      store !== undefined && showsFolders('sidebar', store.featureLevel, store.userSettings, store.channelFolders.all())
    );
  }

  /** The top rows: every channel (ungrouped), or the pinned channels and then the folders that hold channels. */
  top(): ChannelsTreeNode[] {
    const { pinned, groups } = this.#grouping();
    if (!groups) return this.roots();
    this.#layout = this.#signature();
    return [...pinned.map((id) => this.node(id)), ...groups.map((g) => this.folderNode(g.folderId))];
  }

  /** A folder's channels, in the channel list's order. */
  children(folder: FolderNode): ChannelNode[] {
    const group = this.#grouping().groups?.find((g) => g.folderId === folder.folderId);
    return (group?.items ?? []).map((id) => this.node(id));
  }

  /** The folder row a channel is shown under (undefined: a top row). */
  parentOf(node: ChannelNode): FolderNode | undefined {
    const group = this.#grouping().groups?.find((g) => g.items.includes(node.streamId));
    return group && this.folderNode(group.folderId);
  }

  #grouping(): { pinned: number[]; groups: { folderId: number; items: readonly number[] }[] | undefined } {
    const store = this.store;
    const subs = store?.subscriptions() ?? [];
    if (!store || !this.grouped()) return { pinned: [], groups: undefined };
    const pinned = subs.filter((s) => s.pin_to_top).map((s) => s.stream_id);
    const rest = subs.filter((s) => !s.pin_to_top);
    const groups = groupByFolder(rest, (s) => s.folder_id, store.channelFolders.all()).map((g) => ({
      folderId: g.folderId,
      items: g.items.map((s) => s.stream_id),
    }));
    return { pinned, groups };
  }

  /** The layout as text: which rows there are, in which order, under which folder. */
  #signature(): string {
    const { pinned, groups } = this.#grouping();
    if (!groups) return (this.store?.subscriptions() ?? []).map((s) => s.stream_id).join(',');
    return `${pinned.join(',')}|${groups.map((g) => `${g.folderId}:${g.items.join(',')}`).join('|')}`;
  }

  /** Reload everything (refresh command). */
  refresh(): void {
    this.#reset();
  }

  #reset(): void {
    this.#nodes.clear();
    this.#folderNodes.clear();
    this.#onDidChange.fire(undefined);
    this.#onDidChangeTotal.fire();
  }

  #onStore(change: StoreChange): void {
    const a = change.areas;
    if (a.has('unreads') || a.has('subscriptions') || a.has('userTopics')) this.#onDidChangeTotal.fire();
    if (change.full) return this.#reset();
    // A folder renamed or archived, or the grouping setting changed: the folder rows are redrawn.
    if (a.has('channelFolders') || (a.has('userSettings') && this.#signature() !== this.#layout))
      return this.#onDidChange.fire(undefined);
    if (!a.has('subscriptions') && !a.has('unreads') && !a.has('userTopics')) return;
    if (a.has('subscriptions') && this.#signature() !== this.#layout) return this.#onDidChange.fire(undefined);
    const changed: ChannelNode[] = [];
    for (const id of change.streamIds) {
      const node = this.#nodes.get(id);
      if (node) changed.push(node);
    }
    if (changed.length > 0) this.#onDidChange.fire(changed);
  }
}
