import { realmTopicsPolicy } from '../channelPolicy';
import { ChatServer } from '../core';
import { ApiError, badRequest } from '../errors';
import { EventQueue, ServerEvent } from '../events';
import { RawJson } from '../json';
import { isObject, strArray } from '../params';
import { Ctx, Route } from '../router';
import { serializeStream, serializeSubscription, serializeUser, subscriberIds } from '../serialize';
import { FLAG_BITS, ProfileField, User } from '../types';
import { reminderJson, scheduledJson, snippetJson } from './personal';
import { registerDrafts } from './drafts';
import { linkifierJson, serverSettings } from './realm';
import { playgroundJson } from './playgrounds';
import { channelFolderSections } from './channelFolders';
import { settingSince } from './settings';
import { presencesFor } from './users';
import { systemGroups } from './userGroups';
import { recentPrivateConversations } from './recentDms';
import { channelCreationSettings } from './streams';
import {
  incompleteUserList,
  includeSubscribersParam,
  parseIncludeSubscribers,
  presenceFilter,
  presenceLastUpdateId,
  subscriberFields,
} from '../slim';
import { READ_RECEIPTS_FL } from './messages';
import { reportRegisterFields } from './report';

const ALL_TYPES = [
  'realm',
  'subscription',
  'message',
  'update_message_flags',
  'presence',
  'user_topic',
  'realm_user',
  'user_status',
  'saved_snippets',
  'scheduled_messages',
  'reminders',
  'realm_linkifiers',
  'user_settings',
  'stream',
  'realm_emoji',
  'custom_profile_fields',
  'attachment',
  'update_display_settings',
  'update_global_notifications',
  'heartbeat',
  'realm_user_groups',
  'recent_private_conversations',
  'muted_users',
  'realm_playgrounds',
  'drafts',
  'channel_folders',
];

function unreadMsgs(srv: ChatServer, user: User): Record<string, unknown> {
  const st = srv.state;
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (const [id, bits] of st.userMessages.get(user.id) ?? []) {
    if (bits & FLAG_BITS.read) continue;
    const m = st.messages.get(id);
    if (!m) continue;
    count++;
    if (bits & (FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned))
      mentions.push(id);
    if (m.type === 'stream') {
      if (!st.streams.get(m.streamId!)!.subscribers.has(user.id)) continue;
      const key = `${m.streamId}\u0000${m.topic.toLowerCase()}`;
      const e = streams.get(key) ?? { stream_id: m.streamId!, topic: m.topic, unread_message_ids: [] };
      e.unread_message_ids.push(id);
      streams.set(key, e);
    } else if (m.dmUsers!.length <= 2) {
      const other = m.dmUsers!.find((u) => u !== user.id) ?? user.id;
      pms.set(other, [...(pms.get(other) ?? []), id]);
    } else {
      const key = m.dmUsers!.join(',');
      huddles.set(key, [...(huddles.get(key) ?? []), id]);
    }
  }
  const sortIds = (a: number[]) => a.sort((x, y) => x - y);
  return {
    count,
    old_unreads_missing: false,
    mentions: sortIds(mentions),
    pms: [...pms].map(([other, ids]) => ({ other_user_id: other, sender_id: other, unread_message_ids: sortIds(ids) })),
    streams: [...streams.values()].map((s) => ({ ...s, unread_message_ids: sortIds(s.unread_message_ids) })),
    huddles: [...huddles].map(([k, ids]) => ({ user_ids_string: k, unread_message_ids: sortIds(ids) })),
  };
}

/** Names of the settings that had top-level copies before `user_settings` (feature level 89). */
const LEGACY_DISPLAY_SETTINGS = [
  'color_scheme',
  'default_language',
  'demote_inactive_streams',
  'dense_mode',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
];
const LEGACY_NOTIFICATION_SETTINGS = [
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'desktop_icon_count_display',
  'presence_enabled',
  'wildcard_mentions_notify',
];

/** A `realm_bots` entry: the Bot schema's fields only (not a User object). */
function botJson(srv: ChatServer, viewer: User, u: User): Record<string, unknown> {
  const own = u.botOwnerId === viewer.id;
  return {
    user_id: u.id,
    full_name: u.fullName,
    api_key: u.apiKey,
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: false,
    avatar_url: serializeUser(srv, viewer, u, { clientGravatar: false, includeProfile: false }).avatar_url,
    owner_id: u.botOwnerId,
    services: own && u.token ? [{ base_url: u.botUrl ?? '', token: u.token, interface: 1 }] : [],
    email: u.deliveryEmail,
    bot_type: u.botType,
    is_active: u.isActive,
  };
}

