import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { extraEmojiType, FL } from '../features';
import { AttachmentsShape, DetachedUploads, normalizeAttachments } from './attachment';
import { Message, NarrowMatch, READ_ONLY_FLAGS } from './models';
import { Anchor, AnchorDate, FetchAnchor } from './anchor';
import { Narrow, NarrowWithLegacy } from './narrow';
import { uploadFileOperation } from './upload';
import { renderMessage } from './render';
import { type CallContext, defineOperation, envelope } from '../operation';
import { idParam, requireFeature } from '../params';
import { checkContent, checkTopic, isEmptyTopic } from '../validation';
import { checkOutgoing, encodeOutgoing, TypeName } from './outgoing';

export { sha256Hex } from './hash';

/** The prefix of resolved topics: U+2714 then a space. */
export const RESOLVED_TOPIC_PREFIX = '\u2714 ';

// ---- the messages' parameter schemas -----------------------------------------------------------

function checkAnchorDate(p: { anchor?: unknown; anchor_date?: string }, ctx: CallContext): void {
  if (p.anchor === 'date') {
    requireFeature(FL.anchorDate, l10n.t('going to a date'), ctx, 'anchor');
    if (p.anchor_date === undefined)
      throw new ValidationError(
        l10n.t('Give the date to go to ("anchor_date") with the anchor "date".'),
        ctx.route,
        'anchor_date',
      );
  } else if (p.anchor_date !== undefined) {
    throw new ValidationError(l10n.t('"anchor_date" goes with the anchor "date" only.'), ctx.route, 'anchor_date');
  }
}

const count = (name: string) =>
  z
    .number({ error: () => l10n.t('"{0}" must be a whole number of messages.', name) })
    .int({ error: () => l10n.t('"{0}" must be a whole number of messages.', name) })
    .nonnegative({
      error: () => l10n.t('"{0}" cannot be negative.', name),
    });

const SendRecipients = z.union(
  [idParam('to'), z.string().min(1), z.array(z.union([idParam('to'), z.string().min(1)])).min(1)],
  {
    error: () => l10n.t('The recipient must be a channel ID or name, or a list of user IDs.'),
  },
);

const ReactionTypeParam = z.enum(['unicode_emoji', 'realm_emoji', 'chat_extra_emoji', 'zulip_extra_emoji'], {
  error: () => l10n.t('The reaction type must be "unicode_emoji", "realm_emoji" or "chat_extra_emoji".'),
});
const ReactionParams = {
  message_id: idParam('message_id'),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: ReactionTypeParam.optional(),
};

const Flag = z.string().min(1, { error: () => l10n.t('Choose a flag, such as "read" or "starred".') });
const FlagOp = z.enum(['add', 'remove'], { error: () => l10n.t('The flag operation must be "add" or "remove".') });

// ---- the messages' checks ----------------------------------------------------------------------

function checkReaction(
  p: { emoji_name?: string; emoji_code?: string; reaction_type?: string },
  ctx: CallContext,
): void {
  if (p.emoji_name === undefined || p.emoji_name === '') {
    const given =
      p.emoji_code !== undefined ? 'emoji_code' : p.reaction_type !== undefined ? 'reaction_type' : undefined;
    if (given)
      throw new ValidationError(
        l10n.t('Give the emoji\'s name ("emoji_name") along with "{0}".', given),
        ctx.route,
        'emoji_name',
      );
  }
}

function encodeReaction<P extends { reaction_type?: string }>(p: P, ctx: CallContext): P {
  if (p.reaction_type === 'chat_extra_emoji' || p.reaction_type === 'zulip_extra_emoji') {
    return { ...p, reaction_type: extraEmojiType(ctx.server.flavor) };
  }
  return p;
}

function checkFlag(flag: string, ctx: CallContext): void {
  if ((READ_ONLY_FLAGS as readonly string[]).includes(flag)) {
    throw new ValidationError(
      l10n.t('The "{0}" flag is set by the server and cannot be changed.', flag),
      ctx.route,
      'flag',
    );
  }
}

