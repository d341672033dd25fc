/** In-memory data model of the test chat server. Field names follow the wire format loosely. */

export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

/** Per-user message flags, stored as a bitmask to keep the 'large' organisation compact. */
export const FLAG_BITS: Record<string, number> = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
  has_alert_word: 64,
  historical: 128,
};
export const EDITABLE_FLAGS = new Set(['read', 'starred', 'collapsed']);

export interface User {
  id: number;
  deliveryEmail: string;
  fullName: string;
  role: number;
  isActive: boolean;
  isBot: boolean;
  botType: number | null;
  botOwnerId: number | null;
  apiKey: string;
  timezone: string;
  dateJoined: string;
  avatarVersion: number;
  /** 1 everyone, 2 members, 3 admins, 4 nobody, 5 moderators. */
  emailVisibility: number;
  profileData: Record<number, { value: string; rendered_value?: string }>;
  /** Outgoing-webhook bots: fixed token and the URL the server posts to. */
  token?: string;
  botUrl?: string;
  password: string;
  /** Only settings the user (or an admin) changed; defaults live in state.defaultSettings. */
  settings: Record<string, unknown>;
  editedSettings: Set<string>;
  isSystemBot?: boolean;
}

/** A group-setting value: a group's id, or an anonymous group. */
export type GroupValue = number | { direct_members: number[]; direct_subgroups: number[] };

export interface Stream {
  id: number;
  name: string;
  description: string;
  inviteOnly: boolean;
  isWebPublic: boolean;
  isArchived: boolean;
  /** `topics_policy` (feature level 392; `empty_topic_only` 404); absent: `inherit`. */
  topicsPolicy?: 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';
  historyPublicToSubscribers: boolean;
  subscribers: Set<number>;
  canRemoveSubscribersGroup: number;
  canSendMessageGroup: number;
  /** The channel's own permission groups (channelPermissions.ts); unset: their defaults. */
  groups?: Record<string, GroupValue>;
  dateCreated: number;
  recipientId: number;
  emailToken: string;
  /** Ids of messages in this channel, ascending. */
  messageIds: number[];
  /** Cache of the rendered description. */
  renderedDescription?: string;
  /** The channel folder it is in (feature level 389); absent or null: none. */
  folderId?: number | null;
}

export interface Subscription {
  color: string;
  isMuted: boolean;
  pinToTop: boolean;
  desktopNotifications: boolean | null;
  audibleNotifications: boolean | null;
  pushNotifications: boolean | null;
  emailNotifications: boolean | null;
  wildcardMentionsNotify: boolean | null;
}

export interface Reaction {
  emojiName: string;
  emojiCode: string;
  reactionType: string;
  userId: number;
}

export interface EditEntry {
  user_id: number | null;
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_stream?: number;
  stream?: number;
  prev_topic?: string;
  topic?: string;
}

export interface Message {
  id: number;
  type: 'stream' | 'private';
  senderId: number;
  streamId?: number;
  topic: string;
  /** Direct messages: all participants' ids, sorted (sender included). */
  dmUsers?: number[];
  content: string;
  rendered?: string;
  timestamp: number;
  client: string;
  reactions: Reaction[];
  /** Widget data (polls, to-do lists), oldest first; absent until the first one. */
  submessages?: { id: number; senderId: number; msgType: string; content: string }[];
  editHistory: EditEntry[];
  lastEditTs?: number;
  lastMovedTs?: number;
  isMe?: boolean;
}

export interface Attachment {
  id: number;
  ownerId: number;
  name: string;
  pathId: string;
  size: number;
  createTime: number;
  messageIds: Set<number>;
}

export interface Linkifier {
  id: number;
  pattern: string;
  url_template: string;
  example_input: string | null;
  reverse_template: string | null;
  alternative_url_templates: string[];
}

/** A channel folder (feature level 389; `order` from 414). */
export interface ChannelFolder {
  id: number;
  name: string;
  description: string;
  renderedDescription: string;
  order: number;
  isArchived: boolean;
  dateCreated: number;
  creatorId: number | null;
}

export interface Playground {
  id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

export interface Snippet {
  id: number;
  userId: number;
  title: string;
  content: string;
  dateCreated: number;
}

export interface Scheduled {
  id: number;
  userId: number;
  type: 'stream' | 'private';
  to: number | number[];
  topic: string;
  content: string;
  deliverAt: number;
  failed: boolean;
}

export interface Reminder {
  id: number;
  userId: number;
  messageId: number | null;
  deliverAt: number;
  content: string;
  note: string | null;
  failed: boolean;
}

/** `updateId`: the server's presence update counter when it last changed (`last_update_id`). */
export interface Presence {
  activeTs: number;
  idleTs: number;
  updateId?: number;
}

export interface UserStatus {
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  away: boolean;
}

export interface UserTopic {
  streamId: number;
  topic: string;
  policy: number;
  lastUpdated: number;
}

export interface RealmEmoji {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
  author_id: number;
}

export interface ProfileField {
  id: number;
  name: string;
  type: number;
  hint: string;
  field_data: string;
  order: number;
  displayInProfileSummary: boolean;
  required: boolean;
  editableByUser: boolean;
}

/** A draft kept on the server (`/drafts`): `to` as the API shows it, `timestamp` in UNIX seconds. */
export interface ServerDraftRecord {
  id: number;
  userId: number;
  type: 'stream' | 'private' | '';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}
