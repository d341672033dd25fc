import { bareRoute, route } from '../route';

/**
 * `GET /users/{email}` (docs/API.md operation 8): one user, by real email (when visible to the
 * requester) or by the dummy API email `user<id>@<realm_host>`.
 */
export const getUserByEmail = route('GET /users/{email}');

/** `GET /users`: every user of the organisation (`members`). */
export const getUsers = route('GET /users');

/** `GET /users/me`: the current user (fields at the top level of the response). */
export const getOwnUser = bareRoute('GET /users/me');

/**
 * `POST /users/me/status` (docs/API.md operation 11): changes only the fields passed. Status text of
 * at most 60 code points ("" clears it); an emoji code or reaction type needs the emoji name.
 */
export const updateStatus = route('POST /users/me/status');

/**
 * `POST /users/{user_id}/status` (docs/API.md operation 9): another user's status; administrators
 * only (others get `BAD_REQUEST`). Same rules as `updateStatus`.
 */
export const updateUserStatus = route('POST /users/{user_id}/status');

/** `GET /realm/presence` (docs/API.md operation 20): presence of all (accessible) users, keyed by API email. */
export const getPresence = bareRoute('GET /realm/presence');

/** `POST /users/me/presence`: reports the current user `active` or `idle`; send it every ping interval. */
export const updatePresence = route('POST /users/me/presence');

/** `POST /users/me/muted_users/{muted_user_id}`: mutes a user; the server answers with a `muted_users` event. */
export const muteUser = route('POST /users/me/muted_users/{muted_user_id}');

/** `DELETE /users/me/muted_users/{muted_user_id}`: unmutes a user. */
export const unmuteUser = route('DELETE /users/me/muted_users/{muted_user_id}');