function checkRange(p: { num_before?: number; num_after?: number }, ctx: CallContext): void {
  if ((p.num_before ?? 0) + (p.num_after ?? 0) > 5000) {
    throw new ValidationError(
      l10n.t('At most 5000 messages can be asked for at once (num_before + num_after).'),
      ctx.route,
      'num_before',
    );
  }
}

function checkResolvable(topic: string, ctx: CallContext): void {
  if (!topic.startsWith(RESOLVED_TOPIC_PREFIX)) return;
  // Stray ✔ and spaces after the prefix are not part of the topic's name.
  const base = topic.slice(RESOLVED_TOPIC_PREFIX.length).replace(/^[\u2714\s]+/u, '');
  if (isEmptyTopic(base, ctx.limits)) {
    throw new ValidationError(l10n.t('The empty topic cannot be marked as resolved.'), ctx.route, 'topic');
  }
}

// ---- messages ------------------------------------------------------------------------------

/**
 * 1. `PATCH /messages/{message_id}` — edit content, topic or channel.
 * `prev_content_sha256` is sent only from FL.prevContentSha256: older servers have no edit-conflict
 * protection, and the parameter is dropped (the edit then overwrites a concurrent one).
 */
export const updateMessage = defineOperation({
  method: 'PATCH',
  path: '/messages/{message_id}',
  params: z.object({
    message_id: idParam('message_id'),
    topic: z.string().optional(),
    propagate_mode: z
      .enum(['change_one', 'change_later', 'change_all'], {
        error: () => l10n.t('The propagate mode must be "change_one", "change_later" or "change_all".'),
      })
      .optional(),
    send_notification_to_old_thread: z.boolean().optional(),
    send_notification_to_new_thread: z.boolean().optional(),
    content: z.string().optional(),
    prev_content_sha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, {
        error: () => l10n.t('The previous content hash must be a SHA-256 in hex (64 characters).'),
      })
      .optional(),
    stream_id: idParam('stream_id').optional(),
  }),
  response: envelope({
    /** From FL.detachedUploads; absent on older servers. */
    detached_uploads: DetachedUploads.optional(),
  }),
  check: (p, ctx) => {
    if (p.content !== undefined && p.stream_id !== undefined) {
      throw new ValidationError(
        l10n.t(
          'A message cannot be edited and moved to another channel at once: change the content and the channel ' +
            'separately.',
        ),
        ctx.route,
        'stream_id',
      );
    }
    if (p.content === undefined && p.topic === undefined && p.stream_id === undefined) {
      throw new ValidationError(
        l10n.t('Nothing to change: give new content, a new topic or a new channel.'),
        ctx.route,
      );
    }
    if (
      p.content !== undefined &&
      p.topic === undefined &&
      p.stream_id === undefined &&
      (p.propagate_mode ?? 'change_one') !== 'change_one'
    ) {
      throw new ValidationError(
        l10n.t('An edit of the content alone applies to this message only ("change_one").'),
        ctx.route,
        'propagate_mode',
      );
    }
    if (p.topic !== undefined) {
      checkTopic(p.topic, ctx.limits, ctx.route);
      checkResolvable(p.topic, ctx);
    }
    if (p.content !== undefined) checkContent(p.content, ctx.limits, ctx.route);
  },
  encode: (p, ctx) => {
    const { prev_content_sha256, ...rest } = p;
    // FL.prevContentSha256: older servers would ignore it (or refuse it); there is no conflict check there.
    return ctx.server.featureLevel >= FL.prevContentSha256 ? p : rest;
  },
  normalize: (body, ctx) =>
    body.detached_uploads === undefined
      ? body
      : { ...body, detached_uploads: normalizeAttachments(body.detached_uploads, ctx.server.featureLevel) },
});

/** Drops `allow_empty_topic_name` below FL.emptyTopicName, where servers do not know it. */
function dropEmptyTopicFlag<P extends { allow_empty_topic_name?: boolean }>(p: P, ctx: CallContext): P {
  if (ctx.server.featureLevel >= FL.emptyTopicName || p.allow_empty_topic_name === undefined) return p;
  const { allow_empty_topic_name: _, ...rest } = p;
  return rest as P;
}

