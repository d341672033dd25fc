import * as z from 'zod';
import { lenientEnum } from '../enum';
import { Linkifier, RealmPlayground } from '../realm/models';
import { Message, ReactionType, RealmEmoji } from '../messages/models';
import { Reminder, SavedSnippet, ScheduledMessage } from '../personal/models';
import { Subscription } from '../channels/models';
import { ChannelFolderEvent } from '../channels/folders';
import { ServerDraft } from '../drafts/models';
import { CustomProfileField, User } from '../users/models';

/**
 * The events of `GET /events` the extension consumes (docs/API.md, "Events the extension
 * consumes"), as one discriminated union on `type` (and `op` where a type has several shapes).
 *
 * Parse events one by one with `parseEvent`: it upgrades shapes of older servers first
 * (`normalizeEvent`), maps a type or op this client does not know to an `UnknownEvent`, and
 * reports a malformed event instead of throwing, so one bad event never stops the queue.
 */

const int = z.number().int();
const ids = z.array(int);

/** Present on every event; ids increase but may skip. */
const base = { id: int };

export const HeartbeatEvent = z.looseObject({ ...base, type: z.literal('heartbeat') });

/** A new message; `flags` are the receiving user's flags on it. */
export const MessageEvent = z.looseObject({
  ...base,
  type: z.literal('message'),
  message: Message,
  flags: z.array(z.string()).default([]),
  /**
   * The `local_id` the sender gave `POST /messages`, only in the event to the queue whose
   * `queue_id` came with it: how a client recognises its own send (src/store/outbox.ts).
   */
  local_message_id: z.string().optional(),
});

export const PropagateMode = lenientEnum(['change_one', 'change_later', 'change_all'] as const);

/** An edit, a move, or both. Content fields are present only for content edits, channel/topic fields only for moves. */
export const UpdateMessageEvent = z.looseObject({
  ...base,
  type: z.literal('update_message'),
  message_id: int.optional(),
  /** Every message edited or moved (sorted by the server). */
  message_ids: ids,
  /** Null for edits by the server itself (e.g. rendering updates on old servers). */
  user_id: int.nullable().optional(),
  edit_timestamp: int.optional(),
  /** True when only the rendering changed (e.g. inline URL previews); not a user edit. */
  rendering_only: z.boolean().optional(),
  flags: z.array(z.string()).optional(),
  orig_content: z.string().optional(),
  orig_rendered_content: z.string().optional(),
  content: z.string().optional(),
  rendered_content: z.string().optional(),
  is_me_message: z.boolean().optional(),
  stream_id: int.optional(),
  new_stream_id: int.optional(),
  stream_name: z.string().optional(),
  orig_subject: z.string().optional(),
  subject: z.string().optional(),
  propagate_mode: PropagateMode.optional(),
  topic_links: z.array(z.looseObject({ text: z.string(), url: z.string() })).optional(),
});

/** Normalised to `message_ids` (older servers, or clients without `bulk_message_deletion`: `message_id`). */
export const DeleteMessageEvent = z.looseObject({
  ...base,
  type: z.literal('delete_message'),
  message_ids: ids,
  message_type: lenientEnum(['stream', 'private'] as const),
  stream_id: int.optional(),
  topic: z.string().optional(),
});

const reactionFields = {
  ...base,
  type: z.literal('reaction'),
  message_id: int,
  user_id: int,
  emoji_name: z.string(),
  emoji_code: z.string(),
  /** `zulip_extra_emoji` reads as docs/API.md's `chat_extra_emoji`. */
  reaction_type: ReactionType,
};
export const ReactionEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...reactionFields, op: z.literal('add') }),
  z.looseObject({ ...reactionFields, op: z.literal('remove') }),
]);

/** On removal of `read`, where each message was, so unread counts can be rebuilt. */
export const MessageDetails = z.looseObject({
  type: lenientEnum(['stream', 'private'] as const),
  mentioned: z.boolean().optional(),
  stream_id: int.optional(),
  topic: z.string().optional(),
  user_ids: ids.optional(),
  unmuted_stream_msg: z.boolean().optional(),
});
const flagFields = {
  ...base,
  type: z.literal('update_message_flags'),
  flag: z.string(),
  messages: ids,
  /** Deprecated: true when the flag changed on all messages. */
  all: z.boolean().optional(),
};
export const UpdateMessageFlagsEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...flagFields, op: z.literal('add') }),
  z.looseObject({
    ...flagFields,
    op: z.literal('remove'),
    message_details: z.record(z.string(), MessageDetails).optional(),
  }),
]);

