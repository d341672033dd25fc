import * as l10n from '@vscode/l10n';
import type { RealmLimits } from '../api/operation';

/** A permission group setting: a group id, or an anonymous group. */
export type GroupSetting = number | { direct_members?: number[]; direct_subgroups?: number[] };

/** A group's direct members, indexed on the first membership question (system groups list thousands at sign-in). */
class Members {
  #set: Set<number> | undefined;
  constructor(private readonly ids: readonly number[]) {}
  has(userId: number): boolean {
    this.#set ??= new Set(this.ids);
    return this.#set.has(userId);
  }
}

interface UserGroup {
  id: number;
  name: string;
  members: Members;
  subgroups: number[];
  isSystem: boolean;
  description: string;
  deactivated: boolean;
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

/** Legacy policy codes (before the group settings): 1 members, 2 admins, 3 full members, 4 moderators, 5 everyone, 6 nobody, 7 owners. */
const POLICY_MAX_ROLE: Record<number, number> = { 1: 400, 2: 200, 3: 400, 4: 300, 5: 600, 6: 0, 7: 100 };
/** A channel's legacy `stream_post_policy` (before `can_send_message_group`): 1 anyone, 2 admins, 3 full members, 4 moderators. */
const STREAM_POST_MAX_ROLE: Record<number, number> = { 1: 600, 2: 200, 3: 400, 4: 300 };

/**
 * Organisation settings, limits and the own user's permissions derived from them. Settings are
 * kept under their bare names (`allow_message_editing`, not `realm_allow_message_editing`), which
 * is how `realm` events name them.
 */
export class RealmState {
  settings: Record<string, unknown> = {};
  readonly #groups = new Map<number, UserGroup>();

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
    this.#groups.clear();
    const groups = snapshot.realm_user_groups;
    if (Array.isArray(groups)) for (const g of groups) this.setGroup(g);
  }

