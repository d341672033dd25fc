import { bareRoute, route } from '../route';

// ---- saved snippets ----

/** `GET /saved_snippets`: the current user's saved snippets. */
export const getSavedSnippets = bareRoute('GET /saved_snippets');

/** `POST /saved_snippets`: saves a snippet (title at most 60 characters). Returns `saved_snippet_id`. */
export const createSavedSnippet = route('POST /saved_snippets');

/**
 * `PATCH /saved_snippets/{saved_snippet_id}` (docs/API.md operation 15): edits a snippet's title or
 * content. `BAD_REQUEST` when it does not exist.
 */
export const updateSavedSnippet = route('PATCH /saved_snippets/{saved_snippet_id}');

/** `DELETE /saved_snippets/{saved_snippet_id}`: deletes a snippet. */
export const deleteSavedSnippet = route('DELETE /saved_snippets/{saved_snippet_id}');

// ---- scheduled messages ----

/** `GET /scheduled_messages`: the current user's scheduled messages, earliest first. */
export const getScheduledMessages = bareRoute('GET /scheduled_messages');

/**
 * `POST /scheduled_messages`: schedules a message. `type` may use either name; the server's own is
 * sent. Returns `scheduled_message_id`.
 */
export const createScheduledMessage = route('POST /scheduled_messages');

/**
 * `PATCH /scheduled_messages/{scheduled_message_id}` (docs/API.md operation 4): edits a scheduled
 * message. Changing `type` needs `to` (and `topic` for a channel); a failed one needs a new
 * `scheduled_delivery_timestamp`. `STREAM_DOES_NOT_EXIST` carries the channel in `error.missingStream`.
 */
export const updateScheduledMessage = route('PATCH /scheduled_messages/{scheduled_message_id}');

/** `DELETE /scheduled_messages/{scheduled_message_id}`: cancels a scheduled message. */
export const deleteScheduledMessage = route('DELETE /scheduled_messages/{scheduled_message_id}');

// ---- reminders (FL.reminders) ----

/**
 * `POST /reminders` (docs/API.md operation 16): a reminder about `message_id`, sent to the current user
 * at `scheduled_delivery_timestamp`. Needs FL.reminders, and FL.reminderNote for `note`: older
 * servers get a `ValidationError` instead of a request. Returns `reminder_id`.
 */
export const createReminder = route('POST /reminders');

/** `GET /reminders`: the current user's pending reminders (FL.reminders). */
export const getReminders = bareRoute('GET /reminders');

/** `DELETE /reminders/{reminder_id}`: deletes a reminder (FL.reminders). */
export const deleteReminder = route('DELETE /reminders/{reminder_id}');

/**
 * `PATCH /settings` (docs/API.md operation 2): changes the current user's settings, or with
 * `target_users` (administrators, FL.settingsTargetUsers) other users'. Values outside their
 * allowed sets are refused before sending; see `SETTINGS_DESCRIPTION` for the list.
 */
export const updateSettings = route('PATCH /settings');
