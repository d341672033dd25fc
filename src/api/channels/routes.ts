import type { CallOptions, ChatClient, ParamsOf, ResultOf } from '../client';

/** `GET /users/me/subscriptions`: the current user's channel subscriptions. */
export function getSubscriptions(
  client: ChatClient,
  params: ParamsOf<'GET /users/me/subscriptions'> = {},
  options?: CallOptions,
): Promise<ResultOf<'GET /users/me/subscriptions'>> {
  return client.call('GET /users/me/subscriptions', params, options);
}

/** `POST /users/me/subscriptions`: subscribes the current user (or `principals`) to channels by name. */
export function subscribe(
  client: ChatClient,
  params: ParamsOf<'POST /users/me/subscriptions'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /users/me/subscriptions'>> {
  return client.call('POST /users/me/subscriptions', params, options);
}

/**
 * `DELETE /users/me/subscriptions` (SPEC.md operation 10): unsubscribes the current user, or
 * `principals` (all ids or all emails), from channels by name. `STREAM_DOES_NOT_EXIST` names
 * the unknown channel in `error.missingStream.streamName`.
 */
export function unsubscribe(
  client: ChatClient,
  params: ParamsOf<'DELETE /users/me/subscriptions'>,
  options?: CallOptions,
): Promise<ResultOf<'DELETE /users/me/subscriptions'>> {
  return client.call('DELETE /users/me/subscriptions', params, options);
}

/**
 * `POST /users/me/subscriptions/properties` (SPEC.md operation 3): changes subscription
 * properties in bulk; `color` takes `#rrggbb`, the others booleans.
 */
export function updateSubscriptionProperties(
  client: ChatClient,
  params: ParamsOf<'POST /users/me/subscriptions/properties'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /users/me/subscriptions/properties'>> {
  return client.call('POST /users/me/subscriptions/properties', params, options);
}

/** `POST /users/me/subscriptions/{stream_id}`: changes one property of one subscription. */
export function updateSubscriptionProperty(
  client: ChatClient,
  params: ParamsOf<'POST /users/me/subscriptions/{stream_id}'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /users/me/subscriptions/{stream_id}'>> {
  return client.call('POST /users/me/subscriptions/{stream_id}', params, options);
}

/** `GET /users/me/{stream_id}/topics`: a channel's topics, newest first. */
export function getChannelTopics(
  client: ChatClient,
  params: ParamsOf<'GET /users/me/{stream_id}/topics'>,
  options?: CallOptions,
): Promise<ResultOf<'GET /users/me/{stream_id}/topics'>> {
  return client.call('GET /users/me/{stream_id}/topics', params, options);
}

/**
 * `POST /user_topics` (SPEC.md operation 5): sets the current user's visibility policy for a
 * topic (0 none, 1 muted, 2 unmuted, 3 followed). The empty topic's display name is sent as "".
 */
export function updateUserTopic(
  client: ChatClient,
  params: ParamsOf<'POST /user_topics'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /user_topics'>> {
  return client.call('POST /user_topics', params, options);
}

/**
 * `GET /streams/{stream_id}/email_address` (SPEC.md operation 17): the address that posts to the
 * channel by email; only for users allowed to post there.
 */
export function getChannelEmailAddress(
  client: ChatClient,
  params: ParamsOf<'GET /streams/{stream_id}/email_address'>,
  options?: CallOptions,
): Promise<ResultOf<'GET /streams/{stream_id}/email_address'>> {
  return client.call('GET /streams/{stream_id}/email_address', params, options);
}
