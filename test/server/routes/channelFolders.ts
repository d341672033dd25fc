/**
 * Channel folders as the real server keeps them (zerver/views/channel_folders.py,
 * zerver/actions/channel_folders.py): created, renamed, described, archived and (feature level 414)
 * reordered by administrators only; every change sent to every active user as a `channel_folder`
 * event (`reorder` events from 418). A channel joins or leaves a folder by `PATCH /streams/{id}`
 * `folder_id`, announced as a `stream` update event with `property: "folder_id"`.
 */
import { ChatServer } from '../core';
import { ApiError, badRequest } from '../errors';
import { intArray, isInt } from '../params';
import { Ctx, Route } from '../router';
import { ChannelFolder, Stream } from '../types';

/** The feature levels of the folder API. */
export const FOLDERS_FL = { folders: 389, order: 414, reorderEvent: 418 } as const;
/** `ChannelFolder.MAX_NAME_LENGTH` / `MAX_DESCRIPTION_LENGTH` (sent in /register from 410). */
export const MAX_FOLDER_NAME = 60;
export const MAX_FOLDER_DESCRIPTION = 1024;

const adminRequired = (): ApiError => badRequest('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');

export function folderJson(srv: ChatServer, f: ChannelFolder): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    description: f.description,
    rendered_description: f.renderedDescription,
    creator_id: f.creatorId,
    date_created: f.dateCreated,
    is_archived: f.isArchived,
  };
  if (srv.fl >= FOLDERS_FL.order) out.order = f.order;
  return out;
}

/** The realm's folders in the order the server lists them: by `order` from 414, by id before. */
export function listFolders(srv: ChatServer, includeArchived: boolean): Record<string, unknown>[] {
  const key = srv.fl >= FOLDERS_FL.order ? (f: ChannelFolder) => f.order : (f: ChannelFolder) => f.id;
  return srv.state.channelFolders
    .filter((f) => includeArchived || !f.isArchived)
    .sort((a, b) => key(a) - key(b) || a.id - b.id)
    .map((f) => folderJson(srv, f));
}

/** Adds a folder (fixtures and the create endpoint); its order is its id, as on the real server. */
export function addFolder(srv: ChatServer, name: string, description: string, creatorId: number | null): ChannelFolder {
  const id = srv.state.nextId('channel_folder');
  const folder: ChannelFolder = {
    id,
    name,
    description,
    renderedDescription: description ? srv.render(description).html : '',
    order: id,
    isArchived: false,
    dateCreated: srv.now(),
    creatorId,
  };
  srv.state.channelFolders.push(folder);
  return folder;
}

/** `check_channel_folder_name`: not blank, printable, unique regardless of case (archived ones too). */
function checkName(srv: ChatServer, name: string): void {
  if (name.trim() === '') throw badRequest("Channel folder name can't be empty.");
  const bad = [...name].findIndex((c) => /[\p{Cc}\p{Cs}]/u.test(c) && c !== '\n' && c !== '\t');
  if (bad >= 0) throw badRequest(`Invalid character in channel folder name, at position ${bad + 1}.`);
  if (srv.state.channelFolders.some((f) => f.name.toLowerCase() === name.toLowerCase()))
    throw badRequest(`Channel folder '${name}' already exists`);
}

function checkLength(name: string, value: string, max: number): void {
  if ([...value].length > max) throw badRequest(`${name} is too long (limit: ${max} characters)`, 'BAD_REQUEST');
}

function folderById(srv: ChatServer, id: number): ChannelFolder {
  const f = srv.state.channelFolders.find((x) => x.id === id);
  if (!f) throw badRequest('Invalid channel folder ID');
  return f;
}

/** `folder_id` of `POST /users/me/subscriptions` (389): the folder new channels go in, checked before any is made. */
export function newChannelsFolder(srv: ChatServer, id: number | undefined): number | null {
  return id === undefined ? null : folderById(srv, id).id;
}

function sendFolderEvent(srv: ChatServer, event: Record<string, unknown>): void {
  srv.queues.send(srv.activeUserIds(), 'channel_folder', { type: 'channel_folder', ...event });
}

function createFolder({ srv, user, p }: Ctx): Record<string, unknown> {
  if (!srv.state.isAdmin(user)) throw adminRequired();
  const name = p.name as string;
  const description = p.description as string;
  checkLength('description', description, MAX_FOLDER_DESCRIPTION);
  checkLength('name', name, MAX_FOLDER_NAME);
  checkName(srv, name);
  const folder = addFolder(srv, name, description, user.id);
  sendFolderEvent(srv, { op: 'add', channel_folder: folderJson(srv, folder) });
  return { channel_folder_id: folder.id };
}

