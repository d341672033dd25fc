import type { ChatClient } from '../client';
import { FL } from '../features';
import type { User } from './models';
import { getUsers } from './routes';

/**
 * Users by id: `GET /users?user_ids=[…]` (from FL.usersById); before, `GET /users` (every user)
 * filtered here. Avatars come as `client_gravatar` gives them (see `avatarUrl`).
 */
export async function getUsersById(
  client: ChatClient,
  userIds: readonly number[],
  signal?: AbortSignal,
): Promise<User[]> {
  const server = await client.ensureServerInfo(signal);
  if (server.featureLevel >= FL.usersById) {
    return (await getUsers(client, { user_ids: [...userIds], client_gravatar: true }, { signal })).members;
  }
  const wanted = new Set(userIds);
  return (await getUsers(client, { client_gravatar: true }, { signal })).members.filter((u) => wanted.has(u.user_id));
}
