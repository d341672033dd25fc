import { createHash } from 'node:crypto';
import {
  Attachment,
  ChannelFolder,
  FLAG_BITS,
  Linkifier,
  Message,
  Playground,
  Presence,
  ProfileField,
  RealmEmoji,
  Reminder,
  ROLE,
  Scheduled,
  ServerDraftRecord,
  Snippet,
  Stream,
  Subscription,
  User,
  UserStatus,
  UserTopic,
} from './types';

/** System permission groups, referenced by id from realm and channel settings. */
export const GROUP = {
  everyone: 11,
  members: 12,
  fullMembers: 13,
  moderators: 14,
  administrators: 15,
  owners: 16,
  nobody: 17,
} as const;
export const GROUP_NAMES: Record<number, string> = {
  11: 'role:everyone',
  12: 'role:members',
  13: 'role:fullmembers',
  14: 'role:moderators',
  15: 'role:administrators',
  16: 'role:owners',
  17: 'role:nobody',
};

export const RESOLVED_PREFIX = '\u2714 ';

const FLAG_ENTRIES = Object.entries(FLAG_BITS);

/** Deterministic 32-char alphanumeric key, like the service's API keys. */
export function deriveKey(seed: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = createHash('sha256')
    .update('team-chat-test-server:' + seed)
    .digest();
  let out = '';
  for (let i = 0; i < 32; i++) out += alphabet[bytes[i] % alphabet.length];
  return out;
}

export function defaultUserSettings(): Record<string, unknown> {
  return {
    twenty_four_hour_time: false,
    web_mark_read_on_scroll_policy: 1,
    web_channel_default_view: 1,
    starred_message_counts: true,
    receives_typing_notifications: true,
    web_suggest_update_timezone: true,
    fluid_layout_width: false,
    high_contrast_mode: false,
    web_font_size_px: 16,
    web_line_height_percent: 140,
    color_scheme: 1,
    enable_drafts_synchronization: true,
    translate_emoticons: false,
    display_emoji_reaction_users: true,
    default_language: 'en',
    web_home_view: 'inbox',
    web_escape_navigates_to_home_view: true,
    left_side_userlist: false,
    emojiset: 'set_a',
    demote_inactive_streams: 1,
    user_list_style: 2,
    web_animate_image_previews: 'on_hover',
    web_stream_unreads_count_display_policy: 2,
    hide_ai_features: false,
    web_inbox_show_channel_folders: true,
    web_left_sidebar_show_channel_folders: true,
    web_left_sidebar_unreads_count_summary: true,
    timezone: '',
    enable_stream_desktop_notifications: false,
    enable_stream_email_notifications: false,
    enable_stream_push_notifications: false,
    enable_stream_audible_notifications: false,
    notification_sound: 'zulip',
    enable_desktop_notifications: true,
    enable_sounds: true,
    email_notifications_batching_period_seconds: 120,
    enable_offline_email_notifications: true,
    enable_offline_push_notifications: true,
    enable_online_push_notifications: true,
    wildcard_mentions_notify: true,
    enter_sends: false,
    presence_enabled: true,
    send_private_typing_notifications: true,
    send_stream_typing_notifications: true,
    send_read_receipts: true,
    email_address_visibility: 1,
  };
}

export interface RealmInfo {
  id: number;
  name: string;
  description: string;
  icon: string;
  settings: Record<string, unknown>;
}

