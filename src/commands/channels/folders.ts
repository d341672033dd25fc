/**
 * Channel folder commands (feature level 389), for organisation administrators: create, rename,
 * reorder (414) and archive folders, and move a channel into a folder (or out of every folder).
 * Each takes a tree node from a menu, a plain object from tests and other commands, or nothing
 * (it asks). The tree follows the server's events; nothing here changes the store.
 */
import * as vscode from 'vscode';
import { FL } from '../../api/features';
import type { ChannelFolder } from '../../api/channels/folders';
import { MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../../api/channels/folderLimits';
import {
  createChannelFolder,
  reorderChannelFolders,
  setChannelFolder,
  updateChannelFolder,
} from '../../api/channels/folderRoutes';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import type { CommandDeclaration } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { moveOneStep } from '../../ui/reorder';
import { channelOf, type ChannelArg } from './common';
import { askText, pickOne } from '../../ui/quickInput';

export interface FolderArg {
  readonly kind?: 'folder';
  readonly folderId?: number;
}

/** Folders are managed by organisation administrators on servers that have them. */
function requireFolderAdmin(current: CurrentSession, level: number = FL.channelFolders): void {
  const store = current.store;
  if (store.featureLevel < level) {
    throw new UserFacingError(
      vscode.l10n.t('This server (feature level {0}) does not support this for channel folders.', store.featureLevel),
    );
  }
  const role = store.ownUser?.role;
  if (role === undefined || role > 200)
    throw new UserFacingError(vscode.l10n.t('Only organization administrators can manage channel folders.'));
}

function validateName(current: CurrentSession, except?: number) {
  return (value: string): string | undefined => {
    const name = value.trim();
    if (name === '') return vscode.l10n.t('The folder name cannot be empty.');
    if ([...name].length > MAX_CHANNEL_FOLDER_NAME_LENGTH)
      return vscode.l10n.t('The folder name can be at most {0} characters.', MAX_CHANNEL_FOLDER_NAME_LENGTH);
    const taken = current.store.channelFolders
      .all()
      .some((f) => f.id !== except && f.name.toLowerCase() === name.toLowerCase());
    return taken ? vscode.l10n.t('A channel folder named {0} already exists.', name) : undefined;
  };
}

/** The folder of the argument, or one the user picks among the shown ones; undefined when dismissed. */
async function folderOf(
  current: CurrentSession,
  arg: FolderArg | undefined,
  placeHolder: string,
): Promise<ChannelFolder | undefined> {
  if (arg?.folderId !== undefined) {
    const folder = current.store.channelFolders.get(arg.folderId);
    if (!folder) throw new UserFacingError(vscode.l10n.t('The channel folder {0} no longer exists.', arg.folderId));
    return folder;
  }
  const folders = current.store.channelFolders.active();
  if (folders.length === 0) throw new UserFacingError(vscode.l10n.t('This organization has no channel folders.'));
  const picked = await pickOne(
    folders.map((f) => ({ label: f.name, description: f.description, folder: f })),
    { placeHolder },
  );
  return picked?.folder;
}

const createCommand: CommandDeclaration = {
  id: Commands.createChannelFolder,
  session: true,
  failure: vscode.l10n.t('Could not create the channel folder'),
  /** Resolves to the new folder's id; undefined when dismissed. */
  async run({ current }, arg?: { name?: string; description?: string }): Promise<number | undefined> {
    requireFolderAdmin(current);
    const name =
      arg?.name ??
      (await askText({
        title: vscode.l10n.t('New Channel Folder'),
        prompt: vscode.l10n.t('The folder name'),
        validateInput: validateName(current),
      }));
    if (name === undefined) return undefined;
    const description =
      arg?.description ??
      (arg?.name !== undefined
        ? ''
        : await askText({
            title: vscode.l10n.t('New Channel Folder'),
            prompt: vscode.l10n.t('A description (optional)'),
          }));
    if (description === undefined) return undefined;
    const { channel_folder_id } = await withNotification(vscode.l10n.t('Creating the channel folder…'), (signal) =>
      createChannelFolder(current.client, { name: name.trim(), description }, { signal }),
    );
    return channel_folder_id;
  },
};

const renameCommand: CommandDeclaration = {
  id: Commands.renameChannelFolder,
  session: true,
  failure: vscode.l10n.t('Could not rename the channel folder'),
  async run({ current }, arg?: FolderArg & { name?: string }): Promise<string | undefined> {
    requireFolderAdmin(current);
    const folder = await folderOf(current, arg, vscode.l10n.t('Channel folder to rename'));
    if (!folder) return undefined;
    const name =
      arg?.name ??
      (await askText({
        title: vscode.l10n.t('Rename Channel Folder'),
        value: folder.name,
        validateInput: validateName(current, folder.id),
      }));
    if (name === undefined || name.trim() === folder.name) return undefined;
    await withNotification(vscode.l10n.t('Renaming the channel folder…'), (signal) =>
      updateChannelFolder(current.client, { channel_folder_id: folder.id, name: name.trim() }, { signal }),
    );
    return name.trim();
  },
};

const archiveCommand: CommandDeclaration = {
  id: Commands.archiveChannelFolder,
  session: true,
  failure: vscode.l10n.t('Could not archive the channel folder'),
  async run({ current, interactive }, arg?: FolderArg): Promise<boolean> {
    requireFolderAdmin(current);
    const folder = await folderOf(current, arg, vscode.l10n.t('Channel folder to archive'));
    if (!folder) return false;
    if (interactive) {
      const archive = vscode.l10n.t('Archive');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Archive the channel folder {0}? It is hidden for everyone; its channels must be moved out first.',
          folder.name,
        ),
        { modal: true },
        archive,
      );
      if (answer !== archive) return false;
    }
    await withNotification(vscode.l10n.t('Archiving the channel folder…'), (signal) =>
      updateChannelFolder(current.client, { channel_folder_id: folder.id, is_archived: true }, { signal }),
    );
    return true;
  },
};

