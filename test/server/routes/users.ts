import { ChatServer } from '../core';
import { badRequest } from '../errors';
import { checkEmoji } from '../emoji';
import { oneOf } from '../params';
import { Ctx, Route } from '../router';
import { serializeUser } from '../serialize';
import { Presence, User, UserStatus } from '../types';
import { presenceFilter, presenceLastUpdateId, usersByIds } from '../slim';

function getUsers(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const opts = { clientGravatar: p.client_gravatar, includeProfile: p.include_custom_profile_fields };
  if (p.user_ids) return { members: usersByIds(srv, user, p.user_ids, opts) };
  const members = [...srv.state.users.values()]
    .filter((u) => !u.isSystemBot)
    .map((u) => serializeUser(srv, user, u, opts));
  return { members };
}

function getMe(ctx: Ctx): Record<string, unknown> {
  const { srv, user } = ctx;
  const st = srv.state;
  const um = st.userMessages.get(user.id);
  let max = -1;
  if (um) for (const id of um.keys()) if (id > max) max = id;
  // The real `GET /users/me` has no bot fields (bot_type, bot_owner_id), unlike the user objects of `GET /users`.
  const {
    bot_type: _type,
    bot_owner_id: _owner,
    ...me
  } = serializeUser(srv, user, user, { clientGravatar: false, includeProfile: true });
  return { ...me, max_message_id: max };
}

/** A user by ID, dummy API email or (where visible) real email; undefined when none. */
function lookUpUser(ctx: Ctx, key: string): User | undefined {
  const { srv, user } = ctx;
  const st = srv.state;
  let target: User | undefined;
  if (/^\d+$/.test(key)) target = st.users.get(Number(key));
  else {
    const dummy = /^user(\d+)@(.+)$/i.exec(key);
    if (dummy && dummy[2].toLowerCase() === st.host.toLowerCase()) target = st.users.get(Number(dummy[1]));
    else {
      const byReal = st.usersByEmail.get(key.toLowerCase());
      if (byReal && st.canSeeRealEmail(user, byReal)) target = byReal;
    }
  }
  return target;
}

function getUserByEmail(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const target = lookUpUser(ctx, ctx.path.email);
  if (!target || target.isSystemBot) throw badRequest('No such user');
  return {
    user: serializeUser(srv, user, target, {
      clientGravatar: p.client_gravatar,
      includeProfile: p.include_custom_profile_fields,
    }),
  };
}

const statusParams = {
  status_text: { t: 'str' as const },
  emoji_name: { t: 'str' as const },
  emoji_code: { t: 'str' as const },
  reaction_type: { t: 'str' as const },
  away: { t: 'bool' as const },
};

/** Shared rules of endpoints 9 and 11. */
export function updateStatus(srv: ChatServer, target: User, p: Record<string, unknown>): void {
  const given = ['status_text', 'emoji_name', 'emoji_code', 'reaction_type', 'away'].filter((k) => p[k] !== undefined);
  if (given.length === 0) throw badRequest('Client did not pass any new values.');
  if (typeof p.status_text === 'string' && [...p.status_text.trim()].length > 60) {
    throw badRequest('status_text is too long (limit: 60 characters)');
  }
  if ((p.emoji_code !== undefined || p.reaction_type !== undefined) && p.emoji_name === undefined) {
    throw badRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
  }
  const cur: UserStatus = srv.state.statuses.get(target.id) ?? {
    status_text: '',
    emoji_name: '',
    emoji_code: '',
    reaction_type: '',
    away: false,
  };
  const next: UserStatus = { ...cur };
  const changed: Record<string, unknown> = {};
  if (typeof p.emoji_name === 'string') {
    if (p.emoji_name === '') Object.assign(next, { emoji_name: '', emoji_code: '', reaction_type: '' });
    else {
      const e = checkEmoji(
        srv,
        p.emoji_name,
        p.emoji_code as string | undefined,
        p.reaction_type as string | undefined,
      );
      const type = e.type === 'extra_emoji' ? srv.extraEmojiType : e.type;
      Object.assign(next, { emoji_name: p.emoji_name, emoji_code: e.code, reaction_type: type });
    }
    Object.assign(changed, {
      emoji_name: next.emoji_name,
      emoji_code: next.emoji_code,
      reaction_type: next.reaction_type,
    });
  }
  if (typeof p.status_text === 'string') changed.status_text = next.status_text = p.status_text.trim();
  if (typeof p.away === 'boolean') {
    changed.away = next.away = p.away;
    target.settings.presence_enabled = !p.away;
  }
  srv.state.statuses.set(target.id, next);
  srv.queues.send(srv.activeUserIds(), 'user_status', { type: 'user_status', user_id: target.id, ...changed });
}

function postMyStatus(ctx: Ctx): Record<string, unknown> {
  updateStatus(ctx.srv, ctx.user, ctx.p);
  return {};
}

function postUserStatus(ctx: Ctx): Record<string, unknown> {
  const { srv, user } = ctx;
  if (!srv.state.isAdmin(user) || (srv.fl < 473 && user.isBot)) throw badRequest('Insufficient permission');
  const target = srv.state.users.get(Number(ctx.path.user_id));
  if (!target || target.isSystemBot) throw badRequest('No such user');
  updateStatus(srv, target, ctx.p);
  return {};
}