export class State {
  realm: RealmInfo = { id: 2, name: '', description: '', icon: '', settings: {} };
  users = new Map<number, User>();
  usersByEmail = new Map<string, User>();
  streams = new Map<number, Stream>();
  streamsByName = new Map<string, Stream>();
  /** userId → streamId → subscription properties. */
  subs = new Map<number, Map<number, Subscription>>();
  messages = new Map<number, Message>();
  /** Ids of all messages, ascending. */
  messageOrder: number[] = [];
  /** userId → messageId → flag bitmask (a "user message": the user received it). */
  userMessages = new Map<number, Map<number, number>>();
  attachments = new Map<number, Attachment>();
  linkifiers: Linkifier[] = [];
  /** The organisation's own user groups (routes/channelPermissions.ts), beside the system groups. */
  customGroups = new Map<
    number,
    { id: number; name: string; description: string; members: Set<number>; subgroups: number[] }
  >();
  playgrounds: Playground[] = [];
  channelFolders: ChannelFolder[] = [];
  snippets = new Map<number, Snippet>();
  drafts = new Map<number, ServerDraftRecord>();
  scheduled = new Map<number, Scheduled>();
  reminders = new Map<number, Reminder>();
  presence = new Map<number, Presence>();
  statuses = new Map<number, UserStatus>();
  /** Per user: the users they muted (`muted_users`). */
  mutedUsers = new Map<number, { id: number; timestamp: number }[]>();
  userTopics = new Map<number, UserTopic[]>();
  realmEmoji = new Map<string, RealmEmoji>();
  profileFields: ProfileField[] = [];
  defaultSettings = defaultUserSettings();
  dmRecipientIds = new Map<string, number>();
  notificationBotId = 0;
  emailGatewayBotId = 0;
  host = '127.0.0.1';
  /** Bumped on every user change; keys serialisation caches. */
  usersVersion = 0;
  /** Bumped on every presence change; keys the presence cache. */
  presenceVersion = 0;
  /** Bumped on every subscription or channel change; keys the subscriptions caches. */
  subsVersion = 0;
  /** Bumped whenever a channel's list of messages changes (its first id and count are serialised). */
  streamMessagesVersion = 0;
  private nextIds: Record<string, number> = {};

  nextId(kind: string, start = 1): number {
    const id = this.nextIds[kind] ?? start;
    this.nextIds[kind] = id + 1;
    return id;
  }
  bumpId(kind: string, atLeast: number): void {
    if ((this.nextIds[kind] ?? 1) <= atLeast) this.nextIds[kind] = atLeast + 1;
  }

  addUser(u: User): User {
    this.users.set(u.id, u);
    this.usersByEmail.set(u.deliveryEmail.toLowerCase(), u);
    this.bumpId('user', u.id);
    this.usersVersion++;
    return u;
  }

  /** The API email: the real one when visible to everyone, else the dummy `user<ID>@host`. */
  apiEmail(u: User): string {
    return u.emailVisibility === 1 || u.isBot ? u.deliveryEmail : `user${u.id}@${this.host}`;
  }

  canSeeRealEmail(viewer: User, target: User): boolean {
    if (target.isBot || viewer.id === target.id) return true;
    switch (target.emailVisibility) {
      case 1:
        return true;
      case 2:
        return viewer.role <= ROLE.member;
      case 3:
        return viewer.role <= ROLE.admin;
      case 5:
        return viewer.role <= ROLE.moderator;
      default:
        return false;
    }
  }

  userByAnyEmail(email: string): User | undefined {
    const lower = email.toLowerCase();
    const direct = this.usersByEmail.get(lower);
    if (direct) return direct;
    const m = /^user(\d+)@(.+)$/.exec(lower);
    if (m && m[2] === this.host.toLowerCase()) return this.users.get(Number(m[1]));
    return undefined;
  }

  inGroup(user: User, groupId: number): boolean {
    if (!user.isActive) return false;
    switch (groupId) {
      case GROUP.everyone:
        return true;
      case GROUP.members:
      case GROUP.fullMembers:
        return user.role <= ROLE.member;
      case GROUP.moderators:
        return user.role <= ROLE.moderator;
      case GROUP.administrators:
        return user.role <= ROLE.admin;
      case GROUP.owners:
        return user.role <= ROLE.owner;
      default: {
        const g = this.customGroups.get(groupId);
        return g !== undefined && (g.members.has(user.id) || g.subgroups.some((id) => this.inGroup(user, id)));
      }
    }
  }