/** A submessage (widget data: a poll vote, a to-do item) attached to a message. */
export const SubmessageEvent = z.looseObject({
  ...base,
  type: z.literal('submessage'),
  message_id: int,
  submessage_id: int,
  sender_id: int,
  msg_type: z.string(),
  content: z.string(),
});

export const SubscriptionEvent = z.discriminatedUnion('op', [
  z.looseObject({
    ...base,
    type: z.literal('subscription'),
    op: z.literal('add'),
    subscriptions: z.array(Subscription),
  }),
  z.looseObject({
    ...base,
    type: z.literal('subscription'),
    op: z.literal('remove'),
    subscriptions: z.array(z.looseObject({ stream_id: int, name: z.string().optional() })),
  }),
  z.looseObject({
    ...base,
    type: z.literal('subscription'),
    op: z.literal('update'),
    stream_id: int,
    property: z.string(),
    value: z.unknown(),
  }),
  /** Normalised to the plural lists (older servers: `stream_id` and `user_id`). */
  z.looseObject({
    ...base,
    type: z.literal('subscription'),
    op: z.literal('peer_add'),
    stream_ids: ids,
    user_ids: ids,
  }),
  z.looseObject({
    ...base,
    type: z.literal('subscription'),
    op: z.literal('peer_remove'),
    stream_ids: ids,
    user_ids: ids,
  }),
]);

/** A channel as carried by `stream` events (full records: not described; only what the client reads). */
export const StreamRecord = z.looseObject({
  stream_id: int,
  name: z.string(),
  description: z.string().optional(),
  rendered_description: z.string().optional(),
  invite_only: z.boolean().optional(),
  is_web_public: z.boolean().optional(),
  is_archived: z.boolean().optional(),
});
export const StreamEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...base, type: z.literal('stream'), op: z.literal('create'), streams: z.array(StreamRecord) }),
  /** `stream_ids` filled from `streams` for older servers. */
  z.looseObject({
    ...base,
    type: z.literal('stream'),
    op: z.literal('delete'),
    streams: z.array(z.looseObject({ stream_id: int })).optional(),
    stream_ids: ids,
  }),
  z.looseObject({
    ...base,
    type: z.literal('stream'),
    op: z.literal('update'),
    stream_id: int,
    name: z.string().optional(),
    property: z.string(),
    value: z.unknown(),
  }),
]);

export const UserTopicEvent = z.looseObject({
  ...base,
  type: z.literal('user_topic'),
  stream_id: int,
  topic_name: z.string(),
  last_updated: int,
  /** 0 none, 1 muted, 2 unmuted, 3 followed; kept numeric so a future policy still round-trips. */
  visibility_policy: int,
});

/**
 * Presence in the modern form: the last time the user was active, and the last time the user
 * was online at all (active or idle). A field absent from a report leaves the known value.
 */
export const PresenceTimes = z.looseObject({
  active_timestamp: z.number().optional(),
  idle_timestamp: z.number().optional(),
});
export type PresenceTimes = z.infer<typeof PresenceTimes>;

/**
 * Normalised to `presences` keyed by user id, in the modern form. Older servers send one user's
 * `presence` per client (`{website: {status, timestamp}}`) beside `user_id` and `email`; servers
 * with simplified presence send `presences` already keyed by user id.
 */
export const PresenceEvent = z.looseObject({
  ...base,
  type: z.literal('presence'),
  presences: z.record(z.string(), PresenceTimes),
  user_id: int.optional(),
  email: z.string().optional(),
  server_timestamp: z.number().optional(),
});

/** Only the changed fields of the status are present. */
export const UserStatusEvent = z.looseObject({
  ...base,
  type: z.literal('user_status'),
  user_id: int,
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: ReactionType.optional(),
  away: z.boolean().optional(),
});

export const RealmUserEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...base, type: z.literal('realm_user'), op: z.literal('add'), person: User }),
  z.looseObject({
    ...base,
    type: z.literal('realm_user'),
    op: z.literal('remove'),
    person: z.looseObject({ user_id: int, full_name: z.string().optional() }),
  }),
  /** `person`: `user_id` plus only the changed fields. */
  z.looseObject({
    ...base,
    type: z.literal('realm_user'),
    op: z.literal('update'),
    person: z.looseObject({ user_id: int }),
  }),
]);