/** A custom profile field; each flag from the feature level that added it. */
export function profileFieldJson(srv: ChatServer, f: ProfileField): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    type: f.type,
    hint: f.hint,
    field_data: f.field_data,
    order: f.order,
  };
  if (srv.fl >= 146) out.display_in_profile_summary = f.displayInProfileSummary;
  if (srv.fl >= 244) out.required = f.required;
  if (srv.fl >= 296) out.editable_by_user = f.editableByUser;
  return out;
}

function realmUsers(srv: ChatServer, user: User, clientGravatar: boolean, incomplete: boolean): RawJson | unknown[] {
  const build = () => {
    const all = [...srv.state.users.values()].filter((u) => !u.isSystemBot && u.isActive);
    return (incomplete ? incompleteUserList(srv, user, all) : all).map((u) =>
      serializeUser(srv, user, u, { clientGravatar, includeProfile: true }),
    );
  };
  // Serialisation only depends on what the viewer may see; cache by that class for the large org.
  const viewerSpecific = [...srv.state.users.values()].some((u) => u.emailVisibility !== 1 && u.id === user.id);
  if (viewerSpecific) return build();
  if (incomplete) return build(); // depends on presence and on the viewer
  return srv.json.get(`register realm_users|${srv.state.usersVersion}|${user.role}|${clientGravatar}`, build);
}

function realmSection(srv: ChatServer): Record<string, unknown> {
  const st = srv.state;
  const rs = st.realm.settings;
  const out: Record<string, unknown> = {
    realm_name: st.realm.name,
    realm_description: st.realm.description,
    realm_icon_url: `${srv.url}${st.realm.icon}`,
    realm_uri: srv.url,
    max_message_length: rs.max_message_length,
    max_topic_length: rs.max_topic_length,
    max_stream_name_length: 60,
    max_stream_description_length: 1024,
    max_reminder_note_length: rs.max_reminder_note_length,
    realm_empty_topic_display_name: rs.empty_topic_display_name,
    event_queue_longpoll_timeout_seconds: srv.opts.longpollTimeoutSeconds,
    server_presence_ping_interval_seconds: 60,
    server_presence_offline_threshold_seconds: 140,
    server_typing_started_expiry_period_milliseconds: 15000,
    server_typing_stopped_wait_period_milliseconds: 5000,
    server_typing_started_wait_period_milliseconds: 10000,
    realm_can_delete_any_message_group: rs.can_delete_any_message_group,
    realm_can_delete_own_message_group: rs.can_delete_own_message_group,
    realm_message_content_delete_limit_seconds: rs.message_content_delete_limit_seconds,
    realm_mandatory_topics: rs.mandatory_topics,
    realm_allow_message_editing: rs.allow_message_editing,
    realm_message_content_edit_limit_seconds: rs.message_content_edit_limit_seconds,
    realm_move_messages_within_stream_limit_seconds: rs.move_messages_within_stream_limit_seconds,
    realm_move_messages_between_streams_limit_seconds: rs.move_messages_between_streams_limit_seconds,
    realm_can_move_messages_between_topics_group: rs.can_move_messages_between_topics_group,
    realm_can_move_messages_between_channels_group: rs.can_move_messages_between_channels_group,
    realm_can_resolve_topics_group: rs.can_resolve_topics_group,
    realm_can_mention_many_users_group: rs.can_mention_many_users_group,
    realm_message_edit_history_visibility_policy: rs.message_edit_history_visibility_policy,
    realm_allow_edit_history: rs.allow_edit_history,
    realm_presence_disabled: rs.presence_disabled,
    realm_direct_message_permission_group: rs.direct_message_permission_group,
    realm_direct_message_initiator_group: rs.direct_message_initiator_group,
    realm_default_language: rs.default_language,
    realm_waiting_period_threshold: rs.waiting_period_threshold,
    realm_enable_spectator_access: rs.enable_spectator_access,
    realm_video_chat_provider: rs.video_chat_provider,
    realm_message_retention_days: rs.message_retention_days,
    realm_upload_quota_mib: rs.upload_quota_mib,
    max_file_upload_size_mib: rs.max_file_upload_size_mib,
  };
  if (srv.fl >= 257) out.realm_url = srv.url;
  if (srv.fl >= READ_RECEIPTS_FL) out.realm_enable_read_receipts = rs.enable_read_receipts;
  // Feature level 392: the default topics policy; the deprecated `realm_mandatory_topics` follows it.
  if (srv.fl >= 392)
    Object.assign(out, {
      realm_topics_policy: realmTopicsPolicy(srv),
      realm_mandatory_topics: realmTopicsPolicy(srv) === 'disable_empty_topic',
    });
  Object.assign(out, reportRegisterFields(srv));
  Object.assign(out, channelCreationSettings(srv));
  return out;
}