/** 6. `GET /messages/matches_narrow` — which of these messages match a narrow. */
export const checkMessagesMatchNarrow = defineOperation({
  method: 'GET',
  path: '/messages/matches_narrow',
  params: z.object({
    msg_ids: z.array(idParam('msg_ids')).min(1, { error: () => l10n.t('Give at least one message ID to check.') }),
    narrow: Narrow,
  }),
  response: envelope({
    /** Keyed by message ID; only matching messages appear. */
    messages: z.record(z.string(), NarrowMatch),
  }),
});

/** 7. `GET /messages/{message_id}` — one message, with its raw Markdown. */
export const getMessage = defineOperation({
  method: 'GET',
  path: '/messages/{message_id}',
  params: z.object({
    message_id: idParam('message_id'),
    apply_markdown: z.boolean().optional(),
    allow_empty_topic_name: z.boolean().optional(),
  }),
  response: envelope({
    message: Message,
    /** Deprecated: raw Markdown. */
    raw_content: z.string().optional(),
  }),
  encode: dropEmptyTopicFlag,
});

/** `GET /messages` — a range of messages around an anchor, or the given IDs. */
export const getMessages = defineOperation({
  method: 'GET',
  path: '/messages',
  params: z.object({
    anchor: FetchAnchor.optional(),
    /** With `anchor: 'date'` (FL.anchorDate): the first message on or after it (else the newest). */
    anchor_date: AnchorDate.optional(),
    include_anchor: z.boolean().optional(),
    num_before: count('num_before').optional(),
    num_after: count('num_after').optional(),
    narrow: NarrowWithLegacy.optional(),
    apply_markdown: z.boolean().optional(),
    client_gravatar: z.boolean().optional(),
    allow_empty_topic_name: z.boolean().optional(),
    message_ids: z.array(idParam('message_ids')).optional(),
  }),
  response: envelope({
    messages: z.array(Message),
    /** For `newest` the server may answer a huge sentinel (10^16), beyond the safe-integer range. */
    anchor: z.number().optional(),
    found_anchor: z.boolean().optional(),
    found_oldest: z.boolean().optional(),
    found_newest: z.boolean().optional(),
    history_limited: z.boolean().optional(),
  }),
  check: (p, ctx) => {
    if (p.message_ids === undefined && (p.num_before === undefined || p.num_after === undefined)) {
      throw new ValidationError(
        l10n.t('Say how many messages to fetch ("num_before" and "num_after"), or give "message_ids".'),
        ctx.route,
        'num_before',
      );
    }
    checkRange(p, ctx);
    checkAnchorDate(p, ctx);
  },
  encode: dropEmptyTopicFlag,
});

/** `POST /messages` — send a message. `type` may use either name; the server's own is sent. */
export const sendMessage = defineOperation({
  method: 'POST',
  path: '/messages',
  params: z.object({
    type: TypeName,
    /** Channel ID or name; user IDs (or API emails) for direct messages. */
    to: SendRecipients,
    topic: z.string().optional(),
    content: z.string().min(1, { error: () => l10n.t('The message is empty.') }),
    queue_id: z.string().optional(),
    local_id: z.string().optional(),
    read_by_sender: z.boolean().optional(),
  }),
  response: envelope({
    id: z.number().int(),
    automatic_new_visibility_policy: z.number().int().optional(),
  }),
  check: checkOutgoing,
  encode: encodeOutgoing,
});

/** `POST /messages/flags` — add or remove a personal flag on messages. */
export const updateMessageFlags = defineOperation({
  method: 'POST',
  path: '/messages/flags',
  params: z.object({
    messages: z.array(idParam('messages')),
    op: FlagOp,
    flag: Flag,
  }),
  response: envelope({
    messages: z.array(z.number().int()).optional(),
  }),
  check: (p, ctx) => checkFlag(p.flag, ctx),
});