  isAdmin(u: User): boolean {
    return u.role <= ROLE.admin;
  }
  isModOrAdmin(u: User): boolean {
    return u.role <= ROLE.moderator;
  }

  setting(u: User, name: string): unknown {
    return name in u.settings ? u.settings[name] : this.defaultSettings[name];
  }

  addStream(s: Stream): Stream {
    this.subsVersion++;
    this.streams.set(s.id, s);
    this.streamsByName.set(s.name.toLowerCase(), s);
    this.bumpId('stream', s.id);
    return s;
  }

  subscribe(userId: number, stream: Stream, sub: Subscription): void {
    this.subsVersion++;
    stream.subscribers.add(userId);
    let m = this.subs.get(userId);
    if (!m) this.subs.set(userId, (m = new Map()));
    m.set(stream.id, sub);
  }

  unsubscribe(userId: number, stream: Stream): void {
    this.subsVersion++;
    stream.subscribers.delete(userId);
    this.subs.get(userId)?.delete(stream.id);
  }

  sub(userId: number, streamId: number): Subscription | undefined {
    return this.subs.get(userId)?.get(streamId);
  }

  /** Whether the user can see the channel's metadata and (public-history) content. */
  canAccessStream(u: User, s: Stream): boolean {
    if (s.subscribers.has(u.id)) return true;
    if (u.role === ROLE.guest) return false;
    if (!s.inviteOnly) return true;
    return false;
  }

  canPostToStream(u: User, s: Stream): boolean {
    if (s.isArchived) return false;
    if (
      s.inviteOnly &&
      !s.subscribers.has(u.id) &&
      !(u.isBot && u.botOwnerId !== null && s.subscribers.has(u.botOwnerId))
    )
      return false;
    if (u.role === ROLE.guest && !s.subscribers.has(u.id)) return false;
    return this.inGroup(u, s.canSendMessageGroup) || u.isSystemBot === true;
  }

  userMessageFlags(userId: number, msgId: number): number | undefined {
    return this.userMessages.get(userId)?.get(msgId);
  }

  setUserMessage(userId: number, msgId: number, flags: number): void {
    let m = this.userMessages.get(userId);
    if (!m) this.userMessages.set(userId, (m = new Map()));
    m.set(msgId, flags);
  }

  /** Whether the user may read the message (the service's access rules, simplified). */
  canAccessMessage(u: User, m: Message): boolean {
    if (m.type === 'private') return m.dmUsers!.includes(u.id);
    if (this.userMessageFlags(u.id, m.id) !== undefined) return true;
    const s = this.streams.get(m.streamId!)!;
    if (!this.canAccessStream(u, s)) return false;
    if (!s.inviteOnly) return true;
    return s.historyPublicToSubscribers && s.subscribers.has(u.id);
  }