function register(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const caps: Record<string, boolean> = p.client_capabilities ?? {};
  const eventTypes: string[] | null = p.event_types ?? null;
  const fetch = new Set<string>(p.fetch_event_types ?? eventTypes ?? ALL_TYPES);
  const includeSubscribers = parseIncludeSubscribers(srv, p.include_subscribers);
  const q = srv.queues.create({
    userId: user.id,
    eventTypes: eventTypes ? new Set(eventTypes) : null,
    applyMarkdown: p.apply_markdown,
    clientGravatar: p.client_gravatar,
    slimPresence: p.slim_presence,
    capabilities: caps,
  });
  const settings = serverSettings(srv);
  const out: Record<string, unknown> = { queue_id: q.id, last_event_id: -1 };
  for (const k of Object.keys(settings)) if (k.startsWith(srv.prefix + '_')) out[k] = settings[k];
  if (fetch.has('realm')) Object.assign(out, realmSection(srv));
  if (fetch.has('subscription')) {
    const nullSettings = caps.notification_settings_null === true;
    const subs = [...(st.subs.get(user.id) ?? new Map())]
      .map(([sid, sub]) => ({ s: st.streams.get(sid)!, sub }))
      .filter(({ s }) => !s.isArchived || caps.archived_channels === true);
    // first_message_id and stream_weekly_traffic change with messages: streamMessagesVersion.
    // Partial lists depend on presence (who was active lately): presenceVersion.
    const key = `register subscriptions|${user.id}|${st.subsVersion}|${st.usersVersion}|${st.streamMessagesVersion}|${includeSubscribers}|${nullSettings}|${caps.archived_channels === true}|${includeSubscribers === 'partial' ? st.presenceVersion : ''}`;
    out.subscriptions = srv.json.get(key, () =>
      subs.map(({ s, sub }) =>
        Object.assign(
          serializeSubscription(srv, user, s, sub, { includeSubscribers: false, nullSettings }),
          subscriberFields(srv, s, subscriberIds(srv, user, s), includeSubscribers),
        ),
      ),
    );
    const visible = [...st.streams.values()].filter(
      (s) => !s.subscribers.has(user.id) && (!s.isArchived || caps.archived_channels === true),
    );
    out.unsubscribed = [];
    out.never_subscribed = visible
      .filter((s) => st.canAccessStream(user, s))
      .map((s) => ({
        ...serializeStream(srv, s),
        ...subscriberFields(srv, s, [...s.subscribers], includeSubscribers),
      }));
  }
  // Every channel the user can access (`include_streams`, on by default): clients that read
  // `subscriptions` and `never_subscribed` instead leave `stream` out of `fetch_event_types`.
  if (fetch.has('stream')) {
    out.streams = srv.json.get(
      `register streams|${user.id}|${st.subsVersion}|${st.streamMessagesVersion}|${caps.archived_channels === true}`,
      () =>
        [...st.streams.values()]
          .filter((s) => st.canAccessStream(user, s) && (!s.isArchived || caps.archived_channels === true))
          .map((s) => serializeStream(srv, s)),
    );
  }
  if (fetch.has('message')) {
    const um = st.userMessages.get(user.id);
    let max = -1;
    if (um) for (const id of um.keys()) if (id > max) max = id;
    out.max_message_id = max;
  }
  if (fetch.has('update_message_flags') || fetch.has('message')) out.unread_msgs = unreadMsgs(srv, user);
  if (fetch.has('recent_private_conversations'))
    out.recent_private_conversations = recentPrivateConversations(srv, user);
  if (fetch.has('muted_users')) out.muted_users = [...(st.mutedUsers.get(user.id) ?? [])];
  if (fetch.has('presence')) {
    const days = p.presence_history_limit_days;
    out.presences = srv.json.get(
      `register presences|${st.presenceVersion}|${p.slim_presence}|${st.usersVersion}|${days}`,
      () => presencesFor(srv, p.slim_presence, presenceFilter(srv, days)),
    );
    out.server_timestamp = srv.opts.now();
    out.presence_last_update_id = presenceLastUpdateId(srv);
  }
  if (fetch.has('realm_user_groups')) out.realm_user_groups = systemGroups(srv);
  if (fetch.has('user_topic')) {
    out.user_topics = (st.userTopics.get(user.id) ?? []).map((t) => ({
      stream_id: t.streamId,
      topic_name: srv.topicOut(t.topic, caps.empty_topic_name === true),
      last_updated: t.lastUpdated,
      visibility_policy: t.policy,
    }));
  }
  if (fetch.has('realm_user')) {
    out.realm_users = realmUsers(srv, user, p.client_gravatar, caps.user_list_incomplete === true);
    out.realm_non_active_users = [...st.users.values()]
      .filter((u) => !u.isActive && !u.isSystemBot)
      .map((u) => serializeUser(srv, user, u, { clientGravatar: p.client_gravatar, includeProfile: true }));
    out.cross_realm_bots = [st.notificationBotId, st.emailGatewayBotId].map((id) =>
      serializeUser(srv, user, srv.user(id), { clientGravatar: false, includeProfile: false }),
    );
    Object.assign(out, {
      user_id: user.id,
      email: st.apiEmail(user),
      delivery_email: user.deliveryEmail,
      full_name: user.fullName,
      is_admin: user.role <= 200,
      is_owner: user.role === 100,
      is_moderator: user.role === 300,
      is_guest: user.role === 600,
      avatar_url: serializeUser(srv, user, user, { clientGravatar: false, includeProfile: false }).avatar_url,
    });
  }
  if (fetch.has('realm_bot') || fetch.has('realm_user')) {
    out.realm_bots = [...st.users.values()]
      .filter((u) => u.isBot && !u.isSystemBot && (u.botOwnerId === user.id || st.isAdmin(user)))
      .map((u) => botJson(srv, user, u));
  }
  if (fetch.has('user_status')) {
    out.user_status = Object.fromEntries([...st.statuses].map(([id, s]) => [id, s]));
  }
  if (fetch.has('saved_snippets') && srv.fl >= 297)
    out.saved_snippets = [...st.snippets.values()].filter((s) => s.userId === user.id).map(snippetJson);
  if (fetch.has('scheduled_messages')) {
    out.scheduled_messages = [...st.scheduled.values()]
      .filter((s) => s.userId === user.id)
      .sort((a, b) => a.deliverAt - b.deliverAt)
      .map((s) => scheduledJson(srv, s));
  }
  if (fetch.has('drafts') && srv.fl >= 87) out.drafts = registerDrafts(srv, user);
  if (fetch.has('reminders') && srv.fl >= 381)
    out.reminders = [...st.reminders.values()].filter((r) => r.userId === user.id).map((r) => reminderJson(srv, r));
  // Their own fetch types, as on the real service (not part of `realm`).
  if (fetch.has('realm_emoji')) out.realm_emoji = Object.fromEntries([...st.realmEmoji].map(([id, e]) => [id, e]));
  if (fetch.has('custom_profile_fields'))
    out.custom_profile_fields = st.profileFields.map((f) => profileFieldJson(srv, f));
  if (fetch.has('realm_playgrounds') && srv.fl >= 49)
    out.realm_playgrounds = st.playgrounds.map((p) => playgroundJson(srv, p));
  Object.assign(out, channelFolderSections(srv, fetch));
  if (fetch.has('realm_linkifiers')) out.realm_linkifiers = st.linkifiers.map((l) => linkifierJson(srv, l));
  if (fetch.has('user_settings')) {
    const values: Record<string, unknown> = {};
    for (const k of Object.keys(st.defaultSettings)) if (srv.fl >= settingSince(k)) values[k] = st.setting(user, k);
    if (values.web_home_view === 'recent' && srv.fl < 454) values.web_home_view = 'recent_topics';
    out.user_settings = values;
  }
  // The pre-`user_settings` top-level copies: only for clients without the capability, only the
  // legacy names (settings added since never had a top-level copy).
  if (!caps.user_settings_object) {
    const legacy = [
      ...(fetch.has('update_display_settings') ? LEGACY_DISPLAY_SETTINGS : []),
      ...(fetch.has('update_global_notifications') ? LEGACY_NOTIFICATION_SETTINGS : []),
    ];
    for (const k of legacy) if (k in st.defaultSettings) out[k] = st.setting(user, k);
  }
  return out;
}

