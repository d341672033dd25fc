/**
 * The Inbox's channels grouped by channel folder, as Zulip's inbox groups them (feature level 431,
 * the user's `web_inbox_show_channel_folders`): pinned channels first, then each folder in its
 * order, then "Other channels"; empty groups left out. No `vscode` import (unit tests build it).
 */
import type { ChatStore } from '../../store';
import { groupByFolder, showsFolders } from '../../store/channelFolders';
import type { ChannelRow, FolderRow } from './rows';

/** The group of pinned channels (Zulip's inbox shows them apart, before the folders). */
export const PINNED_CHANNELS = -2;

/**
 * The channel rows grouped by folder, or undefined when the Inbox does not group (old server, setting off, no folder).
 */
export function inboxFolders(store: ChatStore, channels: readonly ChannelRow[]): FolderRow[] | undefined {
  if (!showsFolders('inbox', store.featureLevel, store.userSettings, store.channelFolders.all())) return undefined;
  const pinned = channels.filter((c) => store.subscription(c.streamId)?.pin_to_top);
  const rest = channels.filter((c) => !store.subscription(c.streamId)?.pin_to_top);
  const groups = [
    ...(pinned.length > 0 ? [{ folderId: PINNED_CHANNELS, items: pinned }] : []),
    ...groupByFolder(rest, (c) => store.subscription(c.streamId)?.folder_id, store.channelFolders.all()),
  ];
  return groups.map((g) => ({
    kind: 'folder',
    folderId: g.folderId,
    count: g.items.reduce((n, c) => n + c.count, 0),
    channels: g.items,
  }));
}