export const RealmEvent = z.discriminatedUnion('op', [
  /** `property` without the `realm_` prefix of the `/register` key. */
  z.looseObject({
    ...base,
    type: z.literal('realm'),
    op: z.literal('update'),
    property: z.string(),
    value: z.unknown(),
  }),
  z.looseObject({
    ...base,
    type: z.literal('realm'),
    op: z.literal('update_dict'),
    property: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
]);

export const RealmLinkifiersEvent = z.looseObject({
  ...base,
  type: z.literal('realm_linkifiers'),
  realm_linkifiers: z.array(Linkifier),
});

/** The organisation's code playgrounds changed: the whole new list. */
export const RealmPlaygroundsEvent = z.looseObject({
  ...base,
  type: z.literal('realm_playgrounds'),
  realm_playgrounds: z.array(RealmPlayground),
});

export const SavedSnippetsEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...base, type: z.literal('saved_snippets'), op: z.literal('add'), saved_snippet: SavedSnippet }),
  z.looseObject({ ...base, type: z.literal('saved_snippets'), op: z.literal('update'), saved_snippet: SavedSnippet }),
  z.looseObject({ ...base, type: z.literal('saved_snippets'), op: z.literal('remove'), saved_snippet_id: int }),
]);

export const ScheduledMessagesEvent = z.discriminatedUnion('op', [
  z.looseObject({
    ...base,
    type: z.literal('scheduled_messages'),
    op: z.literal('add'),
    scheduled_messages: z.array(ScheduledMessage),
  }),
  z.looseObject({
    ...base,
    type: z.literal('scheduled_messages'),
    op: z.literal('update'),
    scheduled_message: ScheduledMessage,
  }),
  z.looseObject({ ...base, type: z.literal('scheduled_messages'), op: z.literal('remove'), scheduled_message_id: int }),
]);

/** The own user's server drafts changed (from any client). */
export const DraftsEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...base, type: z.literal('drafts'), op: z.literal('add'), drafts: z.array(ServerDraft) }),
  z.looseObject({ ...base, type: z.literal('drafts'), op: z.literal('update'), draft: ServerDraft }),
  z.looseObject({ ...base, type: z.literal('drafts'), op: z.literal('remove'), draft_id: int }),
]);

export const RemindersEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...base, type: z.literal('reminders'), op: z.literal('add'), reminders: z.array(Reminder) }),
  z.looseObject({ ...base, type: z.literal('reminders'), op: z.literal('remove'), reminder_id: int }),
]);

/** The organisation's custom emoji changed (added, deactivated): the whole new set, by id. */
export const RealmEmojiEvent = z.looseObject({
  ...base,
  type: z.literal('realm_emoji'),
  op: z.literal('update'),
  realm_emoji: z.record(z.string(), RealmEmoji),
});

/** The organisation's custom profile fields changed: the whole new list. */
export const CustomProfileFieldsEvent = z.looseObject({
  ...base,
  type: z.literal('custom_profile_fields'),
  fields: z.array(CustomProfileField),
});

/** One of the own user's personal settings changed (`PATCH /settings`, from any client). */
export const UserSettingsEvent = z.looseObject({
  ...base,
  type: z.literal('user_settings'),
  op: z.literal('update'),
  property: z.string(),
  value: z.unknown(),
});

/** Who typed, or is one of a direct conversation's participants, in a `typing` event. */
const TypingPerson = z.looseObject({ user_id: int, email: z.string() });

/**
 * `typing` start / stop: someone composes in a conversation. Direct: `message_type` `direct`
 * (before FL 215: `private`) and `recipients`, every participant including the sender; channel:
 * `stream`, `stream_id` and `topic` (sent only to queues with the `stream_typing_notifications`
 * capability). Expires after `server_typing_started_expiry_period_milliseconds` without a new start.
 */
/**
 * The organisation's user groups changed (`user_group`): what permission group settings name
 * (`RealmState.inGroup`); `group` as `realm_user_groups` lists it.
 */
export const UserGroupEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...base, type: z.literal('user_group'), op: z.literal('add'), group: z.looseObject({ id: int }) }),
  z.looseObject({
    ...base,
    type: z.literal('user_group'),
    op: z.literal('update'),
    group_id: int,
    data: z.record(z.string(), z.unknown()),
  }),
  z.looseObject({
    ...base,
    type: z.literal('user_group'),
    op: z.enum(['add_members', 'remove_members']),
    group_id: int,
    user_ids: z.array(int),
  }),
  z.looseObject({
    ...base,
    type: z.literal('user_group'),
    op: z.enum(['add_subgroups', 'remove_subgroups']),
    group_id: int,
    direct_subgroup_ids: z.array(int),
  }),
  z.looseObject({ ...base, type: z.literal('user_group'), op: z.literal('remove'), group_id: int }),
]);

