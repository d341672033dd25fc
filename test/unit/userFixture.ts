import type { User } from '../../src/api/users/models';

/** A plain active member as `realm_users` lists one: id `id`, email `u<id>@example.com`. */
export function user(id: number, fullName = `User ${id}`): User {
  return {
    user_id: id,
    email: `u${id}@example.com`,
    full_name: fullName,
    date_joined: '2024-01-01T00:00:00Z',
    is_active: true,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: false,
    role: 400,
  };
}
