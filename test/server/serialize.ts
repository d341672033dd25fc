import { ownTopicsPolicy } from './channelPolicy';
import { createHash } from 'node:crypto';
import { ChatServer } from './core';
import { topicLinks } from './render';
import { Message, Stream, Subscription, User } from './types';
import { GROUP } from './state';
import { channelGroupFields } from './channelPermissions';

export interface MessageView {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allowEmptyTopic: boolean;
}

export function avatarUrl(srv: ChatServer, viewer: User | null, u: User, clientGravatar: boolean): string | null {
  if (u.isBot) return `${srv.url}/user_avatars/${srv.state.realm.id}/bot-${u.id}.png?version=${u.avatarVersion}`;
  if (clientGravatar && viewer && srv.state.canSeeRealEmail(viewer, u)) return null;
  return `https://secure.gravatar.com/avatar/${gravatarHash(u.deliveryEmail.toLowerCase())}?d=identicon&version=${u.avatarVersion}`;
}

/** MD5 of an email address, memoised (a pure function, asked for every message and user). */
const gravatarHashes = new Map<string, string>();

function gravatarHash(email: string): string {
  let hash = gravatarHashes.get(email);
  if (hash === undefined) {
    hash = createHash('md5').update(email).digest('hex');
    if (gravatarHashes.size >= 1024) gravatarHashes.clear();
    gravatarHashes.set(email, hash);
  }
  return hash;
}

export function serializeUser(
  srv: ChatServer,
  viewer: User | null,
  u: User,
  opts: { clientGravatar: boolean; includeProfile: boolean },
): Record<string, unknown> {
  const st = srv.state;
  const out: Record<string, unknown> = {
    user_id: u.id,
    delivery_email: viewer && st.canSeeRealEmail(viewer, u) ? u.deliveryEmail : null,
    email: st.apiEmail(u),
    full_name: u.fullName,
    date_joined: u.dateJoined,
    is_active: u.isActive,
    is_owner: u.role === 100,
    is_admin: u.role <= 200,
    is_guest: u.role === 600,
    is_bot: u.isBot,
    bot_type: u.botType,
    bot_owner_id: u.botOwnerId,
    role: u.role,
    timezone: u.timezone,
    avatar_url: avatarUrl(srv, viewer, u, opts.clientGravatar),
    avatar_version: u.avatarVersion,
    is_imported_stub: false,
  };
  if (!u.isBot && opts.includeProfile) out.profile_data = u.profileData;
  return out;
}

export function displayRecipient(srv: ChatServer, m: Message): unknown {
  if (m.type === 'stream') return srv.state.streams.get(m.streamId!)!.name;
  return m.dmUsers!.map((id) => {
    const u = srv.user(id);
    return { id, email: srv.state.apiEmail(u), full_name: u.fullName, is_mirror_dummy: false };
  });
}

export function recipientId(srv: ChatServer, m: Message): number {
  if (m.type === 'stream') return srv.state.streams.get(m.streamId!)!.recipientId;
  if (m.dmUsers!.length === 2 && srv.fl < 482) {
    // Older servers: a 1:1 conversation used the personal recipient of the non-sender... kept shared here.
    return srv.state.dmRecipientId(m.dmUsers!) + 500000;
  }
  return srv.state.dmRecipientId(m.dmUsers!);
}

export function serializeMessage(
  srv: ChatServer,
  viewer: User,
  m: Message,
  view: MessageView,
): Record<string, unknown> {
  const sender = srv.user(m.senderId);
  const rendered = srv.renderedContent(m);
  const out: Record<string, unknown> = {
    id: m.id,
    type: m.type,
    sender_id: m.senderId,
    sender_email: srv.state.apiEmail(sender),
    sender_full_name: sender.fullName,
    sender_realm_str: 'demo',
    avatar_url: avatarUrl(srv, viewer, sender, view.clientGravatar),
    client: m.client,
    content: view.applyMarkdown ? rendered : m.content,
    content_type: view.applyMarkdown ? 'text/html' : 'text/x-markdown',
    display_recipient: displayRecipient(srv, m),
    recipient_id: recipientId(srv, m),
    subject: m.type === 'stream' ? srv.topicOut(m.topic, view.allowEmptyTopic) : '',
    topic_links: m.type === 'stream' ? topicLinks(m.topic, srv.state.linkifiers) : [],
    is_me_message: m.content.startsWith('/me '),
    timestamp: m.timestamp,
    reactions: m.reactions.map((r) => ({
      emoji_name: r.emojiName,
      emoji_code: r.emojiCode,
      reaction_type: r.reactionType === 'extra_emoji' ? srv.extraEmojiType : r.reactionType,
      user_id: r.userId,
    })),
    submessages: (m.submessages ?? []).map((s) => ({
      id: s.id,
      message_id: m.id,
      sender_id: s.senderId,
      msg_type: s.msgType,
      content: s.content,
    })),
    flags: srv.state.flagsList(viewer.id, m),
  };
  if (m.type === 'stream') out.stream_id = m.streamId;
  if (srv.fl >= 365) {
    if (m.lastEditTs !== undefined) out.last_edit_timestamp = m.lastEditTs;
    if (m.lastMovedTs !== undefined) out.last_moved_timestamp = m.lastMovedTs;
  } else if (m.editHistory.length) {
    out.last_edit_timestamp = m.editHistory[0].timestamp;
  }
  if (m.editHistory.length && srv.realmSetting('message_edit_history_visibility_policy') !== 'none') {
    out.edit_history = m.editHistory.map((e) => {
      const copy: Record<string, unknown> = { ...e };
      if (e.topic !== undefined) copy.topic = srv.topicOut(e.topic, view.allowEmptyTopic);
      if (e.prev_topic !== undefined) copy.prev_topic = srv.topicOut(e.prev_topic, view.allowEmptyTopic);
      return copy;
    });
  }
  return out;
}

