import { checkTopicsPolicy } from '../channelPolicy';
import { badRequest } from '../errors';
import { checkNewTopic } from '../channelPermissions';
import { checkDirectMessagePermission } from './recentDms';
import {
  checkContent,
  checkTopic,
  getAccessibleMessage,
  messageType,
  resolveStream,
  resolveUsers,
  sendMessage,
} from '../messaging';
import { ANCHOR_DATE_FL, resolveDateAnchor } from '../anchorDate';
import { buildFilter, candidateIds, parseNarrow, rangeQuery } from '../narrow';
import { intArray, nonNegative } from '../params';
import { escapeHtml, highlight } from '../render';
import { Ctx, Route } from '../router';
import { serializeMessage } from '../serialize';
import { FLAG_BITS } from '../types';

function parseTo(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** `GET /messages`: a range around an anchor in a narrow, or explicit `message_ids`. */
function getMessages(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const view = {
    applyMarkdown: p.apply_markdown,
    clientGravatar: p.client_gravatar,
    allowEmptyTopic: p.allow_empty_topic_name,
  };
  const st = srv.state;
  if (p.message_ids !== undefined) {
    if (p.anchor !== undefined) throw badRequest('Unsupported parameter combination: anchor, message_ids');
    const messages = (p.message_ids as number[])
      .map((id) => st.messages.get(id))
      .filter((m) => m && st.canAccessMessage(user, m))
      .map((m) => serializeMessage(srv, user, m!, view));
    return { messages, history_limited: false };
  }
  if (p.anchor === undefined)
    throw badRequest("Missing 'anchor' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'anchor' });
  if (p.num_before === undefined)
    throw badRequest("Missing 'num_before' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'num_before' });
  if (p.num_after === undefined)
    throw badRequest("Missing 'num_after' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'num_after' });
  if (p.num_before + p.num_after > 5000) throw badRequest('Too many messages requested (maximum 5000).');
  const terms = parseNarrow(p.narrow);
  const filter = buildFilter(srv, user, terms);
  const candidates = candidateIds(srv, user, filter, true);
  const anchor = resolveDateAnchor(srv, candidates, filter, p.anchor, p.anchor_date);
  const r = rangeQuery(srv, user, candidates, filter, anchor, p.include_anchor, p.num_before, p.num_after);
  const messages = r.ids.map((id) => {
    const m = st.messages.get(id)!;
    const out = serializeMessage(srv, user, m, view);
    if (filter.searchWords.length) {
      out.match_content = highlight(srv.renderedContent(m), filter.searchWords);
      out.match_subject = highlight(escapeHtml(out.subject as string), filter.searchWords);
    }
    return out;
  });
  return {
    messages,
    anchor: r.anchor,
    found_anchor: r.foundAnchor,
    found_oldest: r.foundOldest,
    found_newest: r.foundNewest,
    history_limited: false,
  };
}

function postMessage(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const type = messageType(srv, p.type);
  const to = parseTo(p.to);
  const content = checkContent(srv, p.content, true);
  let m;
  if (type === 'stream') {
    const target = Array.isArray(to) && to.length === 1 ? to[0] : to;
    const stream = resolveStream(srv, user, target);
    if (!srv.state.canPostToStream(user, stream))
      throw badRequest(`Not authorized to send to channel '${stream.name}'`);
    if (p.topic === undefined && srv.fl < 392 && srv.realmSetting('mandatory_topics'))
      throw badRequest("Missing 'topic' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'topic' });
    const topic = checkTopic(srv, p.topic ?? '', true);
    checkTopicsPolicy(srv, stream, topic);
    checkNewTopic(srv, user, stream, topic);
    m = sendMessage(srv, user, { type: 'stream', stream, topic }, content, {
      queueId: p.queue_id,
      localId: p.local_id,
      readBySender: p.read_by_sender,
      client: 'API',
    });
  } else {
    const list = Array.isArray(to)
      ? to
      : typeof to === 'number'
        ? [to]
        : String(to)
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
    if (list.length === 0) throw badRequest('Message must have recipients');
    const ids = resolveUsers(srv, list);
    checkDirectMessagePermission(srv, user, ids);
    m = sendMessage(srv, user, { type: 'private', userIds: ids }, content, {
      queueId: p.queue_id,
      localId: p.local_id,
      readBySender: p.read_by_sender,
      client: 'API',
    });
  }
  return { id: m.id };
}

/** `GET /messages/matches_narrow`. */
function matchesNarrow(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const filter = buildFilter(srv, user, parseNarrow(p.narrow));
  const out: Record<string, unknown> = {};
  for (const id of p.msg_ids as number[]) {
    const m = srv.state.messages.get(id);
    if (!m || !srv.state.canAccessMessage(user, m) || !filter.test(m)) continue;
    out[id] = {
      match_content: highlight(srv.renderedContent(m), filter.searchWords),
      match_subject: highlight(escapeHtml(srv.topicOut(m.topic, false)), filter.searchWords),
    };
  }
  return { messages: out };
}

/**
 * `POST /submessage`: widget data for a message. As the real server: `content` must be JSON, and
 * only the message's sender may attach the first submessage (the widget); then anyone who can see it.
 */
function postSubmessage(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const m = getAccessibleMessage(srv, user, p.message_id);
  if (!m.submessages?.length && user.id !== m.senderId)
    throw badRequest('You cannot attach a submessage to this message.');
  try {
    JSON.parse(p.content);
  } catch {
    throw badRequest('Invalid json for submessage');
  }
  const sub = { id: srv.state.nextId('submessage'), senderId: user.id, msgType: p.msg_type, content: p.content };
  (m.submessages ??= []).push(sub);
  srv.queues.send(srv.messageAudience(m), 'submessage', {
    type: 'submessage',
    msg_type: sub.msgType,
    message_id: m.id,
    submessage_id: sub.id,
    sender_id: user.id,
    content: sub.content,
  });
  return {};
}

/** Feature level 137: read receipts (`GET /messages/{id}/read_receipts`, `realm_enable_read_receipts`). */
export const READ_RECEIPTS_FL = 137;

/**
 * `GET /messages/{message_id}/read_receipts`, as the real server: the users who have read the
 * message (the requester too), but not its sender, nor users who do not send read receipts, nor
 * deactivated users, nor users the requester muted or who muted the requester. Refused when the
 * organisation has read receipts off.
 */
function readReceipts(ctx: Ctx): Record<string, unknown> {
  const { srv, user } = ctx;
  const st = srv.state;
  if (st.realm.settings.enable_read_receipts !== true)
    throw badRequest('Read receipts are disabled in this organization.');
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  const muted = new Set((st.mutedUsers.get(user.id) ?? []).map((u) => u.id));
  for (const [muter, list] of st.mutedUsers) if (list.some((u) => u.id === user.id)) muted.add(muter);
  const readers: number[] = [];
  for (const [userId, flags] of st.userMessages) {
    const bits = flags.get(m.id);
    if (bits === undefined || !(bits & FLAG_BITS.read) || userId === m.senderId || muted.has(userId)) continue;
    const reader = st.users.get(userId);
    if (!reader?.isActive || reader.settings.send_read_receipts === false) continue;
    readers.push(userId);
  }
  return { user_ids: readers.sort((a, b) => a - b) };
}

function getMessage(ctx: Ctx): Record<string, unknown> {
  const { srv, user, p } = ctx;
  const m = getAccessibleMessage(srv, user, Number(ctx.path.message_id));
  const message = serializeMessage(srv, user, m, {
    applyMarkdown: p.apply_markdown,
    clientGravatar: true,
    allowEmptyTopic: p.allow_empty_topic_name,
  });
  return { raw_content: m.content, message };
}

/**
 * `POST /messages/render`: the content as a message of this user would render; nothing is stored
 * and no event is sent. As the real server, any content renders (the empty one to "").
 */
function renderMessage(ctx: Ctx): Record<string, unknown> {
  return { rendered: ctx.srv.render(ctx.p.content).html };
}

export const messageRoutes: Route[] = [
  {
    method: 'GET',
    path: '/messages',
    handler: getMessages,
    params: {
      anchor: { t: 'str' },
      include_anchor: { t: 'bool', dflt: true },
      num_before: { t: 'int', check: nonNegative },
      num_after: { t: 'int', check: nonNegative },
      narrow: { t: 'json', dflt: [] },
      apply_markdown: { t: 'bool', dflt: true },
      client_gravatar: { t: 'bool', dflt: true },
      allow_empty_topic_name: { t: 'bool', dflt: false, since: 334 },
      message_ids: { t: 'json', check: intArray, since: 300 },
      use_first_unread_anchor: { t: 'bool' },
      anchor_date: { t: 'str', since: ANCHOR_DATE_FL },
    },
  },
  {
    method: 'POST',
    path: '/messages',
    handler: postMessage,
    params: {
      type: { t: 'str', req: true },
      to: { t: 'str', req: true },
      content: { t: 'str', req: true },
      topic: { t: 'str', alias: 'subject' },
      queue_id: { t: 'str' },
      local_id: { t: 'str' },
      read_by_sender: { t: 'bool' },
    },
  },
  { method: 'POST', path: '/messages/render', handler: renderMessage, params: { content: { t: 'str', req: true } } },
  {
    method: 'GET',
    path: '/messages/matches_narrow',
    handler: matchesNarrow,
    params: { msg_ids: { t: 'json', req: true, check: intArray }, narrow: { t: 'json', req: true } },
  },
  {
    method: 'POST',
    path: '/submessage',
    handler: postSubmessage,
    params: {
      message_id: { t: 'int', req: true },
      msg_type: { t: 'str', req: true },
      content: { t: 'str', req: true },
    },
  },
  { method: 'GET', path: '/messages/{message_id:int}/read_receipts', handler: readReceipts, since: READ_RECEIPTS_FL },
  {
    method: 'GET',
    path: '/messages/{message_id:int}',
    handler: getMessage,
    params: {
      apply_markdown: { t: 'bool', dflt: true },
      allow_empty_topic_name: { t: 'bool', dflt: false, since: 334 },
    },
  },
];
