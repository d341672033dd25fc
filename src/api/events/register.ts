import * as z from 'zod';
import { PresenceTimes } from './models';
import { Linkifier, RealmPlayground } from '../realm/models';
import { RealmEmoji } from '../messages/models';
import { Reminder, SavedSnippet, ScheduledMessage } from '../personal/models';
import { UserSettings } from '../personal/settings';
import { ServerDraft } from '../drafts/models';
import { GroupSettingValue, Subscription, UserTopic } from '../channels/models';
import { ChannelFolder } from '../channels/folders';
import { CustomProfileField, User, UserStatus } from '../users/models';

/**
 * The `POST /register` snapshot (docs/API.md). Only `queue_id`, `last_event_id` and the version
 * facts are always present: `fetch_event_types` decides which sections come back, so every
 * section is optional. Version keys are normalised to docs/API.md's `chat_*` names. Limits that
 * servers may leave out carry docs/API.md's defaults.
 */

const int = z.number().int();
const ids = z.array(int);

/** Unread messages (`message` + `update_message_flags`); `other_user_id` filled from `sender_id` on old servers. */
export const UnreadMessages = z.looseObject({
  count: int,
  mentions: ids,
  old_unreads_missing: z.boolean().default(false),
  pms: z.array(z.looseObject({ other_user_id: int, unread_message_ids: ids })),
  streams: z.array(z.looseObject({ stream_id: int, topic: z.string(), unread_message_ids: ids })),
  huddles: z.array(z.looseObject({ user_ids_string: z.string(), unread_message_ids: ids })),
});
export type UnreadMessages = z.infer<typeof UnreadMessages>;

/** A channel the user is not subscribed to (`never_subscribed`): only what the client reads. */
export const NeverSubscribedStream = z.looseObject({
  stream_id: int,
  name: z.string(),
  description: z.string().optional(),
  invite_only: z.boolean().optional(),
  is_web_public: z.boolean().optional(),
  is_archived: z.boolean().optional(),
  topics_policy: z.string().optional(),
  subscriber_count: int.optional(),
  /** With `include_subscribers`: every subscriber, or (`"partial"`, 250 subscribers and more) those active lately. */
  subscribers: ids.optional(),
  partial_subscribers: ids.optional(),
});

/** A user group (`realm_user_groups`): only what permission checks read. */
export const UserGroup = z.looseObject({
  id: int,
  name: z.string(),
  description: z.string().optional(),
  members: z.array(int),
  direct_subgroup_ids: z.array(int).optional(),
  is_system_group: z.boolean(),
});