  /** `realm` update / update_dict. */
  update(fields: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(fields)) this.settings[key.replace(/^realm_/, '')] = value;
  }

  setGroup(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const g = raw as Record<string, unknown>;
    if (typeof g.id !== 'number') return;
    this.#groups.set(g.id, {
      id: g.id,
      name: typeof g.name === 'string' ? g.name : '',
      members: new Members(Array.isArray(g.members) ? (g.members as number[]) : []),
      subgroups: Array.isArray(g.direct_subgroup_ids) ? (g.direct_subgroup_ids as number[]) : [],
      isSystem: g.is_system_group === true,
      description: typeof g.description === 'string' ? g.description : '',
      deactivated: g.deactivated === true,
    });
  }

  /** The organisation's user groups as `/register` sent them (system ones and deactivated ones too). */
  userGroups(): { id: number; name: string; description: string; isSystem: boolean; deactivated: boolean }[] {
    return [...this.#groups.values()].map(({ id, name, description, isSystem, deactivated }) => ({ id, name, description, isSystem, deactivated }));
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

  canMoveBetweenTopics(): boolean {
    return this.#allowed('can_move_messages_between_topics_group', 'edit_topic_policy');
  }

  canMoveBetweenChannels(): boolean {
    return this.#allowed('can_move_messages_between_channels_group', 'move_messages_between_streams_policy');
  }

  /** Resolving follows its own group from feature level 367; before, topic-move permission. */
  canResolveTopics(): boolean {
    if ('can_resolve_topics_group' in this.settings) return this.#allowed('can_resolve_topics_group');
    return this.canMoveBetweenTopics();
  }

  /**
   * Whether the own user may post to a channel: never to an archived one; then the channel's
   * `can_send_message_group`, else (older servers) its `stream_post_policy`, else (oldest)
   * `is_announcement_only`. As for realm groups, an unknown group counts as allowed.
   */
  canPostToChannel(channel: { [key: string]: unknown }): boolean {
    if (channel.is_archived === true) return false;
    const group = channel.can_send_message_group;
    if (typeof group === 'number' || (typeof group === 'object' && group !== null)) return this.inGroup(group as GroupSetting) ?? true;
    const policy = channel.stream_post_policy;
    if (typeof policy === 'number' && policy in STREAM_POST_MAX_ROLE) return this.ownRole() <= STREAM_POST_MAX_ROLE[policy]!;
    if (channel.is_announcement_only === true) return this.ownRole() <= 200;
    return true;
  }

  /**
   * Whether the own user may delete a message: anyone in `can_delete_any_message_group` (before
   * it, administrators) any message; the sender, when in `can_delete_own_message_group` (before:
   * `delete_own_message_policy`, then `allow_message_deleting`), within
   * `message_content_delete_limit_seconds` of sending (moderators and above, then, without limit).
   */
  canDeleteMessage(own: boolean, ageSeconds: number): boolean {
    return this.deleteRefusal(own, ageSeconds) === undefined;
  }

  /** Why the own user may not delete a message (see {@link canDeleteMessage}); undefined when they may. */
  deleteRefusal(own: boolean, ageSeconds: number): string | undefined {
    const any = this.settings.can_delete_any_message_group;
    if (any !== undefined ? this.inGroup(any as GroupSetting) === true : this.ownRole() <= 200) return undefined;
    if (!own) return l10n.t('the organization lets you delete only your own messages.');
    const group = this.settings.can_delete_own_message_group;
    const policy = this.settings.delete_own_message_policy;
    const allowed =
      group !== undefined ? (this.inGroup(group as GroupSetting) ?? true)
      : typeof policy === 'number' && policy in POLICY_MAX_ROLE ? this.ownRole() <= POLICY_MAX_ROLE[policy]!
      : this.settings.allow_message_deleting === true;
    if (!allowed) return l10n.t('the organization does not let you delete messages.');
    const limit = limitOrNull(this.settings.message_content_delete_limit_seconds);
    if (limit !== null && ageSeconds > limit) return l10n.t('the time limit for deleting your messages ({0}) has passed.', formatLimit(limit));
    return undefined;
  }

  /**
   * Which kinds of channel the own user may create: the `can_create_*_channel_group` settings,
   * else (older servers) the `create_*_stream_policy` codes. Web-public channels also need the
   * server and the organisation to allow them (`webPublicEnabled`).
   */
  channelCreation(): { public: boolean; private: boolean; webPublic: boolean; webPublicEnabled: boolean } {
    const guest = this.ownRole() >= 600;
    const webPublicEnabled = this.settings.enable_spectator_access === true && this.settings.server_web_public_streams_enabled !== false;
    return {
      public: !guest && this.#allowed('can_create_public_channel_group', 'create_public_stream_policy'),
      private: !guest && this.#allowed('can_create_private_channel_group', 'create_private_stream_policy'),
      webPublic: !guest && webPublicEnabled && this.#allowed('can_create_web_public_channel_group', 'create_web_public_stream_policy'),
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

  /** The name of a user group (system groups as `role:…`); undefined when unknown. */
  groupName(id: number): string | undefined {
    return this.#groups.get(id)?.name;
  }

  /** Membership of the own user; undefined when the group is unknown. */
  inGroup(setting: GroupSetting, seen = new Set<number>()): boolean | undefined {
    return this.userInGroup(setting, this.ownUserId(), this.ownRole(), seen);
  }

  /** Membership of any user (by id and role); undefined when the group is unknown. */
  userInGroup(setting: GroupSetting, userId: number, role: number, seen = new Set<number>()): boolean | undefined {
    if (typeof setting === 'number') {
      if (seen.has(setting)) return false;
      seen.add(setting);
      const group = this.#groups.get(setting);
      if (!group) return undefined;
      const byRole = group.isSystem ? systemGroupByRole(group.name, role) : undefined;
      if (byRole !== undefined) return byRole;
      if (group.members.has(userId)) return true;
      return group.subgroups.some((id) => this.userInGroup(id, userId, role, seen) === true);
    }
    if (setting.direct_members?.includes(userId)) return true;
    return (setting.direct_subgroups ?? []).some((id) => this.userInGroup(id, userId, role, seen) === true);
  }
}

/** System groups follow roles; computing from the role stays right when the role changes. */
function systemGroupByRole(name: string, role: number): boolean | undefined {
  switch (name) {
    case 'role:internet':
    case 'role:everyone':
      return true;
    case 'role:members':
    case 'role:fullmembers':
      return role <= 400;
    case 'role:moderators':
      return role <= 300;
    case 'role:administrators':
      return role <= 200;
    case 'role:owners':
      return role <= 100;
    case 'role:nobody':
      return false;
    default:
      return undefined;
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
