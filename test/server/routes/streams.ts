// `GET /streams` as the real server answers it (zerver/views/streams.py `get_streams_backend`):
// the union of the public channels (not for guests), the web-public ones, the subscribed ones and
// (bots) their owner's, or every channel for administrators with `include_all`; archived channels
// only with `exclude_archived=false` (feature level 315); sorted by name.
import type { ChatServer } from '../core';
import { badRequest } from '../errors';
import type { Ctx, Route } from '../router';
import { serializeStream } from '../serialize';
import { GROUP } from '../state';
import type { Stream, User } from '../types';
import { ROLE } from '../types';

function getStreams(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  // Renamed from `include_all_active` at feature level 356.
  const includeAll: boolean = srv.fl >= 356 ? p.include_all : p.include_all_active;
  if (includeAll && !st.isAdmin(user)) throw badRequest('User not authorized for this query');
  const includePublic = p.include_public && user.role !== ROLE.guest;
  const ownerId = user.isBot ? user.botOwnerId : null;
  // Before feature level 315 archived channels were never listed.
  const excludeArchived = srv.fl >= 315 ? p.exclude_archived : true;
  const listed = (s: Stream): boolean =>
    includeAll ||
    (includePublic && !s.inviteOnly) ||
    (p.include_web_public && s.isWebPublic) ||
    (p.include_subscribed && s.subscribers.has(user.id)) ||
    (p.include_owner_subscribed && ownerId !== null && s.subscribers.has(ownerId));
  const streams = [...st.streams.values()]
    .filter((s) => !(excludeArchived && s.isArchived) && listed(s))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
    .map((s) => {
      const out = serializeStream(srv, s);
      // There are no default channels in the local organisation.
      if (p.include_default) out.is_default = false;
      return out;
    });
  return { streams };
}

export const streamRoutes: Route[] = [
  {
    method: 'GET',
    path: '/streams',
    handler: getStreams,
    params: {
      include_public: { t: 'bool', dflt: true },
      include_web_public: { t: 'bool', dflt: false },
      include_subscribed: { t: 'bool', dflt: true },
      include_owner_subscribed: { t: 'bool', dflt: false },
      include_default: { t: 'bool', dflt: false },
      exclude_archived: { t: 'bool', dflt: true, since: 315 },
      include_all: { t: 'bool', dflt: false, since: 356 },
      include_all_active: { t: 'bool', dflt: false },
      include_can_access_content: { t: 'bool', dflt: false, since: 356 },
    },
  },
];

/** Legacy policy codes for the system groups a creation setting may name (before the group settings). */
const POLICY_OF_GROUP: Record<number, number> = {
  [GROUP.members]: 1,
  [GROUP.administrators]: 2,
  [GROUP.fullMembers]: 3,
  [GROUP.moderators]: 4,
};
const WEB_PUBLIC_POLICY_OF_GROUP: Record<number, number> = {
  [GROUP.administrators]: 2,
  [GROUP.moderators]: 4,
  [GROUP.nobody]: 6,
  [GROUP.owners]: 7,
};

/**
 * The `/register` keys of who may create channels: group settings from feature levels 264
 * (public), 266 (private) and 280 (web-public); before, `realm_create_*_stream_policy` codes.
 * `server_web_public_streams_enabled` with `realm_enable_spectator_access` allow web-public ones.
 */
export function channelCreationSettings(srv: ChatServer): Record<string, unknown> {
  const group = (key: string): number => srv.realmSetting<number>(key);
  const out: Record<string, unknown> = { server_web_public_streams_enabled: true };
  const put = (since: number, key: string, legacyKey: string, policies: Record<number, number>): void => {
    if (srv.fl >= since) out[`realm_${key}`] = group(key);
    else out[`realm_${legacyKey}`] = policies[group(key)] ?? 2;
  };
  put(264, 'can_create_public_channel_group', 'create_public_stream_policy', POLICY_OF_GROUP);
  put(266, 'can_create_private_channel_group', 'create_private_stream_policy', POLICY_OF_GROUP);
  put(280, 'can_create_web_public_channel_group', 'create_web_public_stream_policy', WEB_PUBLIC_POLICY_OF_GROUP);
  return out;
}

/**
 * The real server's checks before creating a channel (`list_to_streams`): the description's
 * length, web-public channels enabled, then the creation permission of its kind.
 */
export function checkNewChannel(
  srv: ChatServer,
  user: User,
  spec: { description: string; invite_only: boolean; is_web_public: boolean },
): void {
  const st = srv.state;
  if ([...spec.description].length > 1024) throw badRequest('Channel description too long (limit: 1024 characters).');
  if (spec.is_web_public && !srv.realmSetting<boolean>('enable_spectator_access'))
    throw badRequest('Web-public channels are not enabled.');
  const may = (key: string): boolean => user.role !== ROLE.guest && st.inGroup(user, srv.realmSetting<number>(key));
  if (!may(spec.invite_only ? 'can_create_private_channel_group' : 'can_create_public_channel_group'))
    throw badRequest('Insufficient permission');
  if (spec.is_web_public && !may('can_create_web_public_channel_group')) throw badRequest('Insufficient permission');
}