export const RegisterSnapshot = z.looseObject({
  queue_id: z.string(),
  last_event_id: int,
  chat_feature_level: int.default(0),
  chat_version: z.string().optional(),
  chat_merge_base: z.string().optional(),

  // realm
  max_message_length: int.default(10_000),
  max_topic_length: int.default(60),
  max_stream_name_length: int.optional(),
  max_stream_description_length: int.optional(),
  max_reminder_note_length: int.optional(),
  /** The largest upload in MiB (0: uploads disabled). */
  max_file_upload_size_mib: int.optional(),
  event_queue_longpoll_timeout_seconds: z.number().positive().default(90),
  server_presence_ping_interval_seconds: z.number().positive().default(60),
  server_presence_offline_threshold_seconds: z.number().positive().default(140),
  realm_name: z.string().optional(),
  realm_url: z.string().optional(),
  realm_empty_topic_display_name: z.string().optional(),
  realm_mandatory_topics: z.boolean().optional(),
  realm_topics_policy: z.string().optional(),
  /** FL 137: whether people may see who read a message. */
  realm_enable_read_receipts: z.boolean().optional(),
  /** FL 331: the channel message reports go to (-1: reporting is off). */
  realm_moderation_request_channel_id: int.optional(),
  /** FL 435: the reasons a message may be reported for. */
  server_report_message_types: z.array(z.looseObject({ key: z.string(), name: z.string() })).optional(),
  realm_allow_message_editing: z.boolean().optional(),
  /** Null: no limit. */
  realm_message_content_edit_limit_seconds: z.number().nullable().optional(),
  realm_move_messages_within_stream_limit_seconds: z.number().nullable().optional(),
  realm_move_messages_between_streams_limit_seconds: z.number().nullable().optional(),
  realm_can_resolve_topics_group: GroupSettingValue.optional(),
  realm_can_move_messages_between_channels_group: GroupSettingValue.optional(),
  realm_can_move_messages_between_topics_group: GroupSettingValue.optional(),
  /** Who can authorize a direct conversation (some participant must be in it) and who can start one. */
  realm_direct_message_permission_group: GroupSettingValue.optional(),
  realm_direct_message_initiator_group: GroupSettingValue.optional(),
  /** Who may create channels (feature levels 264, 266, 280); before, `realm_create_*_stream_policy` codes. */
  realm_can_create_public_channel_group: GroupSettingValue.optional(),
  realm_can_create_private_channel_group: GroupSettingValue.optional(),
  realm_can_create_web_public_channel_group: GroupSettingValue.optional(),
  realm_create_public_stream_policy: int.optional(),
  realm_create_private_stream_policy: int.optional(),
  realm_create_web_public_stream_policy: int.optional(),
  /** Web-public channels need both: the server allows them and the organisation lets spectators in. */
  server_web_public_streams_enabled: z.boolean().optional(),
  realm_enable_spectator_access: z.boolean().optional(),
  /** Before feature level 316 / 310: policies instead of groups. */
  realm_edit_topic_policy: int.optional(),
  realm_move_messages_between_streams_policy: int.optional(),
  realm_allow_edit_history: z.boolean().optional(),
  /** Fetch type `realm_user_groups`: what permission group settings name (`RealmState.inGroup`). */
  realm_user_groups: z.array(UserGroup).optional(),

  // subscription
  subscriptions: z.array(Subscription).optional(),
  unsubscribed: z.array(Subscription).optional(),
  never_subscribed: z.array(NeverSubscribedStream).optional(),

  // message + update_message_flags
  unread_msgs: UnreadMessages.optional(),

  // presence: keyed by user id (with `slim_presence`) or by email; entries in the modern form.
  presences: z.record(z.string(), PresenceTimes).optional(),
  server_timestamp: z.number().optional(),
  /** What `POST /users/me/presence` takes as `last_update_id` (feature level 263). */
  presence_last_update_id: int.optional(),

  // user_topic
  user_topics: z.array(UserTopic).optional(),

  // realm_user
  realm_users: z.array(User).optional(),
  realm_non_active_users: z.array(User).optional(),
  cross_realm_bots: z.array(User).optional(),
  user_id: int.optional(),
  email: z.string().optional(),
  delivery_email: z.string().optional(),
  full_name: z.string().optional(),
  is_admin: z.boolean().optional(),
  is_owner: z.boolean().optional(),
  is_moderator: z.boolean().optional(),
  is_guest: z.boolean().optional(),
  is_billing_admin: z.boolean().optional(),
  role: int.optional(),
  user_role: int.optional(),
  max_message_id: int.optional(),
  avatar_url: z.string().nullable().optional(),

  /** Fetch type `recent_private_conversations`: newest first; `user_ids` the others (empty: with oneself). */
  recent_private_conversations: z.array(z.looseObject({ max_message_id: int, user_ids: ids })).optional(),
  /** Fetch type `muted_users`: the users the own user muted. */
  muted_users: z.array(z.looseObject({ id: int, timestamp: int })).optional(),

  // user_status: user id → status
  user_status: z.record(z.string(), UserStatus).optional(),

  saved_snippets: z.array(SavedSnippet).optional(),
  scheduled_messages: z.array(ScheduledMessage).optional(),
  reminders: z.array(Reminder).optional(),
  /** Fetch type `drafts`: oldest edit first; empty while the user's drafts synchronisation is off. */
  drafts: z.array(ServerDraft).optional(),
  realm_linkifiers: z.array(Linkifier).optional(),
  /** Fetch type `realm_emoji`: the organisation's custom emoji by id, deactivated ones included. */
  realm_emoji: z.record(z.string(), RealmEmoji).optional(),
  /** Fetch type `realm_playgrounds` (feature level 49). */
  realm_playgrounds: z.array(RealmPlayground).optional(),
  /** Fetch type `channel_folders` (feature level 389): archived folders included. */
  channel_folders: z.array(ChannelFolder).optional(),
  /** Feature level 410. */
  max_channel_folder_name_length: int.optional(),
  max_channel_folder_description_length: int.optional(),
  user_settings: UserSettings.optional(),

  // custom_profile_fields: top level both for that fetch type and (on some servers) with `realm`.
  custom_profile_fields: z.array(CustomProfileField).optional(),
});
export type RegisterSnapshot = z.infer<typeof RegisterSnapshot>;
