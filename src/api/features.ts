/**
 * Server feature levels the client depends on. Every version check in the bindings names one of
 * these constants (search for `FL.` to find the gates; a gate below the oldest supported level is
 * dead code).
 */
export const FL = {
  /** Unsupported parameters are reported instead of silently ignored. */
  reportsUnsupportedParameters: 78,
  /** `ignored_parameters_unsupported` on every endpoint. */
  ignoredParametersOnAllEndpoints: 167,
  /** `POST /user_topics` (before: the muted-topics endpoint only). */
  userTopics: 170,
  /** `direct` accepted as a message type (before: `private`). */
  directMessageType: 174,
  /** Presence has only `website` and `aggregated`. */
  presenceWebsiteAggregated: 178,
  /** `REACTION_DOES_NOT_EXIST` (before: `BAD_REQUEST`). */
  reactionDoesNotExistCode: 193,
  /** Outgoing webhook trigger `direct_message` (before: `private_message`). */
  webhookDirectMessageTrigger: 201,
  /** Wildcard mention error codes split from `BAD_REQUEST`. */
  wildcardMentionCodes: 229,
  /** Channel typing notifications name the channel by `stream_id`; `private` refused as a typing type. */
  streamTypingById: 215,
  /** `channel` accepted as a message type (before: `stream`). */
  channelMessageType: 248,
  /** `include_subscribers: "partial"` (before: only true or false). */
  partialSubscribers: 412,
  /** `GET /users` takes `user_ids` (before: always every user). */
  usersById: 384,
  /** `realm_url` (before: `realm_uri`). */
  realmUrl: 257,
  /** Read receipts: `GET /messages/{message_id}/read_receipts` and `realm_enable_read_receipts`. */
  readReceipts: 137,
  /** The `with` narrow operator: a link names a message and follows it when it is moved. */
  withOperator: 271,
  /** `url` in the upload response (before: only `uri`, now its deprecated alias). */
  uploadUrl: 272,
  /** `detached_uploads` in the edit-message response; `filename` in the upload response. */
  detachedUploads: 285,
  /** `sender_id` on the channel email address endpoint. */
  channelEmailSender: 335,
  /** Empty topic handling of the conventions. */
  emptyTopicName: 334,
  /** Channel `topics_policy` and the realm's `realm_topics_policy` (before: `realm_mandatory_topics` only). */
  topicsPolicy: 392,
  /** `topics_policy` value `empty_topic_only`: "general chat" channels. */
  emptyTopicOnly: 404,
  /** `GET /streams`: `exclude_archived` (before: archived channels never listed). */
  channelsExcludeArchived: 315,
  /** `GET /streams`: `include_all` and `include_can_access_content` (before: `include_all_active`). */
  channelsIncludeAll: 356,
  /** `subscriber_count` on channel objects. */
  subscriberCount: 394,
  /** `prev_content_sha256` on message edits. */
  prevContentSha256: 379,
  /** Message reminders. */
  reminders: 381,
  /** `POST /messages/{message_id}/report`: a message reported to the moderation request channel. */
  reportMessage: 382,
  /** `server_report_message_types` (before: the five fixed report types). */
  reportMessageTypes: 435,
  /** `GET /messages`: `anchor=date` with `anchor_date`. */
  anchorDate: 445,
  /** Reminder `note`. */
  reminderNote: 415,
  /** Attachment `create_time` in seconds (before: milliseconds). */
  attachmentCreateTimeSeconds: 443,
  /** `target_users` on settings updates. */
  settingsTargetUsers: 444,
  /** Home view `recent` (before: `recent_topics`). */
  homeViewRecent: 454,
  /** Linkifier `example_input` and `reverse_template`. */
  linkifierReverse: 471,
  /** Attachment `message_ids` (before: `messages` objects). */
  attachmentMessageIds: 472,
  /** User status endpoint open to administrators of any kind. */
  adminUserStatusAnyAdmin: 473,
  /** Code playgrounds (`realm_playgrounds`, `POST /realm/playgrounds`). */
  playgrounds: 49,
  /** Playground `url_template` (before: `url_prefix`, the code appended). */
  playgroundUrlTemplate: 196,
  /** Channel folders: `channel_folders`, `folder_id` on channels, the `/channel_folders` endpoints. */
  channelFolders: 389,
  /** The user setting `web_left_sidebar_show_channel_folders`. */
  channelFoldersSidebarSetting: 411,
  /** Folder `order` and `PATCH /channel_folders` (reordering). */
  channelFolderOrder: 414,
  /** The user setting `web_inbox_show_channel_folders`. */
  channelFoldersInboxSetting: 431,
} as const;

/** Which spelling of the API-family names a server uses (docs/API.md, "Names"). */
export type NameFlavor = 'chat' | 'zulip';

/** What the client knows of the connected server. */
export interface ServerInfo {
  featureLevel: number;
  version: string | undefined;
  mergeBase: string | undefined;
  flavor: NameFlavor;
}

/**
 * Reads the feature level, version and name flavour from a `/server_settings` or `/register`
 * body, under either spelling. An absent feature level means 0.
 */
export function readServerInfo(body: Record<string, unknown>): ServerInfo {
  const zulip = 'zulip_feature_level' in body || 'zulip_version' in body;
  const chat = 'chat_feature_level' in body || 'chat_version' in body;
  const flavor: NameFlavor = zulip && !chat ? 'zulip' : 'chat';
  const level = body.chat_feature_level ?? body.zulip_feature_level;
  const version = body.chat_version ?? body.zulip_version;
  const mergeBase = body.chat_merge_base ?? body.zulip_merge_base;
  return {
    featureLevel: typeof level === 'number' && Number.isInteger(level) && level >= 0 ? level : 0,
    version: typeof version === 'string' ? version : undefined,
    mergeBase: typeof mergeBase === 'string' ? mergeBase : undefined,
    flavor,
  };
}

/** The extra-emoji reaction type in a server's spelling. */
export function extraEmojiType(flavor: NameFlavor): string {
  return flavor === 'zulip' ? 'zulip_extra_emoji' : 'chat_extra_emoji';
}