export const TypingEvent = z.looseObject({
  ...base,
  type: z.literal('typing'),
  op: z.enum(['start', 'stop']),
  message_type: lenientEnum(['direct', 'private', 'stream'] as const),
  sender: TypingPerson,
  recipients: z.array(TypingPerson).optional(),
  stream_id: int.optional(),
  topic: z.string().optional(),
});

/**
 * An event of a type (or op) this client does not know. `event_type`/`event_op` and every other
 * field are kept as sent so a newer server never breaks the queue.
 */
export const UnknownEvent = z.looseObject({
  ...base,
  type: z.literal('unknown'),
  event_type: z.string(),
  event_op: z.string().optional(),
});

/** Every consumed event, discriminated on `type` (and on `op` inside the types that have one). */
export const ChatEvent = z.discriminatedUnion('type', [
  HeartbeatEvent,
  MessageEvent,
  UpdateMessageEvent,
  DeleteMessageEvent,
  ReactionEvent,
  UpdateMessageFlagsEvent,
  SubmessageEvent,
  SubscriptionEvent,
  StreamEvent,
  UserTopicEvent,
  PresenceEvent,
  UserStatusEvent,
  RealmUserEvent,
  RealmEvent,
  RealmLinkifiersEvent,
  RealmEmojiEvent,
  RealmPlaygroundsEvent,
  ChannelFolderEvent,
  SavedSnippetsEvent,
  ScheduledMessagesEvent,
  RemindersEvent,
  DraftsEvent,
  UserSettingsEvent,
  CustomProfileFieldsEvent,
  TypingEvent,
  UserGroupEvent,
  UnknownEvent,
]);
export type ChatEvent = z.infer<typeof ChatEvent>;
export type ChatEventType = ChatEvent['type'];
/** The event of one `type`, e.g. `EventOf<'reaction'>`. */
export type EventOf<T extends ChatEventType> = Extract<ChatEvent, { type: T }>;

export type HeartbeatEvent = z.infer<typeof HeartbeatEvent>;
export type MessageEvent = z.infer<typeof MessageEvent>;
export type UpdateMessageEvent = z.infer<typeof UpdateMessageEvent>;
export type DeleteMessageEvent = z.infer<typeof DeleteMessageEvent>;
export type ReactionEvent = z.infer<typeof ReactionEvent>;
export type UpdateMessageFlagsEvent = z.infer<typeof UpdateMessageFlagsEvent>;
export type SubmessageEvent = z.infer<typeof SubmessageEvent>;
export type SubscriptionEvent = z.infer<typeof SubscriptionEvent>;
export type StreamEvent = z.infer<typeof StreamEvent>;
export type UserTopicEvent = z.infer<typeof UserTopicEvent>;
export type PresenceEvent = z.infer<typeof PresenceEvent>;
export type UserStatusEvent = z.infer<typeof UserStatusEvent>;
export type RealmUserEvent = z.infer<typeof RealmUserEvent>;
export type RealmEvent = z.infer<typeof RealmEvent>;
export type RealmLinkifiersEvent = z.infer<typeof RealmLinkifiersEvent>;
export type RealmEmojiEvent = z.infer<typeof RealmEmojiEvent>;
export type RealmPlaygroundsEvent = z.infer<typeof RealmPlaygroundsEvent>;
export type { ChannelFolderEvent } from '../channels/folders';
export type SavedSnippetsEvent = z.infer<typeof SavedSnippetsEvent>;
export type ScheduledMessagesEvent = z.infer<typeof ScheduledMessagesEvent>;
export type RemindersEvent = z.infer<typeof RemindersEvent>;
export type DraftsEvent = z.infer<typeof DraftsEvent>;
export type UserSettingsEvent = z.infer<typeof UserSettingsEvent>;
export type CustomProfileFieldsEvent = z.infer<typeof CustomProfileFieldsEvent>;
export type TypingEvent = z.infer<typeof TypingEvent>;
export type UserGroupEvent = z.infer<typeof UserGroupEvent>;
export type UnknownEvent = z.infer<typeof UnknownEvent>;
