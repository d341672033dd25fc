import { createHash } from 'node:crypto';
import { newChannelsFolder } from './channelFolders';
import { ChatServer } from '../core';
import { ApiError, badRequest } from '../errors';
import { intOrStrArray, isInt, objArray, strArray } from '../params';
import { Ctx, Route } from '../router';
import { serializeStream, serializeSubscription, SUB_PROPS } from '../serialize';
import { emptySub, GROUP } from '../state';
import { checkNewChannel } from './streams';
import { Stream, Subscription, User } from '../types';

const COLORS = ['#76ce90', '#fae589', '#a6c7e5', '#b0a5fd', '#f5ce6e', '#c2726a', '#94c849', '#bd86e5'];

export function subscriptionObject(
  srv: ChatServer,
  q: { userId: number; nullSettings: boolean },
  s: Stream,
): Record<string, unknown> {
  const viewer = srv.user(q.userId);
  return serializeSubscription(srv, viewer, s, srv.state.sub(viewer.id, s.id)!, {
    includeSubscribers: true,
    nullSettings: q.nullSettings,
  });
}

function getSubscriptions(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  // Subscriptions, channels and subscribers change with subsVersion; first_message_id and
  // stream_weekly_traffic with streamMessagesVersion.
  const key = `subscriptions|${user.id}|${p.include_subscribers}|${st.subsVersion}|${st.streamMessagesVersion}`;
  const subs = srv.json.get(key, () =>
    [...(st.subs.get(user.id) ?? new Map<number, Subscription>()).entries()].map(([sid, sub]) =>
      serializeSubscription(srv, user, st.streams.get(sid)!, sub, {
        includeSubscribers: p.include_subscribers,
        nullSettings: true,
      }),
    ),
  );
  return { subscriptions: subs };
}

function resolvePrincipals(srv: ChatServer, principals: unknown[] | undefined, me: User): User[] {
  if (!principals) return [me];
  return principals.map((pr) => {
    const u = typeof pr === 'number' ? srv.state.users.get(pr) : srv.state.userByAnyEmail(pr as string);
    if (!u || !u.isActive || u.isSystemBot) {
      if (srv.fl >= 208) throw badRequest('No such user');
      throw new ApiError(
        403,
        'UNAUTHORIZED_PRINCIPAL',
        'User not authorized to execute queries on behalf of this user',
        { principal: pr },
      );
    }
    return u;
  });
}

function subscribe(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const targets = resolvePrincipals(srv, p.principals, user);
  if (targets.some((t) => t.id !== user.id) && user.role === 600) throw badRequest('Insufficient permission');
  const subscribed: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  const keyOf = (u: User) => (srv.fl >= 342 ? String(u.id) : st.apiEmail(u));
  const folderId = newChannelsFolder(srv, p.folder_id);
  for (const spec of p.subscriptions as { name?: unknown; description?: unknown }[]) {
    if (typeof spec.name !== 'string' || spec.name.trim() === '') throw badRequest('Invalid channel name');
    const name = spec.name.trim();
    if (name.length > 60) throw badRequest('Channel name too long (limit: 60 characters).');
    let s = st.streamsByName.get(name.toLowerCase());
    if (!s) {
      const description = typeof spec.description === 'string' ? spec.description : '';
      checkNewChannel(srv, user, { description, invite_only: p.invite_only, is_web_public: p.is_web_public === true });
      s = st.addStream({
        id: st.nextId('stream'),
        name,
        description,
        inviteOnly: p.invite_only,
        isWebPublic: p.is_web_public === true && !p.invite_only,
        isArchived: false,
        historyPublicToSubscribers: p.history_public_to_subscribers ?? !p.invite_only,
        subscribers: new Set(),
        canRemoveSubscribersGroup: GROUP.administrators,
        canSendMessageGroup: GROUP.everyone,
        dateCreated: srv.now(),
        recipientId: 0,
        emailToken: createHash('md5').update(name).digest('hex'),
        messageIds: [],
        folderId,
      });
      s.recipientId = 1000 + s.id;
      const created = s;
      srv.queues.send(s.inviteOnly ? targets.map((t) => t.id) : srv.activeUserIds(), 'stream', {
        type: 'stream',
        op: 'create',
        streams: [serializeStream(srv, created)],
      });
    } else if (s.inviteOnly && !s.subscribers.has(user.id)) {
      throw badRequest(`Unable to access channel (${s.name}).`);
    } else if (s.isArchived) {
      throw badRequest(`Channel '${s.name}' is archived`);
    }
    for (const t of targets) {
      if (s.subscribers.has(t.id)) {
        (already[keyOf(t)] ??= []).push(s.name);
        continue;
      }
      const peers = [...s.subscribers];
      st.subscribe(t.id, s, emptySub(COLORS[(s.id + t.id) % COLORS.length]));
      (subscribed[keyOf(t)] ??= []).push(s.name);
      const stream = s;
      srv.queues.send([t.id], 'subscription', (q) => ({
        type: 'subscription',
        op: 'add',
        subscriptions: [
          subscriptionObject(
            srv,
            { userId: t.id, nullSettings: q.opts.capabilities.notification_settings_null === true },
            stream,
          ),
        ],
      }));
      srv.queues.send(peers, 'subscription', {
        type: 'subscription',
        op: 'peer_add',
        stream_ids: [s.id],
        user_ids: [t.id],
      });
    }
  }
  return { subscribed, already_subscribed: already };
}