function updateFolder({ srv, user, p, path }: Ctx): Record<string, unknown> {
  if (!srv.state.isAdmin(user)) throw adminRequired();
  const folder = folderById(srv, Number(path.channel_folder_id));
  const update = (data: Record<string, unknown>): void =>
    sendFolderEvent(srv, { op: 'update', channel_folder_id: folder.id, data });
  if (typeof p.description === 'string') checkLength('description', p.description, MAX_FOLDER_DESCRIPTION);
  if (typeof p.name === 'string') checkLength('name', p.name, MAX_FOLDER_NAME);
  if (typeof p.name === 'string' && p.name !== folder.name) {
    checkName(srv, p.name);
    folder.name = p.name;
    update({ name: folder.name });
  }
  if (typeof p.description === 'string' && p.description !== folder.description) {
    folder.description = p.description;
    folder.renderedDescription = p.description ? srv.render(p.description).html : '';
    update({ description: folder.description, rendered_description: folder.renderedDescription });
  }
  if (typeof p.is_archived === 'boolean' && p.is_archived !== folder.isArchived) {
    if (p.is_archived && [...srv.state.streams.values()].some((s) => s.folderId === folder.id && !s.isArchived)) {
      throw badRequest('You need to remove all the channels from this folder to archive it.');
    }
    folder.isArchived = p.is_archived;
    update({ is_archived: folder.isArchived });
  }
  return {};
}

function reorderFolders({ srv, user, p }: Ctx): Record<string, unknown> {
  if (!srv.state.isAdmin(user)) throw adminRequired();
  const order = p.order as number[];
  const position = new Map(order.map((id, i) => [id, i]));
  if (srv.state.channelFolders.some((f) => !position.has(f.id))) throw badRequest('Invalid order mapping.');
  for (const f of srv.state.channelFolders) f.order = position.get(f.id)!;
  if (srv.fl >= FOLDERS_FL.reorderEvent) sendFolderEvent(srv, { op: 'reorder', order });
  return {};
}

/**
 * The `folder_id` of `PATCH /streams/{stream_id}` (test/server/routes/streamUpdate.ts): an id, or
 * null to take the channel out; refused before anything changes when the folder does not exist.
 */
export function checkStreamFolder(srv: ChatServer, folderId: number | null): void {
  if (folderId !== null) folderById(srv, folderId);
}

/** Moves the channel into the folder, with the `stream` update event to everyone who sees it. */
export function setStreamFolder(srv: ChatServer, stream: Stream, folderId: number | null): void {
  const st = srv.state;
  stream.folderId = folderId;
  st.subsVersion++;
  const viewers = [...st.users.values()].filter((u) => u.isActive && st.canAccessStream(u, stream)).map((u) => u.id);
  srv.queues.send(viewers, 'stream', {
    type: 'stream',
    op: 'update',
    stream_id: stream.id,
    name: stream.name,
    property: 'folder_id',
    value: folderId,
  });
}

export const intOrNull = (v: unknown): string | null => (v === null || isInt(v) ? null : '$ is not an integer');

export const channelFolderRoutes: Route[] = [
  {
    method: 'POST',
    path: '/channel_folders/create',
    since: FOLDERS_FL.folders,
    handler: createFolder,
    params: { name: { t: 'str', req: true }, description: { t: 'str', req: true } },
  },
  {
    method: 'GET',
    path: '/channel_folders',
    since: FOLDERS_FL.folders,
    params: { include_archived: { t: 'bool', dflt: false } },
    handler: ({ srv, p }) => ({ channel_folders: listFolders(srv, p.include_archived as boolean) }),
  },
  {
    method: 'PATCH',
    path: '/channel_folders',
    since: FOLDERS_FL.order,
    handler: reorderFolders,
    params: { order: { t: 'json', req: true, check: intArray } },
  },
  {
    method: 'PATCH',
    path: '/channel_folders/{channel_folder_id:int}',
    since: FOLDERS_FL.folders,
    handler: updateFolder,
    params: { name: { t: 'str' }, description: { t: 'str' }, is_archived: { t: 'bool' } },
  },
];

/** The /register sections: `channel_folders` (archived ones included, as the real server sends them) and the limits (410). */
export function channelFolderSections(srv: ChatServer, fetch: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (fetch.has('channel_folders') && srv.fl >= FOLDERS_FL.folders) out.channel_folders = listFolders(srv, true);
  if (fetch.has('realm') && srv.fl >= 410) {
    out.max_channel_folder_name_length = MAX_FOLDER_NAME;
    out.max_channel_folder_description_length = MAX_FOLDER_DESCRIPTION;
  }
  return out;
}