/**
 * A real server's minimum heartbeat frequency and the most jitter it adds, in whole seconds
 * (zerver/tornado/event_queue.py: `HEARTBEAT_MIN_FREQ_SECS + random.randint(0, 10)`).
 */
const HEARTBEAT_MIN_FREQ_SECONDS = 45;
const HEARTBEAT_JITTER_SECONDS = 10;

/**
 * How long an idle `GET /events` waits before answering with a heartbeat: `heartbeatSeconds`
 * when set, else as a real server 45 to 55 s, drawn per poll; at most 1 s under the long-poll
 * timeout the server announced (tests use a timeout of 2 s: a heartbeat each second).
 */
export function idleWaitSeconds(
  opts: { heartbeatSeconds: number | undefined; longpollTimeoutSeconds: number },
  random: () => number = Math.random,
): number {
  const heartbeat =
    opts.heartbeatSeconds ?? HEARTBEAT_MIN_FREQ_SECONDS + Math.floor(random() * (HEARTBEAT_JITTER_SECONDS + 1));
  return Math.min(heartbeat, Math.max(0.5, opts.longpollTimeoutSeconds - 1));
}

/** `GET /events`: long-poll until events exist, or answer with a heartbeat. */
async function getEvents(ctx: Ctx): Promise<Record<string, unknown>> {
  const { srv, user, p } = ctx;
  const q = srv.queues.byId.get(p.queue_id);
  if (!q) throw badRequest(`Bad event queue ID: ${p.queue_id}`, 'BAD_EVENT_QUEUE_ID', { queue_id: p.queue_id });
  if (q.opts.userId !== user.id) throw badRequest('You are not authorized to get events from this queue');
  q.lastTouched = Date.now() / 1000;
  const last: number = p.last_event_id ?? -1;
  q.ack(last);
  const pending = q.pending(last);
  if (srv.replayEvents && q.acked.length) {
    srv.replayEvents = false;
    return { events: [...q.acked, ...pending], queue_id: q.id };
  }
  if (pending.length || p.dont_block) return { events: pending, queue_id: q.id };
  if (q.waiter) {
    clearTimeout(q.waiter.timer);
    q.waiter.resolve([]);
    q.waiter = null;
  }
  const waitSeconds = idleWaitSeconds(srv.opts);
  // Keep-alive connections carry many polls: each one's close listener goes when it is answered.
  const socket = ctx.req.socket;
  let onClose = (): void => undefined;
  const events = await new Promise<ServerEvent[]>((resolve) => {
    const timer = setTimeout(() => {
      q.waiter = null;
      q.push({ type: 'heartbeat' });
      resolve(q.pending(last));
    }, waitSeconds * 1000);
    q.waiter = { resolve, timer };
    onClose = () => {
      if (q.waiter?.timer === timer) {
        clearTimeout(timer);
        q.waiter = null;
        q.lastTouched = Date.now() / 1000;
      }
    };
    socket.once('close', onClose);
  });
  socket.off('close', onClose);
  q.lastTouched = Date.now() / 1000;
  if (!srv.queues.byId.has(q.id))
    throw badRequest(`Bad event queue ID: ${q.id}`, 'BAD_EVENT_QUEUE_ID', { queue_id: q.id });
  return { events: events.length ? events : q.pending(last), queue_id: q.id };
}

