import { ChatServer } from './core';
import { badRequest } from './errors';
import { ParamSpec } from './params';
import { serializeUser } from './serialize';
import { Stream, User } from './types';

/**
 * What `POST /register` leaves out for clients that ask for less on large organisations:
 * partial subscriber lists (`include_subscribers: "partial"`, feature level 412), presence limited
 * to recent history (`presence_history_limit_days`, feature level 288, default 14) and the user
 * list of a client that declares `user_list_incomplete`.
 */

/** Channels with fewer subscribers than this always get their full `subscribers` list. */
export const PARTIAL_SUBSCRIBERS_THRESHOLD = 250;
/** "Users active within the last 14 days" of the `partial_subscribers` guarantee. */
export const RECENTLY_ACTIVE_DAYS = 14;
/** The default of `presence_history_limit_days`. */
export const PRESENCE_HISTORY_DEFAULT_DAYS = 14;
/**
 * Organisations with more active users than this send a client declaring `user_list_incomplete`
 * only the users it needs first (itself, bots, users active within 14 days); it fetches the
 * others by id (`GET /users/{user_id}`, `GET /users?user_ids=`).
 */
export const INCOMPLETE_USER_LIST_MIN_USERS = 1000;

export type IncludeSubscribers = boolean | 'partial';

/** `include_subscribers`: `"true"`, `"false"`, or (feature level 412) `"partial"`. */
export const includeSubscribersParam: ParamSpec = {
  t: 'str',
  dflt: 'false',
  check: (v) => (['true', 'false', 'partial'].includes(v as string) ? null : 'Invalid $'),
};

export function parseIncludeSubscribers(srv: ChatServer, v: unknown): IncludeSubscribers {
  if (v === 'partial' && srv.fl < 412)
    throw badRequest('Invalid include_subscribers', 'REQUEST_VARIABLE_INVALID', { var_name: 'include_subscribers' });
  return v === 'partial' ? 'partial' : v === 'true' || v === true;
}

/** Whether the user was active (or idle with a client open) within `days`. */
export function activeWithin(srv: ChatServer, userId: number, days: number): boolean {
  const pr = srv.state.presence.get(userId);
  return pr !== undefined && Math.max(pr.activeTs, pr.idleTs) >= srv.now() - days * 86400;
}

/**
 * The subscriber fields of a channel object: `subscribers` when asked for all, or when asked for
 * `partial` and the channel has fewer than 250 subscribers; otherwise `partial_subscribers`: every
 * bot and every user active within the last 14 days.
 */
export function subscriberFields(
  srv: ChatServer,
  s: Stream,
  ids: number[],
  mode: IncludeSubscribers,
): Record<string, number[]> {
  if (mode === false) return {};
  if (mode === true || s.subscribers.size < PARTIAL_SUBSCRIBERS_THRESHOLD) return { subscribers: ids };
  return {
    partial_subscribers: ids.filter(
      (id) => srv.state.users.get(id)?.isBot || activeWithin(srv, id, RECENTLY_ACTIVE_DAYS),
    ),
  };
}

/** The users `realm_users` holds for a client declaring `user_list_incomplete` (see the constant above). */
export function incompleteUserList(srv: ChatServer, viewer: User, users: User[]): User[] {
  if (users.length <= INCOMPLETE_USER_LIST_MIN_USERS) return users;
  return users.filter((u) => u.id === viewer.id || u.isBot || activeWithin(srv, u.id, RECENTLY_ACTIVE_DAYS));
}

/** Presence entries newer than `days` (`presence_history_limit_days`) and, when given, changed after `lastUpdateId`. */
export function presenceFilter(
  srv: ChatServer,
  days: number | undefined,
  lastUpdateId?: number,
): (userId: number) => boolean {
  const since = srv.now() - (days ?? PRESENCE_HISTORY_DEFAULT_DAYS) * 86400;
  return (userId) => {
    const pr = srv.state.presence.get(userId);
    if (!pr || Math.max(pr.activeTs, pr.idleTs) < since) return false;
    return lastUpdateId === undefined || lastUpdateId < 0 || (pr.updateId ?? 0) > lastUpdateId;
  };
}

/** The largest presence update id (`presence_last_update_id`). */
export function presenceLastUpdateId(srv: ChatServer): number {
  let max = 0;
  for (const pr of srv.state.presence.values()) if ((pr.updateId ?? 0) > max) max = pr.updateId!;
  return max;
}

/** `GET /users?user_ids=[…]` (feature level 384): those users, in the order asked; an unknown id is an error. */
export function usersByIds(
  srv: ChatServer,
  viewer: User,
  ids: number[],
  opts: { clientGravatar: boolean; includeProfile: boolean },
): Record<string, unknown>[] {
  return ids.map((id) => {
    const u = srv.state.users.get(id);
    if (!u || u.isSystemBot) throw badRequest(`Invalid user ID: ${id}`);
    return serializeUser(srv, viewer, u, opts);
  });
}
