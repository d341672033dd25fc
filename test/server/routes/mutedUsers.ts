import { badRequest } from '../errors';
import { Ctx, Route } from '../router';
import { User } from '../types';

/**
 * `POST`/`DELETE /users/me/muted_users/{muted_user_id}` as the real server (zerver/views/muted_users.py):
 * deactivated users may be (un)muted; bots only since feature level 188, before that "No such user".
 * Each change sends the whole list as a `muted_users` event to the user's own queues.
 * Not modelled yet: the real server also marks the muted user's messages as read.
 */
function target(ctx: Ctx): User {
  const u = ctx.srv.state.users.get(Number(ctx.path.muted_user_id));
  if (!u || u.isSystemBot || (u.isBot && ctx.srv.fl < 188)) throw badRequest('No such user');
  return u;
}

function announce(ctx: Ctx, list: { id: number; timestamp: number }[]): void {
  ctx.srv.queues.send([ctx.user.id], 'muted_users', { type: 'muted_users', muted_users: list.map((m) => ({ ...m })) });
}

function muteUser(ctx: Ctx): Record<string, unknown> {
  const { srv, user } = ctx;
  if (Number(ctx.path.muted_user_id) === user.id) throw badRequest('Cannot mute self');
  const muted = target(ctx);
  const list = srv.state.mutedUsers.get(user.id) ?? [];
  if (list.some((m) => m.id === muted.id)) throw badRequest('User already muted');
  const next = [...list, { id: muted.id, timestamp: srv.now() }];
  srv.state.mutedUsers.set(user.id, next);
  announce(ctx, next);
  return {};
}

function unmuteUser(ctx: Ctx): Record<string, unknown> {
  const { srv, user } = ctx;
  const muted = target(ctx);
  const list = srv.state.mutedUsers.get(user.id) ?? [];
  if (!list.some((m) => m.id === muted.id)) throw badRequest('User is not muted');
  const next = list.filter((m) => m.id !== muted.id);
  srv.state.mutedUsers.set(user.id, next);
  announce(ctx, next);
  return {};
}

export const mutedUserRoutes: Route[] = [
  { method: 'POST', path: '/users/me/muted_users/{muted_user_id:int}', handler: muteUser },
  { method: 'DELETE', path: '/users/me/muted_users/{muted_user_id:int}', handler: unmuteUser },
];
