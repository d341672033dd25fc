import type { CallOptions, ChatClient, ParamsOf, ResultOf } from '../client';

/**
 * `GET /users/{email}` (SPEC.md operation 8): one user, by real email (when visible to the
 * requester) or by the dummy API email `user<id>@<realm_host>`.
 */
export function getUserByEmail(
  client: ChatClient,
  params: ParamsOf<'GET /users/{email}'>,
  options?: CallOptions,
): Promise<ResultOf<'GET /users/{email}'>> {
  return client.call('GET /users/{email}', params, options);
}

/** `GET /users`: every user of the organisation (`members`). */
export function getUsers(
  client: ChatClient,
  params: ParamsOf<'GET /users'> = {},
  options?: CallOptions,
): Promise<ResultOf<'GET /users'>> {
  return client.call('GET /users', params, options);
}

/** `GET /users/me`: the current user (fields at the top level of the response). */
export function getOwnUser(client: ChatClient, options?: CallOptions): Promise<ResultOf<'GET /users/me'>> {
  return client.call('GET /users/me', {}, options);
}

/**
 * `POST /users/me/status` (SPEC.md operation 11): changes only the fields passed. Status text of
 * at most 60 code points ("" clears it); an emoji code or reaction type needs the emoji name.
 */
export function updateStatus(
  client: ChatClient,
  params: ParamsOf<'POST /users/me/status'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /users/me/status'>> {
  return client.call('POST /users/me/status', params, options);
}

/**
 * `POST /users/{user_id}/status` (SPEC.md operation 9): another user's status; administrators
 * only (others get `BAD_REQUEST`). Same rules as `updateStatus`.
 */
export function updateUserStatus(
  client: ChatClient,
  params: ParamsOf<'POST /users/{user_id}/status'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /users/{user_id}/status'>> {
  return client.call('POST /users/{user_id}/status', params, options);
}

/** `GET /realm/presence` (SPEC.md operation 20): presence of all (accessible) users, keyed by API email. */
export function getPresence(client: ChatClient, options?: CallOptions): Promise<ResultOf<'GET /realm/presence'>> {
  return client.call('GET /realm/presence', {}, options);
}

/** `POST /users/me/presence`: reports the current user `active` or `idle`; send it every ping interval. */
export function updatePresence(
  client: ChatClient,
  params: ParamsOf<'POST /users/me/presence'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /users/me/presence'>> {
  return client.call('POST /users/me/presence', params, options);
}
