import { route } from '../route';

/** `POST /channel_folders/create` (administrators, FL 389): a new channel folder; returns `channel_folder_id`. */
export const createChannelFolder = route('POST /channel_folders/create');

/** `GET /channel_folders` (FL 389): the organisation's channel folders in display order. */
export const getChannelFolders = route('GET /channel_folders');

/** `PATCH /channel_folders/{channel_folder_id}` (administrators): rename, describe, archive or unarchive a folder. */
export const updateChannelFolder = route('PATCH /channel_folders/{channel_folder_id}');

/** `PATCH /channel_folders` (administrators, FL 414): the folders' new order. */
export const reorderChannelFolders = route('PATCH /channel_folders');

/**
 * `PATCH /streams/{stream_id}` with `folder_id` (channel administrators): moves a channel into a folder or (null) out.
 */
export const setChannelFolder = route('PATCH /streams/{stream_id}');