/** `DELETE /users/me/subscriptions` with the three permission paths for removing others. */
function unsubscribe(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const streams = (p.subscriptions as string[]).map((name) => {
    const s = st.streamsByName.get(name.trim().toLowerCase());
    if (!s || (s.inviteOnly && !s.subscribers.has(user.id) && !st.isAdmin(user))) {
      throw badRequest(`Channel '${name}' does not exist`, 'STREAM_DOES_NOT_EXIST', { stream: name });
    }
    if (s.isArchived && srv.fl < 362) throw badRequest(`Channel '${name}' is archived`);
    return s;
  });
  const targets = resolvePrincipals(srv, p.principals, user);
  for (const s of streams) {
    for (const t of targets) {
      if (t.id === user.id || st.isAdmin(user)) continue;
      const canAccess = st.canAccessStream(user, s);
      const ownsBot = t.isBot && t.botOwnerId === user.id;
      if (canAccess && (ownsBot || st.inGroup(user, s.canRemoveSubscribersGroup))) continue;
      throw badRequest('Insufficient permission');
    }
  }
  const removed: string[] = [];
  const notRemoved: string[] = [];
  for (const s of streams) {
    for (const t of targets) {
      if (!s.subscribers.has(t.id)) {
        notRemoved.push(s.name);
        continue;
      }
      st.unsubscribe(t.id, s);
      removed.push(s.name);
      srv.queues.send([t.id], 'subscription', {
        type: 'subscription',
        op: 'remove',
        subscriptions: [{ name: s.name, stream_id: s.id }],
      });
      const audience = s.inviteOnly ? [...s.subscribers] : srv.activeUserIds().filter((id) => id !== t.id);
      srv.queues.send(audience, 'subscription', {
        type: 'subscription',
        op: 'peer_remove',
        stream_ids: [s.id],
        user_ids: [t.id],
      });
    }
  }
  return { removed, not_removed: notRemoved };
}

/** Validate and apply one property change; sends the update event(s). */
function setProperty(srv: ChatServer, user: User, streamId: unknown, property: unknown, value: unknown): void {
  if (!isInt(streamId))
    throw badRequest('stream_id is not an integer', 'REQUEST_VARIABLE_INVALID', { var_name: 'stream_id' });
  if (typeof property !== 'string' || !(property in SUB_PROPS))
    throw badRequest(`Unknown subscription property: ${String(property)}`);
  const s = srv.state.streams.get(streamId);
  if (!s || (s.inviteOnly && !s.subscribers.has(user.id))) throw badRequest('Invalid channel ID');
  const sub = srv.state.sub(user.id, streamId);
  if (!sub) throw badRequest(`Not subscribed to channel ID ${streamId}`);
  if (s.isArchived && srv.fl < 362) throw badRequest('Channel is archived');
  if (property === 'color') {
    if (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value))
      throw badRequest(`${property} is not a valid hex color code`);
    sub.color = value;
  } else {
    if (typeof value !== 'boolean') throw badRequest(`${property} is not a boolean`);
    if (property === 'in_home_view') sub.isMuted = !value;
    else (sub as unknown as Record<string, unknown>)[SUB_PROPS[property] as string] = value;
  }
  srv.state.subsVersion++;
  const send = (prop: string, v: unknown) =>
    srv.queues.send([user.id], 'subscription', {
      type: 'subscription',
      op: 'update',
      stream_id: streamId,
      property: prop,
      value: v,
    });
  if ((property === 'is_muted' || property === 'in_home_view') && srv.fl >= 139) {
    send('is_muted', sub.isMuted);
    send('in_home_view', !sub.isMuted);
  } else send(property, value);
}

function bulkProperties(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const data = p.subscription_data as Record<string, unknown>[];
  for (const d of data) {
    for (const k of ['stream_id', 'property', 'value']) {
      if (!(k in d))
        throw badRequest(`subscription_data[0] is missing ${k}`, 'REQUEST_VARIABLE_MISSING', {
          var_name: 'subscription_data',
        });
    }
  }
  for (const d of data) setProperty(srv, user, d.stream_id, d.property, d.value);
  // Feature level 111 removed the echo of `subscription_data`.
  return srv.fl >= 111 ? {} : { subscription_data: data };
}

function singleProperty(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  let value: unknown = p.value;
  if (p.property !== 'color') {
    try {
      value = JSON.parse(p.value);
    } catch {
      throw badRequest('value is not a boolean', 'REQUEST_VARIABLE_INVALID', { var_name: 'value' });
    }
  }
  setProperty(srv, user, Number(ctx.path.stream_id), p.property, value);
  return {};
}