/** `-1` up, `+1` down: resolves to the new order (folder ids, archived ones last), undefined when dismissed. */
function moveCommand(delta: -1 | 1): CommandDeclaration {
  return {
    id: delta < 0 ? Commands.moveChannelFolderUp : Commands.moveChannelFolderDown,
    session: true,
    failure: vscode.l10n.t('Could not reorder the channel folders'),
    async run({ current }, arg?: FolderArg): Promise<number[] | undefined> {
      requireFolderAdmin(current, FL.channelFolderOrder);
      const folder = await folderOf(
        current,
        arg,
        delta < 0 ? vscode.l10n.t('Channel folder to move up') : vscode.l10n.t('Channel folder to move down'),
      );
      if (!folder) return undefined;
      const folders = current.store.channelFolders;
      const shown = moveOneStep(
        folders.active().map((f) => f.id),
        folder.id,
        delta,
        {
          first: () => vscode.l10n.t('The folder {0} is already first.', folder.name),
          last: () => vscode.l10n.t('The folder {0} is already last.', folder.name),
        },
      );
      // The server wants every folder: the archived ones keep their places after the shown ones.
      const order = [
        ...shown,
        ...folders
          .all()
          .filter((f) => f.is_archived)
          .map((f) => f.id),
      ];
      await withNotification(vscode.l10n.t('Reordering the channel folders…'), (signal) =>
        reorderChannelFolders(current.client, { order }, { signal }),
      );
      return order;
    },
  };
}

const moveChannelCommand: CommandDeclaration = {
  id: Commands.moveChannelToFolder,
  session: true,
  failure: vscode.l10n.t('Could not move the channel to the folder'),
  /**
   * `folderId` null takes the channel out of its folder; resolves to the folder id (null: none), undefined when
   * dismissed.
   */
  async run({ current }, arg?: ChannelArg & { folderId?: number | null }): Promise<number | null | undefined> {
    requireFolderAdmin(current);
    const streamId = await channelOf(current, arg, vscode.l10n.t('Channel to move to a folder'));
    if (streamId === undefined) return undefined;
    let folderId = arg?.folderId;
    if (folderId === undefined) {
      const now = current.store.subscription(streamId)?.folder_id ?? null;
      const none = {
        label: vscode.l10n.t('No folder'),
        description: vscode.l10n.t('under "Other channels"'),
        folderId: null as number | null,
      };
      const items = [
        ...current.store.channelFolders
          .active()
          .map((f) => ({ label: f.name, description: f.description, folderId: f.id as number | null })),
        none,
      ];
      const picked = await pickOne(
        items.map((i) => ({ ...i, detail: i.folderId === now ? vscode.l10n.t('current folder') : undefined })),
        { placeHolder: vscode.l10n.t('Folder for #{0}', current.store.channelName(streamId) ?? streamId) },
      );
      if (!picked) return undefined;
      folderId = picked.folderId;
    }
    const target = folderId;
    await withNotification(vscode.l10n.t('Moving the channel…'), (signal) =>
      setChannelFolder(current.client, { stream_id: streamId, folder_id: target }, { signal }),
    );
    return target;
  },
};

export const commands: CommandDeclaration[] = [
  createCommand,
  renameCommand,
  archiveCommand,
  moveCommand(-1),
  moveCommand(1),
  moveChannelCommand,
];