function deleteQueue(ctx: Ctx): Record<string, unknown> {
  const q: EventQueue | undefined = ctx.srv.queues.byId.get(ctx.p.queue_id);
  if (!q) throw badRequest(`Bad event queue ID: ${ctx.p.queue_id}`, 'BAD_EVENT_QUEUE_ID', { queue_id: ctx.p.queue_id });
  if (q.opts.userId !== ctx.user.id)
    throw new ApiError(400, 'BAD_REQUEST', 'You are not authorized to access this queue');
  ctx.srv.queues.delete(q.id);
  return {};
}

export const registerRoutes: Route[] = [
  {
    method: 'POST',
    path: '/register',
    handler: register,
    params: {
      apply_markdown: { t: 'bool', dflt: false },
      client_gravatar: { t: 'bool', dflt: true },
      slim_presence: { t: 'bool', dflt: false },
      event_types: { t: 'json', check: strArray },
      fetch_event_types: { t: 'json', check: strArray },
      client_capabilities: { t: 'json', check: isObject },
      narrow: { t: 'json', dflt: [] },
      include_subscribers: includeSubscribersParam,
      all_public_streams: { t: 'bool', dflt: false },
      presence_history_limit_days: { t: 'int' },
      user_client: { t: 'str' },
      queue_lifespan_secs: { t: 'int' },
    },
  },
  {
    method: 'GET',
    path: '/events',
    handler: getEvents,
    params: { queue_id: { t: 'str', req: true }, last_event_id: { t: 'int' }, dont_block: { t: 'bool', dflt: false } },
  },
  { method: 'DELETE', path: '/events', handler: deleteQueue, params: { queue_id: { t: 'str', req: true } } },
];