/** `GET /users/{user_id}/status`: only the fields that are set (`away` only when true). */
function getUserStatus(ctx: Ctx): Record<string, unknown> {
  const { srv } = ctx;
  const target = srv.state.users.get(Number(ctx.path.user_id));
  if (!target || target.isSystemBot) throw badRequest('No such user');
  const s = srv.state.statuses.get(target.id);
  const status: Record<string, unknown> = {};
  if (s?.away) status.away = true;
  if (s?.status_text) status.status_text = s.status_text;
  if (s?.emoji_name)
    Object.assign(status, { emoji_name: s.emoji_name, emoji_code: s.emoji_code, reaction_type: s.reaction_type });
  return { status };
}

/** `GET /users/{user_id_or_email}/presence`. */
function getUserPresence(ctx: Ctx): Record<string, unknown> {
  const { srv } = ctx;
  const key = ctx.path.user_id_or_email;
  const target = lookUpUser(ctx, key);
  if (!target || target.isSystemBot || (/^\d+$/.test(key) && srv.fl < 138)) throw badRequest('No such user');
  if (!target.isActive) throw badRequest('No such user');
  const presence = target.settings.presence_enabled === false ? null : presenceLegacy(srv, target.id);
  if (!presence) throw badRequest(`No presence data for ${srv.state.apiEmail(target)}`);
  return { presence };
}

export function presenceLegacy(srv: ChatServer, userId: number): Record<string, unknown> | null {
  const pr = srv.state.presence.get(userId);
  if (!pr) return null;
  const active = pr.activeTs >= pr.idleTs - 1;
  const status = active ? 'active' : 'idle';
  const timestamp = active ? pr.activeTs : pr.idleTs;
  return { website: { client: 'website', status, timestamp, pushable: false }, aggregated: { status, timestamp } };
}

export function presencesFor(
  srv: ChatServer,
  slim: boolean,
  include: (userId: number) => boolean = () => true,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const st = srv.state;
  for (const [uid, pr] of st.presence) {
    const u = st.users.get(uid);
    if (!u || !u.isActive || !include(uid)) continue;
    if (slim) out[uid] = { active_timestamp: pr.activeTs, idle_timestamp: pr.idleTs };
    else out[st.apiEmail(u)] = presenceLegacy(srv, uid);
  }
  return out;
}

/** Stores a user's presence and tells the other users (unless the user hides it), as a client's ping does. */
export function setPresence(srv: ChatServer, user: User, next: Presence, status: 'active' | 'idle'): void {
  const st = srv.state;
  const now = srv.now();
  next.updateId = st.nextId('presence_update', 1);
  st.presence.set(user.id, next);
  st.presenceVersion++;
  if (user.settings.presence_enabled !== false) {
    srv.queues.send(
      srv.activeUserIds().filter((id) => id !== user.id),
      'presence',
      (q) =>
        q.opts.slimPresence
          ? {
              type: 'presence',
              user_id: user.id,
              server_timestamp: now,
              presences: { [user.id]: { active_timestamp: next.activeTs, idle_timestamp: next.idleTs } },
            }
          : {
              type: 'presence',
              user_id: user.id,
              email: st.apiEmail(user),
              server_timestamp: now,
              presence: { website: { client: 'website', status, timestamp: now, pushable: false } },
            },
    );
  }
}

function postPresence(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const now = srv.now();
  const st = srv.state;
  const cur = st.presence.get(user.id) ?? { activeTs: 0, idleTs: 0 };
  const next = p.status === 'active' ? { activeTs: now, idleTs: now } : { activeTs: cur.activeTs, idleTs: now };
  setPresence(srv, user, next, p.status);
  const out: Record<string, unknown> = { server_timestamp: now, presence_last_update_id: presenceLastUpdateId(srv) };
  // Modern clients pass the last id they saw: only what changed since comes back.
  if (!p.ping_only)
    out.presences = presencesFor(srv, p.slim_presence, presenceFilter(srv, p.history_limit_days, p.last_update_id));
  return out;
}

export const userRoutes: Route[] = [
  {
    method: 'GET',
    path: '/users',
    handler: getUsers,
    params: {
      client_gravatar: { t: 'bool', dflt: true },
      include_custom_profile_fields: { t: 'bool', dflt: false },
      user_ids: {
        t: 'json',
        since: 384,
        check: (v) => (Array.isArray(v) && v.every((x) => Number.isInteger(x)) ? null : '$ is not a list of integers'),
      },
    },
  },
  { method: 'GET', path: '/users/me', handler: getMe },
  { method: 'POST', path: '/users/me/status', handler: postMyStatus, params: statusParams },
  {
    method: 'POST',
    path: '/users/me/presence',
    handler: postPresence,
    params: {
      status: { t: 'str', req: true, check: oneOf('active', 'idle') },
      ping_only: { t: 'bool', dflt: false },
      new_user_input: { t: 'bool', dflt: false },
      slim_presence: { t: 'bool', dflt: false },
      last_update_id: { t: 'int' },
      history_limit_days: { t: 'int' },
    },
  },
  { method: 'POST', path: '/users/{user_id:int}/status', handler: postUserStatus, params: statusParams },
  { method: 'GET', path: '/users/{user_id:int}/status', since: 262, handler: getUserStatus },
  { method: 'GET', path: '/users/{user_id_or_email}/presence', handler: getUserPresence },
  {
    method: 'GET',
    path: '/users/{email}',
    handler: getUserByEmail,
    params: { client_gravatar: { t: 'bool', dflt: true }, include_custom_profile_fields: { t: 'bool', dflt: false } },
  },
];
