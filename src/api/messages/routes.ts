import type { CallOptions, ChatClient, ParamsOf, ResultOf } from '../client';
import { bareRoute, route } from '../route';
import { sha256Hex } from './hash';

export { sha256Hex };

/** Parameters of {@link updateMessage}: the wire parameters plus the previous raw content. */
export type UpdateMessageParams = ParamsOf<'PATCH /messages/{message_id}'> & {
  /**
   * The client's copy of the previous raw Markdown. When given (and `prev_content_sha256` is not),
   * its SHA-256 is sent so that the edit fails if someone else changed the message meanwhile.
   * Servers below FL.prevContentSha256 have no such check: the hash is not sent and the edit
   * applies regardless.
   */
  prevContent?: string;
};

/**
 * `PATCH /messages/{message_id}` (docs/API.md operation 1): edits a message's content, or moves it
 * (and, with `propagate_mode`, others of its topic) to another topic or channel; resolves a topic
 * when the new topic is `"✔ "` + the topic. `detached_uploads` (from FL.detachedUploads) lists the
 * user's files no message links to any more. A `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED` error carries
 * its details in `error.moveTimeLimit`.
 */
export function updateMessage(
  client: ChatClient,
  params: UpdateMessageParams,
  options?: CallOptions,
): Promise<ResultOf<'PATCH /messages/{message_id}'>> {
  const { prevContent, ...wire } = params;
  if (prevContent !== undefined && wire.prev_content_sha256 === undefined)
    wire.prev_content_sha256 = sha256Hex(prevContent);
  return client.call('PATCH /messages/{message_id}', wire, options);
}

/**
 * `GET /messages/{message_id}` (docs/API.md operation 7): one message, with its raw Markdown in the
 * deprecated `raw_content`. A missing or invisible message is `BAD_REQUEST`.
 */
export const getMessage = route('GET /messages/{message_id}');

/** `GET /messages/{message_id}/read_receipts`: the ids of the users who have read the message. */
export const getReadReceipts = route('GET /messages/{message_id}/read_receipts');

/** `POST /messages/{message_id}/report`: reports the message to the organisation's moderators. */
export const reportMessage = route('POST /messages/{message_id}/report');

/**
 * `GET /messages`: messages around `anchor` in a narrow (`num_before` + `num_after` at most 5000),
 * or the messages of `message_ids`.
 */
export const getMessages = route('GET /messages');

/** `DELETE /messages/{message_id}`: deletes a message for everyone (the realm's permissions and time limit apply). */
export const deleteMessage = route('DELETE /messages/{message_id}');

/**
 * `POST /messages`: sends a message. `type` may be `channel`/`stream` or `direct`/`private`; the
 * name this server understands is sent. Returns the new message's `id`.
 */
export const sendMessage = route('POST /messages');

/** `POST /messages/render`: `content` rendered as a message's would be (`rendered` HTML); nothing is sent. */
export const renderMessage = route('POST /messages/render');

/**
 * `GET /messages/matches_narrow` (docs/API.md operation 6): which of `msg_ids` match `narrow`, with
 * highlighted content and topic for search narrows.
 */
export const checkMessagesMatchNarrow = route('GET /messages/matches_narrow');

/** `POST /messages/flags`: adds or removes a personal flag (`read`, `starred`, `collapsed`) on messages. */
export const updateMessageFlags = route('POST /messages/flags');

/**
 * `POST /messages/flags/narrow` (docs/API.md operation 12): adds or removes a flag on up to
 * `num_before` + 1 + `num_after` messages of a narrow around `anchor`. Call again from
 * `last_processed_id` until `found_newest` to cover a whole narrow.
 */
export const updateMessageFlagsForNarrow = route('POST /messages/flags/narrow');

/**
 * `POST /messages/{message_id}/reactions`: adds the current user's emoji reaction.
 * `REACTION_ALREADY_EXISTS` when repeated.
 */
export const addReaction = route('POST /messages/{message_id}/reactions');

/**
 * `DELETE /messages/{message_id}/reactions` (docs/API.md operation 14): removes the current user's
 * reaction; pass the `reaction_type` the server gave. `REACTION_DOES_NOT_EXIST` (from
 * FL.reactionDoesNotExistCode; `BAD_REQUEST` before) when there is none.
 */
export const removeReaction = route('DELETE /messages/{message_id}/reactions');

/** `POST /submessage`: widget data (a poll vote, a to-do item) for a message; a `submessage` event follows. */
export const sendSubmessage = route('POST /submessage');

/**
 * `GET /attachments`: the current user's uploaded files, with `message_ids` and `create_time` in
 * seconds whatever the server's version.
 */
export const getAttachments = bareRoute('GET /attachments');

/**
 * `DELETE /attachments/{attachment_id}` (docs/API.md operation 19): deletes an uploaded file (IDs from
 * {@link getAttachments} or `detached_uploads`).
 */
export const removeAttachment = route('DELETE /attachments/{attachment_id}');