const NOTIFY_PROPS: [keyof Subscription, string, string][] = [
  ['desktopNotifications', 'desktop_notifications', 'enable_stream_desktop_notifications'],
  ['audibleNotifications', 'audible_notifications', 'enable_stream_audible_notifications'],
  ['pushNotifications', 'push_notifications', 'enable_stream_push_notifications'],
  ['emailNotifications', 'email_notifications', 'enable_stream_email_notifications'],
  ['wildcardMentionsNotify', 'wildcard_mentions_notify', 'wildcard_mentions_notify'],
];

export function serializeStream(srv: ChatServer, s: Stream): Record<string, unknown> {
  const out: Record<string, unknown> = {
    stream_id: s.id,
    name: s.name,
    description: s.description,
    rendered_description: (s.renderedDescription ??= s.description ? srv.render(s.description).html : ''),
    invite_only: s.inviteOnly,
    is_web_public: s.isWebPublic,
    is_archived: s.isArchived,
    history_public_to_subscribers: s.historyPublicToSubscribers,
    first_message_id: s.messageIds[0] ?? null,
    date_created: s.dateCreated,
    creator_id: null,
    message_retention_days: null,
    stream_post_policy: s.canSendMessageGroup === GROUP.everyone ? 1 : 2,
    can_send_message_group: s.canSendMessageGroup,
    can_remove_subscribers_group: s.canRemoveSubscribersGroup,
    can_administer_channel_group: GROUP.administrators,
    stream_weekly_traffic: s.messageIds.length > 0 ? Math.min(999, s.messageIds.length) : null,
    is_announcement_only: false,
  };
  // Feature level 389: the channel's folder (null: none).
  if (srv.fl >= 389) out.folder_id = s.folderId ?? null;
  // Feature level 394: the number of (active) subscribers, for everyone who can see the channel.
  if (srv.fl >= 394) out.subscriber_count = activeCount(srv, s);
  // Feature level 392: which topics messages may go to (test/server/channelPolicy.ts).
  if (srv.fl >= 392) out.topics_policy = ownTopicsPolicy(srv, s);
  Object.assign(out, channelGroupFields(srv, s));
  return out;
}

function activeCount(srv: ChatServer, s: Stream): number {
  let n = 0;
  for (const id of s.subscribers) if (srv.state.users.get(id)?.isActive) n++;
  return n;
}

export function serializeSubscription(
  srv: ChatServer,
  viewer: User,
  s: Stream,
  sub: Subscription,
  opts: { includeSubscribers: boolean; nullSettings: boolean },
): Record<string, unknown> {
  // Added to the stream object rather than spread into a new literal: spreading an object this
  // large is an order of magnitude slower in V8.
  const out = serializeStream(srv, s);
  out.color = sub.color;
  out.is_muted = sub.isMuted;
  out.in_home_view = !sub.isMuted;
  out.pin_to_top = sub.pinToTop;
  for (const [key, wire, setting] of NOTIFY_PROPS) {
    const v = sub[key];
    out[wire] = v === null && !opts.nullSettings ? srv.state.setting(viewer, setting) : v;
  }
  if (opts.includeSubscribers) out.subscribers = subscriberIds(srv, viewer, s);
  return out;
}

export function subscriberIds(srv: ChatServer, viewer: User, s: Stream): number[] {
  if (!srv.state.canAccessStream(viewer, s) && s.inviteOnly) return [];
  return [...s.subscribers].sort((a, b) => a - b);
}

export const SUB_PROPS: Record<string, keyof Subscription | 'in_home_view'> = {
  color: 'color',
  is_muted: 'isMuted',
  in_home_view: 'in_home_view',
  pin_to_top: 'pinToTop',
  desktop_notifications: 'desktopNotifications',
  audible_notifications: 'audibleNotifications',
  push_notifications: 'pushNotifications',
  email_notifications: 'emailNotifications',
  wildcard_mentions_notify: 'wildcardMentionsNotify',
};
