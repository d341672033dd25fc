import type { CallOptions, ChatClient, ParamsOf, ResultOf } from '../client';

// ---- saved snippets ----

/** `GET /saved_snippets`: the current user's saved snippets. */
export function getSavedSnippets(client: ChatClient, options?: CallOptions): Promise<ResultOf<'GET /saved_snippets'>> {
  return client.call('GET /saved_snippets', {}, options);
}

/** `POST /saved_snippets`: saves a snippet (title at most 60 characters). Returns `saved_snippet_id`. */
export function createSavedSnippet(
  client: ChatClient,
  params: ParamsOf<'POST /saved_snippets'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /saved_snippets'>> {
  return client.call('POST /saved_snippets', params, options);
}

/**
 * `PATCH /saved_snippets/{saved_snippet_id}` (SPEC.md operation 15): edits a snippet's title or
 * content. `BAD_REQUEST` when it does not exist.
 */
export function updateSavedSnippet(
  client: ChatClient,
  params: ParamsOf<'PATCH /saved_snippets/{saved_snippet_id}'>,
  options?: CallOptions,
): Promise<ResultOf<'PATCH /saved_snippets/{saved_snippet_id}'>> {
  return client.call('PATCH /saved_snippets/{saved_snippet_id}', params, options);
}

/** `DELETE /saved_snippets/{saved_snippet_id}`: deletes a snippet. */
export function deleteSavedSnippet(
  client: ChatClient,
  params: ParamsOf<'DELETE /saved_snippets/{saved_snippet_id}'>,
  options?: CallOptions,
): Promise<ResultOf<'DELETE /saved_snippets/{saved_snippet_id}'>> {
  return client.call('DELETE /saved_snippets/{saved_snippet_id}', params, options);
}

// ---- scheduled messages ----

/** `GET /scheduled_messages`: the current user's scheduled messages, earliest first. */
export function getScheduledMessages(client: ChatClient, options?: CallOptions): Promise<ResultOf<'GET /scheduled_messages'>> {
  return client.call('GET /scheduled_messages', {}, options);
}

/**
 * `POST /scheduled_messages`: schedules a message. `type` may use either name; the server's own is
 * sent. Returns `scheduled_message_id`.
 */
export function createScheduledMessage(
  client: ChatClient,
  params: ParamsOf<'POST /scheduled_messages'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /scheduled_messages'>> {
  return client.call('POST /scheduled_messages', params, options);
}

/**
 * `PATCH /scheduled_messages/{scheduled_message_id}` (SPEC.md operation 4): edits a scheduled
 * message. Changing `type` needs `to` (and `topic` for a channel); a failed one needs a new
 * `scheduled_delivery_timestamp`. `STREAM_DOES_NOT_EXIST` carries the channel in `error.missingStream`.
 */
export function updateScheduledMessage(
  client: ChatClient,
  params: ParamsOf<'PATCH /scheduled_messages/{scheduled_message_id}'>,
  options?: CallOptions,
): Promise<ResultOf<'PATCH /scheduled_messages/{scheduled_message_id}'>> {
  return client.call('PATCH /scheduled_messages/{scheduled_message_id}', params, options);
}

/** `DELETE /scheduled_messages/{scheduled_message_id}`: cancels a scheduled message. */
export function deleteScheduledMessage(
  client: ChatClient,
  params: ParamsOf<'DELETE /scheduled_messages/{scheduled_message_id}'>,
  options?: CallOptions,
): Promise<ResultOf<'DELETE /scheduled_messages/{scheduled_message_id}'>> {
  return client.call('DELETE /scheduled_messages/{scheduled_message_id}', params, options);
}

// ---- reminders (FL.reminders) ----

/**
 * `POST /reminders` (SPEC.md operation 16): a reminder about `message_id`, sent to the current user
 * at `scheduled_delivery_timestamp`. Needs FL.reminders, and FL.reminderNote for `note`: older
 * servers get a `ValidationError` instead of a request. Returns `reminder_id`.
 */
export function createReminder(
  client: ChatClient,
  params: ParamsOf<'POST /reminders'>,
  options?: CallOptions,
): Promise<ResultOf<'POST /reminders'>> {
  return client.call('POST /reminders', params, options);
}

/** `GET /reminders`: the current user's pending reminders (FL.reminders). */
export function getReminders(client: ChatClient, options?: CallOptions): Promise<ResultOf<'GET /reminders'>> {
  return client.call('GET /reminders', {}, options);
}

/** `DELETE /reminders/{reminder_id}`: deletes a reminder (FL.reminders). */
export function deleteReminder(
  client: ChatClient,
  params: ParamsOf<'DELETE /reminders/{reminder_id}'>,
  options?: CallOptions,
): Promise<ResultOf<'DELETE /reminders/{reminder_id}'>> {
  return client.call('DELETE /reminders/{reminder_id}', params, options);
}
