import * as l10n from '@vscode/l10n';
import type { RealmLimits } from '../api/operation';
import { isGroupSetting, UserGroups, type GroupSetting } from './userGroups';

export type { GroupSetting } from './userGroups';

/** A channel (subscription or stream object) as the permission checks read it: its group settings and name. */
export type ChannelSettings = { readonly [key: string]: unknown };

function channelLabel(channel: ChannelSettings): string {
  return typeof channel.name === 'string' ? `#${channel.name}` : l10n.t('this channel');
}

/** `realm_*` snapshot keys that are sections of their own, not settings. */
const NOT_SETTINGS = ['realm_users', 'realm_user_groups', 'realm_linkifiers', 'realm_emoji'];

/** Snapshot keys without the `realm_` prefix that the store keeps (realm events use bare names too). */
const BARE_KEYS = [
  'max_message_length',
  'max_topic_length',
  'max_stream_name_length',
  'max_stream_description_length',
  'max_reminder_note_length',
  'server_presence_ping_interval_seconds',
  'server_presence_offline_threshold_seconds',
  'event_queue_longpoll_timeout_seconds',
  'server_web_public_streams_enabled',
  'server_typing_started_wait_period_milliseconds',
  'server_typing_stopped_wait_period_milliseconds',
  'server_typing_started_expiry_period_milliseconds',
  'server_report_message_types',
];

/**
 * Legacy policy codes (before the group settings): 1 members, 2 admins, 3 full members, 4 moderators, 5 everyone, 6
 * nobody, 7 owners.
 */
const POLICY_MAX_ROLE: Record<number, number> = { 1: 400, 2: 200, 3: 400, 4: 300, 5: 600, 6: 0, 7: 100 };
/**
 * A channel's legacy `stream_post_policy` (before `can_send_message_group`): 1 anyone, 2 admins, 3 full members, 4
 * moderators.
 */
const STREAM_POST_MAX_ROLE: Record<number, number> = { 1: 600, 2: 200, 3: 400, 4: 300 };

/**
 * Organisation settings, limits and the own user's permissions derived from them. Settings are
 * kept under their bare names (`allow_message_editing`, not `realm_allow_message_editing`), which
 * is how `realm` events name them.
 */
export class RealmState {
  settings: Record<string, unknown> = {};
  readonly #groups = new UserGroups();

  constructor(
    /** The own user's role (100 owner … 600 guest); read on every permission check. */
    private readonly ownRole: () => number,
    private readonly ownUserId: () => number,
  ) {}

  reset(snapshot: Record<string, unknown>): void {
    this.settings = {};
    for (const [key, value] of Object.entries(snapshot)) {
      if (key.startsWith('realm_') && !NOT_SETTINGS.includes(key)) {
        this.settings[key.slice('realm_'.length)] = value;
      } else if (BARE_KEYS.includes(key)) {
        this.settings[key] = value;
      }
    }
    this.#groups.reset(snapshot.realm_user_groups);
  }

