/**
 * Channel folders (feature level 389; `order` and reordering from 414): the model and the
 * operations. Creating, changing and reordering folders and moving a channel into one are for
 * organisation administrators (the server refuses others with "Must be an organization
 * administrator" / "You do not have permission to administer this channel.").
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { FL } from '../features';
import { type CallContext, defineOperation, envelope } from '../operation';
import { flag, idOf, requiredText, textOf } from '../params';

import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from './folderLimits';

/** A channel folder (`channel_folders` of /register, `GET /channel_folders`, `channel_folder` events). */
export const ChannelFolder = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  rendered_description: z.string(),
  /** Display order, 0-based (feature level 414); absent before: order by id. */
  order: z.number().int().optional(),
  is_archived: z.boolean(),
  date_created: z.number().int().optional(),
  creator_id: z.number().int().nullable().optional(),
});
export type ChannelFolder = z.infer<typeof ChannelFolder>;

const folderId = idOf(() => l10n.t('The channel folder id'));

function checkFoldersServer(_p: unknown, ctx: CallContext): void {
  if (ctx.server.featureLevel < FL.channelFolders) {
    throw new ValidationError(
      l10n.t('This server (feature level {0}) has no channel folders.', ctx.server.featureLevel),
      ctx.route,
    );
  }
}

const folderName = requiredText(
  () => l10n.t('The folder name'),
  () => l10n.t('The folder name cannot be empty.'),
).max(MAX_CHANNEL_FOLDER_NAME_LENGTH, {
  error: () => l10n.t('The folder name can be at most {0} characters.', MAX_CHANNEL_FOLDER_NAME_LENGTH),
});
const folderDescription = textOf(() => l10n.t('The folder description')).max(MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, {
  error: () => l10n.t('The folder description can be at most {0} characters.', MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH),
});

/** `POST /channel_folders/create`: a new folder (last in the order); returns its id. */
const createChannelFolder = defineOperation({
  method: 'POST',
  path: '/channel_folders/create',
  params: z.object({ name: folderName, description: folderDescription.default('') }),
  response: envelope({ channel_folder_id: z.number().int() }),
  check: checkFoldersServer,
});

/** `GET /channel_folders`: the organisation's folders in display order (archived ones with `include_archived`). */
const getChannelFolders = defineOperation({
  method: 'GET',
  path: '/channel_folders',
  params: z.object({ include_archived: flag('include_archived').optional() }),
  response: envelope({ channel_folders: z.array(ChannelFolder) }),
  check: checkFoldersServer,
});

/** `PATCH /channel_folders/{channel_folder_id}`: renames, describes, archives or unarchives a folder. */
const updateChannelFolder = defineOperation({
  method: 'PATCH',
  path: '/channel_folders/{channel_folder_id}',
  params: z.object({
    channel_folder_id: folderId,
    name: folderName.optional(),
    description: folderDescription.optional(),
    is_archived: flag('is_archived').optional(),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    checkFoldersServer(p, ctx);
    if (p.name === undefined && p.description === undefined && p.is_archived === undefined) {
      throw new ValidationError(
        l10n.t('Nothing to change: give a name, a description or whether the folder is archived.'),
        ctx.route,
      );
    }
  },
});

/** `PATCH /channel_folders` (feature level 414): the new order, every folder's id once. */
const reorderChannelFolders = defineOperation({
  method: 'PATCH',
  path: '/channel_folders',
  params: z.object({
    order: z.array(folderId, { error: () => l10n.t('The order must be a list of channel folder ids.') }),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    if (ctx.server.featureLevel < FL.channelFolderOrder) {
      throw new ValidationError(
        l10n.t('This server (feature level {0}) cannot reorder channel folders.', ctx.server.featureLevel),
        ctx.route,
      );
    }
    if (new Set(p.order).size !== p.order.length)
      throw new ValidationError(l10n.t('Each folder can appear only once in the order.'), ctx.route, 'order');
  },
});

/** `PATCH /streams/{stream_id}` with `folder_id` only: moves a channel into a folder, or (null) out of it. */
const setChannelFolder = defineOperation({
  method: 'PATCH',
  path: '/streams/{stream_id}',
  params: z.object({ stream_id: idOf(() => l10n.t('The channel id')), folder_id: folderId.nullable() }),
  response: envelope({}),
  check: checkFoldersServer,
});

export const channelFolderOperations = {
  'POST /channel_folders/create': createChannelFolder,
  'GET /channel_folders': getChannelFolders,
  'PATCH /channel_folders/{channel_folder_id}': updateChannelFolder,
  'PATCH /channel_folders': reorderChannelFolders,
  'PATCH /streams/{stream_id}': setChannelFolder,
} as const;

/**
 * `channel_folder` events: `add` (a new folder), `update` (the changed fields in `data`: `name`,
 * `description` with `rendered_description`, `is_archived`) and, from feature level 418, `reorder`
 * (every folder id in the new order).
 */
export const ChannelFolderEvent = z.discriminatedUnion('op', [
  z.looseObject({
    id: z.number().int(),
    type: z.literal('channel_folder'),
    op: z.literal('add'),
    channel_folder: ChannelFolder,
  }),
  z.looseObject({
    id: z.number().int(),
    type: z.literal('channel_folder'),
    op: z.literal('update'),
    channel_folder_id: z.number().int(),
    data: z.looseObject({
      name: z.string().optional(),
      description: z.string().optional(),
      rendered_description: z.string().optional(),
      is_archived: z.boolean().optional(),
    }),
  }),
  z.looseObject({
    id: z.number().int(),
    type: z.literal('channel_folder'),
    op: z.literal('reorder'),
    order: z.array(z.number().int()),
  }),
]);
export type ChannelFolderEvent = z.infer<typeof ChannelFolderEvent>;