  flagsList(userId: number, m: Message): string[] {
    const bits = this.userMessageFlags(userId, m.id);
    if (bits === undefined) return ['read', 'historical'];
    const out: string[] = [];
    for (const [name, bit] of FLAG_ENTRIES) if (bits & bit) out.push(name);
    if (bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned))
      out.push('wildcard_mentioned');
    return out;
  }

  dmRecipientId(userIds: number[]): number {
    const key = [...new Set(userIds)].sort((a, b) => a - b).join(',');
    let id = this.dmRecipientIds.get(key);
    if (id === undefined) {
      id = this.nextId('recipient', 100000);
      this.dmRecipientIds.set(key, id);
    }
    return id;
  }

  addMessage(m: Message): void {
    if (m.type === 'stream') this.streamMessagesVersion++;
    this.messages.set(m.id, m);
    this.bumpId('message', m.id);
    const order = this.messageOrder;
    if (order.length === 0 || order[order.length - 1] < m.id) order.push(m.id);
    else insertSorted(order, m.id);
    if (m.type === 'stream') insertSorted(this.streams.get(m.streamId!)!.messageIds, m.id);
  }

  /** Delete a message with its per-user flags (index bookkeeping only). */
  removeMessage(m: Message): void {
    if (m.type === 'stream') {
      this.streamMessagesVersion++;
      const ids = this.streams.get(m.streamId!)!.messageIds;
      const i = ids.indexOf(m.id);
      if (i >= 0) ids.splice(i, 1);
    }
    this.messages.delete(m.id);
    const j = this.messageOrder.indexOf(m.id);
    if (j >= 0) this.messageOrder.splice(j, 1);
    for (const flags of this.userMessages.values()) flags.delete(m.id);
    for (const a of this.attachments.values()) a.messageIds.delete(m.id);
  }

  /** Move a message to another channel (index bookkeeping only). */
  relocate(m: Message, streamId: number): void {
    if (m.streamId === streamId) return;
    this.streamMessagesVersion++;
    const from = this.streams.get(m.streamId!)!.messageIds;
    const i = from.indexOf(m.id);
    if (i >= 0) from.splice(i, 1);
    m.streamId = streamId;
    insertSorted(this.streams.get(streamId)!.messageIds, m.id);
  }

  topicMessages(streamId: number, topic: string): Message[] {
    const lower = topic.toLowerCase();
    const out: Message[] = [];
    for (const id of this.streams.get(streamId)?.messageIds ?? []) {
      const m = this.messages.get(id)!;
      if (m.topic.toLowerCase() === lower) out.push(m);
    }
    return out;
  }

  userTopicPolicy(userId: number, streamId: number, topic: string): number {
    const lower = topic.toLowerCase();
    return (
      this.userTopics.get(userId)?.find((t) => t.streamId === streamId && t.topic.toLowerCase() === lower)?.policy ?? 0
    );
  }

  activeHumans(): User[] {
    return [...this.users.values()].filter((u) => u.isActive && !u.isBot);
  }
}

export function insertSorted(arr: number[], v: number): void {
  let lo = 0,
    hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (arr[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  if (arr[lo] !== v) arr.splice(lo, 0, v);
}

export function emptySub(color: string): Subscription {
  return {
    color,
    isMuted: false,
    pinToTop: false,
    desktopNotifications: null,
    audibleNotifications: null,
    pushNotifications: null,
    emailNotifications: null,
    wildcardMentionsNotify: null,
  };
}

export function baseRealmSettings(): Record<string, unknown> {
  return {
    allow_message_editing: true,
    message_content_edit_limit_seconds: 600,
    move_messages_within_stream_limit_seconds: 7 * 86400,
    move_messages_between_streams_limit_seconds: 7 * 86400,
    can_move_messages_between_topics_group: GROUP.members,
    can_move_messages_between_channels_group: GROUP.members,
    can_resolve_topics_group: GROUP.everyone,
    can_mention_many_users_group: GROUP.administrators,
    can_create_public_channel_group: GROUP.members,
    can_create_private_channel_group: GROUP.members,
    can_create_web_public_channel_group: GROUP.moderators,
    can_add_custom_emoji_group: GROUP.members,
    can_delete_any_message_group: GROUP.administrators,
    can_delete_own_message_group: GROUP.everyone,
    direct_message_permission_group: GROUP.everyone,
    direct_message_initiator_group: GROUP.everyone,
    message_content_delete_limit_seconds: 600,
    max_stream_size_for_typing_notifications: 100,
    message_edit_history_visibility_policy: 'all',
    allow_edit_history: true,
    mandatory_topics: false,
    topics_policy: 'allow_empty_topic',
    enable_read_receipts: true,
    /** The channel message reports go to (null: reporting is off). */
    moderation_request_channel_id: null,
    max_topic_length: 60,
    max_message_length: 10000,
    max_reminder_note_length: 1000,
    empty_topic_display_name: 'general chat',
    waiting_period_threshold: 0,
    default_language: 'en',
    enable_spectator_access: false,
    email_address_visibility: 1,
    presence_disabled: false,
    message_retention_days: -1,
    upload_quota_mib: null,
    max_file_upload_size_mib: 25,
    video_chat_provider: 1,
  };
}
