import { route } from '../route';

/** `GET /users/me/subscriptions`: the current user's channel subscriptions. */
export const getSubscriptions = route('GET /users/me/subscriptions');

/** `GET /streams`: the channels the user may see (public, web-public, subscribed; `include_all` for administrators). */
export const getChannels = route('GET /streams');

/** `POST /users/me/subscriptions`: subscribes the current user (or `principals`) to channels by name. */
export const subscribe = route('POST /users/me/subscriptions');

/**
 * `DELETE /users/me/subscriptions` (docs/API.md operation 10): unsubscribes the current user, or
 * `principals` (all ids or all emails), from channels by name. `STREAM_DOES_NOT_EXIST` names
 * the unknown channel in `error.missingStream.streamName`.
 */
export const unsubscribe = route('DELETE /users/me/subscriptions');

/**
 * `POST /users/me/subscriptions/properties` (docs/API.md operation 3): changes subscription
 * properties in bulk; `color` takes `#rrggbb`, the others booleans.
 */
export const updateSubscriptionProperties = route('POST /users/me/subscriptions/properties');

/** `POST /users/me/subscriptions/{stream_id}`: changes one property of one subscription. */
export const updateSubscriptionProperty = route('POST /users/me/subscriptions/{stream_id}');

/** `GET /users/me/{stream_id}/topics`: a channel's topics, newest first. */
export const getChannelTopics = route('GET /users/me/{stream_id}/topics');

/**
 * `POST /user_topics` (docs/API.md operation 5): sets the current user's visibility policy for a
 * topic (0 none, 1 muted, 2 unmuted, 3 followed). The empty topic's display name is sent as "".
 */
export const updateUserTopic = route('POST /user_topics');

/**
 * `GET /streams/{stream_id}/email_address` (docs/API.md operation 17): the address that posts to the
 * channel by email; only for users allowed to post there.
 */
export const getChannelEmailAddress = route('GET /streams/{stream_id}/email_address');
