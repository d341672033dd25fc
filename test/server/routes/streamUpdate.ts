// `PATCH /streams/{stream_id}`: one route for what the local server lets a channel's
// administrators change: its folder (`folder_id`, feature level 389; routes/channelFolders.ts) and
// its own permission groups (routes/channelPermissions.ts). Everything is checked before anything
// changes, as the real server does in one transaction; each change sends its `stream` update event.
import { badRequest } from '../errors';
import type { Ctx, Route } from '../router';
import { FOLDERS_FL, checkStreamFolder, intOrNull, setStreamFolder } from './channelFolders';
import { setStreamGroups, streamGroupChanges, streamGroupParams } from './channelPermissions';

function updateStream({ srv, user, p, path }: Ctx): Record<string, unknown> {
  const st = srv.state;
  const stream = st.streams.get(Number(path.stream_id));
  if (!stream || (!st.canAccessStream(user, stream) && !st.isAdmin(user))) throw badRequest('Invalid channel ID');
  // Here only organisation administrators administer channels (`can_administer_channel_group`).
  if (!st.isAdmin(user)) throw badRequest('You do not have permission to administer this channel.');
  const folderId = p.folder_id as number | null | undefined;
  if (folderId !== undefined) checkStreamFolder(srv, folderId);
  const groups = streamGroupChanges(srv, stream, p);
  if (folderId !== undefined) setStreamFolder(srv, stream, folderId);
  setStreamGroups(srv, stream, groups);
  return {};
}

export const streamUpdateRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/streams/{stream_id:int}',
    handler: updateStream,
    params: { folder_id: { t: 'json', check: intOrNull, since: FOLDERS_FL.folders }, ...streamGroupParams },
  },
];