/** 12. `POST /messages/flags/narrow` — add or remove a flag on a range of messages in a narrow. */
export const updateMessageFlagsForNarrow = defineOperation({
  method: 'POST',
  path: '/messages/flags/narrow',
  params: z.object({
    anchor: Anchor,
    include_anchor: z.boolean().optional(),
    num_before: count('num_before'),
    num_after: count('num_after'),
    narrow: NarrowWithLegacy.default([]),
    op: FlagOp,
    flag: Flag,
  }),
  response: envelope({
    processed_count: z.number().int(),
    updated_count: z.number().int(),
    first_processed_id: z.number().int().nullable(),
    last_processed_id: z.number().int().nullable(),
    found_oldest: z.boolean(),
    found_newest: z.boolean(),
    /** Only for removing `read`: channels skipped because the user is not subscribed. */
    ignored_because_not_subscribed_channels: z.array(z.number().int()).optional(),
  }),
  check: (p, ctx) => checkFlag(p.flag, ctx),
});

/** `POST /messages/{message_id}/reactions` — add an emoji reaction. */
export const addReaction = defineOperation({
  method: 'POST',
  path: '/messages/{message_id}/reactions',
  params: z.object(ReactionParams),
  response: envelope({}),
  check: (p, ctx) => {
    checkReaction(p, ctx);
    if (p.emoji_name === undefined || p.emoji_name === '') {
      throw new ValidationError(l10n.t('Choose an emoji ("emoji_name").'), ctx.route, 'emoji_name');
    }
  },
  encode: encodeReaction,
});

/**
 * 14. `DELETE /messages/{message_id}/reactions` — remove the current user's reaction.
 * Pass the `reaction_type` the server gave for the reaction; `chat_extra_emoji` is sent in the
 * server's spelling.
 */
export const removeReaction = defineOperation({
  method: 'DELETE',
  path: '/messages/{message_id}/reactions',
  params: z.object(ReactionParams),
  response: envelope({}),
  check: checkReaction,
  encode: encodeReaction,
});

/**
 * `POST /submessage` — widget data for a message (a poll vote, a to-do item): `content` is the
 * JSON the widget protocol defines; `msg_type` is `widget`.
 */
export const sendSubmessage = defineOperation({
  method: 'POST',
  path: '/submessage',
  params: z.object({
    message_id: idParam('message_id'),
    msg_type: z.literal('widget'),
    content: z.string().max(10_000),
  }),
  response: envelope({}),
});

// ---- attachments -----------------------------------------------------------------------------

/** `GET /attachments` — the current user's uploads (normalised from older servers' shape). */
export const getAttachments = defineOperation({
  method: 'GET',
  path: '/attachments',
  params: z.object({}),
  response: envelope(AttachmentsShape),
  normalize: (body, ctx) => ({ ...body, attachments: normalizeAttachments(body.attachments, ctx.server.featureLevel) }),
});

/** 19. `DELETE /attachments/{attachment_id}` — delete an uploaded file. */
export const removeAttachment = defineOperation({
  method: 'DELETE',
  path: '/attachments/{attachment_id}',
  params: z.object({ attachment_id: idParam('attachment_id') }),
  response: envelope({}),
});
/** `DELETE /messages/{message_id}` — delete a message (the realm's delete permissions and time limit apply). */
export const deleteMessage = defineOperation({
  method: 'DELETE',
  path: '/messages/{message_id}',
  params: z.object({ message_id: idParam('message_id') }),
  response: envelope({}),
});

/** Messages, flags, reactions and attachments. */
export const messageOperations = {
  'DELETE /messages/{message_id}': deleteMessage,
  'PATCH /messages/{message_id}': updateMessage,
  'GET /messages/matches_narrow': checkMessagesMatchNarrow,
  'GET /messages/{message_id}': getMessage,
  'GET /messages': getMessages,
  'POST /messages': sendMessage,
  'POST /messages/render': renderMessage,
  'POST /messages/flags': updateMessageFlags,
  'POST /messages/flags/narrow': updateMessageFlagsForNarrow,
  'POST /messages/{message_id}/reactions': addReaction,
  'DELETE /messages/{message_id}/reactions': removeReaction,
  'POST /submessage': sendSubmessage,
  'GET /attachments': getAttachments,
  'DELETE /attachments/{attachment_id}': removeAttachment,
  'POST /user_uploads': uploadFileOperation,
} as const;
