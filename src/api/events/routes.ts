import { route } from '../route';

/**
 * The client capabilities the extension always declares (docs/API.md, `POST /register`):
 * null notification settings, bulk `message_ids` in deletions, `user_settings` as one object,
 * the empty topic as `""`, and archived channels.
 */
export const DEFAULT_CLIENT_CAPABILITIES: Readonly<Record<string, boolean>> = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_settings_object: true,
  empty_topic_name: true,
  archived_channels: true,
};

/**
 * `POST /register`: registers an event queue and returns the snapshot of the sections named in
 * `fetch_event_types` (all by default). The client learns the server's version and limits from it.
 */
export const registerQueue = route('POST /register');

/**
 * `GET /events`: long-polls the queue for events after `last_event_id`. The events come back raw;
 * parse each with `parseEvent` (models/events.ts). Give the `timeoutMs` of `pollTimeLimitMs`
 * (queue.ts): an idle poll ends with a heartbeat, so one that brings nothing by then is lost.
 */
export const getEvents = route('GET /events');

/** `DELETE /events`: frees the queue `queue_id` (on shutdown). */
export const deleteQueue = route('DELETE /events');