function getTopics(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const s = st.streams.get(Number(ctx.path.stream_id));
  if (!s || !st.canAccessStream(user, s)) throw badRequest('Invalid channel ID');
  const topics = new Map<string, { name: string; max_id: number }>();
  for (const id of s.messageIds) {
    const m = st.messages.get(id)!;
    if (s.inviteOnly && !st.canAccessMessage(user, m)) continue;
    const key = m.topic.toLowerCase();
    const t = topics.get(key);
    if (!t) topics.set(key, { name: srv.topicOut(m.topic, p.allow_empty_topic_name), max_id: id });
    else {
      t.max_id = id;
      t.name = srv.topicOut(m.topic, p.allow_empty_topic_name);
    }
  }
  return { topics: [...topics.values()].sort((a, b) => b.max_id - a.max_id) };
}

function userTopic(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const s = st.streams.get(p.stream_id);
  if (!s || !st.canAccessStream(user, s)) throw badRequest('Invalid channel ID');
  if (![0, 1, 2, 3].includes(p.visibility_policy))
    throw badRequest('Invalid visibility_policy', 'REQUEST_VARIABLE_INVALID', { var_name: 'visibility_policy' });
  const topic = srv.topicIn(p.topic);
  if ([...topic].length > srv.realmSetting<number>('max_topic_length')) throw badRequest('Topic too long');
  const list = (st.userTopics.get(user.id) ?? []).filter(
    (t) => !(t.streamId === s.id && t.topic.toLowerCase() === topic.toLowerCase()),
  );
  const now = srv.now();
  if (p.visibility_policy !== 0) list.push({ streamId: s.id, topic, policy: p.visibility_policy, lastUpdated: now });
  st.userTopics.set(user.id, list);
  srv.queues.send([user.id], 'user_topic', (q) => ({
    type: 'user_topic',
    stream_id: s.id,
    topic_name: srv.topicOut(topic, q.opts.capabilities.empty_topic_name === true),
    last_updated: now,
    visibility_policy: p.visibility_policy,
  }));
  return {};
}

function emailAddress(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const st = srv.state;
  const s = st.streams.get(Number(ctx.path.stream_id));
  if (!s || !st.canAccessStream(user, s)) throw badRequest('Invalid channel ID');
  if (!st.canPostToStream(user, s)) throw badRequest('Invalid channel ID');
  const senderId: number = p.sender_id ?? st.emailGatewayBotId;
  const sender = st.users.get(senderId);
  const allowed =
    sender &&
    (sender.id === user.id || sender.id === st.emailGatewayBotId || (sender.isBot && sender.botOwnerId === user.id));
  if (!allowed) throw badRequest('Invalid user ID');
  const token = createHash('sha256').update(`${s.emailToken}:${senderId}`).digest('hex').slice(0, 32);
  const slug = s.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { email: `${slug}.${token}@streams.${st.host}` };
}

export const subscriptionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/users/me/subscriptions',
    handler: getSubscriptions,
    params: { include_subscribers: { t: 'bool', dflt: false } },
  },
  {
    method: 'POST',
    path: '/users/me/subscriptions',
    handler: subscribe,
    params: {
      subscriptions: { t: 'json', req: true, check: objArray },
      principals: { t: 'json', check: intOrStrArray },
      invite_only: { t: 'bool', dflt: false },
      history_public_to_subscribers: { t: 'bool' },
      announce: { t: 'bool' },
      authorization_errors_fatal: { t: 'bool' },
      is_web_public: { t: 'bool' },
      folder_id: { t: 'int', since: 389 },
    },
  },
  {
    method: 'DELETE',
    path: '/users/me/subscriptions',
    handler: unsubscribe,
    params: {
      subscriptions: { t: 'json', req: true, check: strArray },
      principals: { t: 'json', check: intOrStrArray },
    },
  },
  {
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    handler: bulkProperties,
    params: { subscription_data: { t: 'json', req: true, check: objArray } },
  },
  {
    method: 'POST',
    path: '/users/me/subscriptions/{stream_id:int}',
    handler: singleProperty,
    params: { property: { t: 'str', req: true }, value: { t: 'str', req: true } },
  },
  {
    method: 'GET',
    path: '/users/me/{stream_id:int}/topics',
    handler: getTopics,
    params: { allow_empty_topic_name: { t: 'bool', dflt: false, since: 334 } },
  },
  {
    method: 'POST',
    path: '/user_topics',
    handler: userTopic,
    since: 170,
    params: {
      stream_id: { t: 'int', req: true },
      topic: { t: 'str', req: true },
      visibility_policy: { t: 'int', req: true },
    },
  },
  {
    method: 'GET',
    path: '/streams/{stream_id:int}/email_address',
    handler: emailAddress,
    params: { sender_id: { t: 'int', since: 335 } },
  },
];