  /** `realm` update / update_dict. */
  update(fields: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(fields)) this.settings[key.replace(/^realm_/, '')] = value;
  }

  // ---- user groups ------------------------------------------------------------------------

  /** A `user_group` event; false when it names a group this state does not know. */
  applyGroupEvent(e: Parameters<UserGroups['apply']>[0]): boolean {
    return this.#groups.apply(e);
  }

  /** The organisation's user groups as `/register` sent them (system ones and deactivated ones too). */
  userGroups(): ReturnType<UserGroups['list']> {
    return this.#groups.list();
  }

  /** The name of a user group (system groups as `role:…`); undefined when unknown. */
  groupName(id: number): string | undefined {
    return this.#groups.name(id);
  }

  /** Membership of the own user; undefined when the group is unknown. */
  inGroup(setting: GroupSetting, seen = new Set<number>()): boolean | undefined {
    return this.#groups.has(setting, this.ownUserId(), this.ownRole(), seen);
  }

  /** Membership of any user (by id and role); undefined when the group is unknown. */
  userInGroup(setting: GroupSetting, userId: number, role: number, seen = new Set<number>()): boolean | undefined {
    return this.#groups.has(setting, userId, role, seen);
  }

  // ---- limits -----------------------------------------------------------------------------

  #num(key: string, fallback: number): number {
    const v = this.settings[key];
    return typeof v === 'number' ? v : fallback;
  }
  get maxMessageLength(): number {
    return this.#num('max_message_length', 10000);
  }
  get maxTopicLength(): number {
    return this.#num('max_topic_length', 60);
  }
  get maxChannelNameLength(): number {
    return this.#num('max_stream_name_length', 60);
  }
  get maxChannelDescriptionLength(): number {
    return this.#num('max_stream_description_length', 1024);
  }
  get pingIntervalSeconds(): number {
    return this.#num('server_presence_ping_interval_seconds', 60);
  }
  get offlineThresholdSeconds(): number {
    return this.#num('server_presence_offline_threshold_seconds', 140);
  }
  /** Typing notifications (https://zulip.com/api/set-typing-status), with the documented defaults. */
  get typing(): { startedWaitMs: number; stoppedWaitMs: number; expiryMs: number } {
    return {
      startedWaitMs: this.#num('server_typing_started_wait_period_milliseconds', 10_000),
      stoppedWaitMs: this.#num('server_typing_stopped_wait_period_milliseconds', 5_000),
      expiryMs: this.#num('server_typing_started_expiry_period_milliseconds', 15_000),
    };
  }
  get longpollTimeoutSeconds(): number {
    return this.#num('event_queue_longpoll_timeout_seconds', 90);
  }
  get mandatoryTopics(): boolean {
    return this.settings.mandatory_topics === true;
  }
  /** The organisation shows who has read a message (`realm_enable_read_receipts`, FL 137; absent before). */
  get readReceipts(): boolean {
    return this.settings.enable_read_receipts === true;
  }
  /** The channel message reports go to (`realm_moderation_request_channel_id`, FL 331); undefined: reporting is off. */
  get moderationChannelId(): number | undefined {
    const v = this.settings.moderation_request_channel_id;
    return typeof v === 'number' && v > 0 ? v : undefined;
  }
  /** The reasons a message may be reported for, as the server lists them (FL 435; undefined before). */
  get reportMessageTypes(): { key: string; name: string }[] | undefined {
    const v = this.settings.server_report_message_types;
    return Array.isArray(v) ? (v as { key: string; name: string }[]) : undefined;
  }
  get emptyTopicDisplayName(): string {
    const v = this.settings.empty_topic_display_name;
    return typeof v === 'string' ? v : l10n.t('general chat');
  }

  /** The limits in the client's shape (`ChatClient.limits`). */
  limits(): RealmLimits {
    const limits: RealmLimits = {
      maxMessageLength: this.maxMessageLength,
      maxTopicLength: this.maxTopicLength,
      mandatoryTopics: this.mandatoryTopics,
      emptyTopicDisplayName: this.emptyTopicDisplayName,
    };
    if (typeof this.settings.topics_policy === 'string') limits.topicsPolicy = this.settings.topics_policy;
    if (typeof this.settings.max_reminder_note_length === 'number') {
      limits.maxReminderNoteLength = this.settings.max_reminder_note_length;
    }
    return limits;
  }

  // ---- permissions of the own user --------------------------------------------------------

  get isModeratorOrAbove(): boolean {
    return this.ownRole() <= 300;
  }

  /** Editing the content of one's own messages (time limit: `contentEditLimitSeconds`). */
  canEditContent(): boolean {
    return this.settings.allow_message_editing !== false;
  }

  /**
   * Renaming topics (moving within a channel): the organisation's group; in a channel that has
   * `can_move_messages_within_channel_group` (FL 396), also its group and its administrators.
   */
  canMoveBetweenTopics(channel?: ChannelSettings): boolean {
    if (this.#allowed('can_move_messages_between_topics_group', 'edit_topic_policy')) return true;
    return this.#channelGrants(channel, 'can_move_messages_within_channel_group', true);
  }

  /** Moving out of a channel: the organisation's group, else the channel's (FL 396) and its administrators. */
  canMoveBetweenChannels(channel?: ChannelSettings): boolean {
    if (this.#allowed('can_move_messages_between_channels_group', 'move_messages_between_streams_policy')) return true;
    return this.#channelGrants(channel, 'can_move_messages_out_of_channel_group', true);
  }

  /**
   * Resolving follows its own group from feature level 367 (before, topic-move permission); a
   * channel's `can_resolve_topics_group` (FL 402) adds its members, in that channel only.
   */
  canResolveTopics(channel?: ChannelSettings): boolean {
    const realm =
      'can_resolve_topics_group' in this.settings
        ? this.#allowed('can_resolve_topics_group')
        : this.canMoveBetweenTopics(channel);
    return realm || this.#channelGrants(channel, 'can_resolve_topics_group', false);
  }

  /**
   * Why the own user may not start a new topic in a channel: its `can_create_topic_group`
   * (FL 441; before, anyone who may post may start topics). Undefined when they may.
   */
  newTopicRefusal(channel: ChannelSettings): string | undefined {
    if (!isGroupSetting(channel.can_create_topic_group)) return undefined;
    if (this.inGroup(channel.can_create_topic_group) ?? true) return undefined;
    return l10n.t(
      'You may not start new topics in {0} (the channel lets only some users do that); reply in one of its ' +
        'topics instead.',
      channelLabel(channel),
    );
  }

  /**
   * Whether the own user may post to a channel: never to an archived one; then the channel's
   * `can_send_message_group`, else (older servers) its `stream_post_policy`, else (oldest)
   * `is_announcement_only`. As for realm groups, an unknown group counts as allowed.
   */
  canPostToChannel(channel: { [key: string]: unknown }): boolean {
    if (channel.is_archived === true) return false;
    const group = channel.can_send_message_group;
    if (typeof group === 'number' || (typeof group === 'object' && group !== null))
      return this.inGroup(group as GroupSetting) ?? true;
    const policy = channel.stream_post_policy;
    if (typeof policy === 'number' && policy in STREAM_POST_MAX_ROLE)
      return this.ownRole() <= STREAM_POST_MAX_ROLE[policy]!;
    if (channel.is_announcement_only === true) return this.ownRole() <= 200;
    return true;
  }

  /**
   * Whether the own user may delete a message: anyone in `can_delete_any_message_group` (before
   * it, administrators) any message; the sender, when in `can_delete_own_message_group` (before:
   * `delete_own_message_policy`, then `allow_message_deleting`), within
   * `message_content_delete_limit_seconds` of sending (moderators and above, then, without limit).
   * In a channel with its own groups (FL 407), their members may too.
   */
  canDeleteMessage(own: boolean, ageSeconds: number, channel?: ChannelSettings): boolean {
    return this.deleteRefusal(own, ageSeconds, channel) === undefined;
  }

  /** Why the own user may not delete a message (see {@link canDeleteMessage}); undefined when they may. */
  deleteRefusal(own: boolean, ageSeconds: number, channel?: ChannelSettings): string | undefined {
    const any = this.settings.can_delete_any_message_group;
    if (any !== undefined ? this.inGroup(any as GroupSetting) === true : this.ownRole() <= 200) return undefined;
    if (this.#channelGrants(channel, 'can_delete_any_message_group', false)) return undefined;
    if (!own) return l10n.t('the organization lets you delete only your own messages.');
    const group = this.settings.can_delete_own_message_group;
    const policy = this.settings.delete_own_message_policy;
    const allowed =
      group !== undefined
        ? (this.inGroup(group as GroupSetting) ?? true)
        : typeof policy === 'number' && policy in POLICY_MAX_ROLE
          ? this.ownRole() <= POLICY_MAX_ROLE[policy]!
          : this.settings.allow_message_deleting === true;
    if (!allowed && !this.#channelGrants(channel, 'can_delete_own_message_group', false)) {
      return isGroupSetting(channel?.can_delete_own_message_group)
        ? l10n.t('neither the organization nor {0} lets you delete your messages.', channelLabel(channel!))
        : l10n.t('the organization does not let you delete messages.');
    }
    const limit = limitOrNull(this.settings.message_content_delete_limit_seconds);
    if (limit !== null && ageSeconds > limit)
      return l10n.t('the time limit for deleting your messages ({0}) has passed.', formatLimit(limit));
    return undefined;
  }

  /**
   * Which kinds of channel the own user may create: the `can_create_*_channel_group` settings,
   * else (older servers) the `create_*_stream_policy` codes. Web-public channels also need the
   * server and the organisation to allow them (`webPublicEnabled`).
   */
  channelCreation(): { public: boolean; private: boolean; webPublic: boolean; webPublicEnabled: boolean } {
    const guest = this.ownRole() >= 600;
    const webPublicEnabled =
      this.settings.enable_spectator_access === true && this.settings.server_web_public_streams_enabled !== false;
    return {
      public: !guest && this.#allowed('can_create_public_channel_group', 'create_public_stream_policy'),
      private: !guest && this.#allowed('can_create_private_channel_group', 'create_private_stream_policy'),
      webPublic:
        !guest &&
        webPublicEnabled &&
        this.#allowed('can_create_web_public_channel_group', 'create_web_public_stream_policy'),
      webPublicEnabled,
    };
  }

  /** Seconds after sending during which content may be edited; null: no limit. */
  get contentEditLimitSeconds(): number | null {
    return limitOrNull(this.settings.message_content_edit_limit_seconds);
  }
  /** Null for moderators and administrators, who are not time-limited, or when there is no limit. */
  get moveWithinChannelLimitSeconds(): number | null {
    return this.isModeratorOrAbove ? null : limitOrNull(this.settings.move_messages_within_stream_limit_seconds);
  }
  get moveBetweenChannelsLimitSeconds(): number | null {
    return this.isModeratorOrAbove ? null : limitOrNull(this.settings.move_messages_between_streams_limit_seconds);
  }

  /**
   * Whether the own user is in the group a setting names. An unknown group id (a server that
   * did not send `realm_user_groups`) counts as allowed: the server has the last word.
   */
  #allowed(groupKey: string, legacyPolicyKey?: string): boolean {
    const setting = this.settings[groupKey];
    if (setting !== undefined) return this.inGroup(setting as GroupSetting) ?? true;
    const policy = legacyPolicyKey ? this.settings[legacyPolicyKey] : undefined;
    if (typeof policy === 'number' && policy in POLICY_MAX_ROLE) return this.ownRole() <= POLICY_MAX_ROLE[policy]!;
    return true;
  }

  /**
   * Whether a channel's own group setting `key` grants the own user a permission (with
   * `administrators`, the channel's administrators too: the organisation's and those of its
   * `can_administer_channel_group`). False when the channel has no such setting (older servers:
   * the organisation's setting alone decides); an unknown group counts as allowed.
   */
  #channelGrants(channel: ChannelSettings | undefined, key: string, administrators: boolean): boolean {
    const setting = channel?.[key];
    if (!isGroupSetting(setting)) return false;
    if (
      administrators &&
      (this.ownRole() <= 200 ||
        (isGroupSetting(channel!.can_administer_channel_group) &&
          this.inGroup(channel!.can_administer_channel_group) === true))
    )
      return true;
    return this.inGroup(setting) ?? true;
  }
}

/** "10 minutes", "1 hour", "90 seconds". */
function formatLimit(seconds: number): string {
  if (seconds % 86400 === 0) return seconds === 86400 ? l10n.t('1 day') : l10n.t('{0} days', seconds / 86400);
  if (seconds % 3600 === 0) return seconds === 3600 ? l10n.t('1 hour') : l10n.t('{0} hours', seconds / 3600);
  if (seconds % 60 === 0) return seconds === 60 ? l10n.t('1 minute') : l10n.t('{0} minutes', seconds / 60);
  return seconds === 1 ? l10n.t('1 second') : l10n.t('{0} seconds', seconds);
}

function limitOrNull(v: unknown): number | null {
  return typeof v === 'number' && v > 0 ? v : null;
}
