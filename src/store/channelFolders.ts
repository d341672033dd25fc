/**
 * The organisation's channel folders (feature level 389), kept current by `channel_folder` events,
 * and the pure grouping the Channels tree and the Inbox share: channels by folder in the folders'
 * order, channels without a folder (or in a folder this client does not know or that is archived)
 * last in "Other channels", as Zulip's left sidebar and inbox do. No `vscode`.
 */
import type { ChannelFolder, ChannelFolderEvent } from '../api/channels/folders';
import { FL } from '../api/features';

/** `order` (feature level 414), else (and on ties) the id. */
function byDisplayOrder(a: ChannelFolder, b: ChannelFolder): number {
  return (a.order ?? a.id) - (b.order ?? b.id) || a.id - b.id;
}

export class ChannelFolderIndex {
  readonly #byId = new Map<number, ChannelFolder>();
  #ordered: readonly ChannelFolder[] | undefined;

  reset(folders: readonly ChannelFolder[]): void {
    this.#byId.clear();
    for (const f of folders) this.#byId.set(f.id, f);
    this.#ordered = undefined;
  }

  /** Applies one event; false when it changed nothing this index knows. */
  apply(event: ChannelFolderEvent): boolean {
    this.#ordered = undefined;
    switch (event.op) {
      case 'add':
        this.#byId.set(event.channel_folder.id, event.channel_folder);
        return true;
      case 'update': {
        const folder = this.#byId.get(event.channel_folder_id);
        if (!folder) return false;
        const { name, description, rendered_description, is_archived } = event.data;
        const defined = Object.fromEntries(
          Object.entries({ name, description, rendered_description, is_archived }).filter(([, v]) => v !== undefined),
        );
        this.#byId.set(folder.id, { ...folder, ...defined });
        return true;
      }
      case 'reorder':
        event.order.forEach((id, order) => {
          const folder = this.#byId.get(id);
          if (folder) this.#byId.set(id, { ...folder, order });
        });
        return true;
    }
  }

  get(id: number): ChannelFolder | undefined {
    return this.#byId.get(id);
  }

  /** Every folder, archived ones included, in display order (`order`, then id). */
  all(): readonly ChannelFolder[] {
    return (this.#ordered ??= [...this.#byId.values()].sort(byDisplayOrder));
  }

  /** The folders shown: not archived, in display order. */
  active(): ChannelFolder[] {
    return this.all().filter((f) => !f.is_archived);
  }
}

/** Where channels without a (shown) folder go; Zulip's "Other channels". */
export const OTHER_CHANNELS = -1;

export interface FolderGroup<T> {
  /** A folder's id, or `OTHER_CHANNELS`. */
  readonly folderId: number;
  readonly items: readonly T[];
}

/**
 * Groups `items` (already in their list order, which each group keeps) by their channel's folder:
 * the shown folders in display order, each only when it has items, then the others. Archived
 * folders are hidden: their channels (the server refuses to archive a folder still holding active
 * channels, so these are rare) go to "Other channels".
 */
export function groupByFolder<T>(
  items: readonly T[],
  folderOf: (item: T) => number | null | undefined,
  folders: readonly ChannelFolder[],
): FolderGroup<T>[] {
  const shown = folders.filter((f) => !f.is_archived).sort(byDisplayOrder);
  const byFolder = new Map<number, T[]>(shown.map((f) => [f.id, []]));
  const other: T[] = [];
  for (const item of items) {
    const id = folderOf(item);
    const list = id === null || id === undefined ? undefined : byFolder.get(id);
    (list ?? other).push(item);
  }
  const groups: FolderGroup<T>[] = shown
    .filter((f) => byFolder.get(f.id)!.length > 0)
    .map((f) => ({ folderId: f.id, items: byFolder.get(f.id)! }));
  if (other.length > 0) groups.push({ folderId: OTHER_CHANNELS, items: other });
  return groups;
}

/**
 * Per view: the user setting that turns grouping on, the level from which the server has it, and
 * the level from which the view groups at all (the web app's sidebar grouped from the start; its
 * Inbox only with its setting).
 */
const VIEW_SETTING = {
  sidebar: {
    name: 'web_left_sidebar_show_channel_folders',
    since: FL.channelFoldersSidebarSetting,
    from: FL.channelFolders,
  },
  inbox: {
    name: 'web_inbox_show_channel_folders',
    since: FL.channelFoldersInboxSetting,
    from: FL.channelFoldersInboxSetting,
  },
} as const;

/**
 * Whether a view groups channels by folder: never below its level (as before folders); from there
 * as the user's setting says (on by default, as on the real server), and only when some folder is
 * shown.
 */
export function showsFolders(
  view: keyof typeof VIEW_SETTING,
  featureLevel: number,
  settings: Readonly<Record<string, unknown>>,
  folders: readonly ChannelFolder[],
): boolean {
  const setting = VIEW_SETTING[view];
  if (featureLevel < setting.from) return false;
  if (featureLevel >= setting.since && settings[setting.name] === false) return false;
  return folders.some((f) => !f.is_archived);
}
