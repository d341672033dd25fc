import { ChatServer } from './core';
import { badRequest } from './errors';
import { RESOLVED_PREFIX } from './state';
import { FLAG_BITS, Message, User } from './types';

export interface NarrowTerm {
  operator: string;
  operand: unknown;
  negated: boolean;
}

const badNarrow = (why: string) => badRequest(`Invalid narrow operator: ${why}`, 'BAD_NARROW');

const ALIASES: Record<string, string> = {
  stream: 'channel',
  subject: 'topic',
  'pm-with': 'dm',
  'group-pm-with': 'dm-including',
  streams: 'channels',
};
const OPERATORS = new Set([
  'channel',
  'channels',
  'topic',
  'sender',
  'dm',
  'dm-including',
  'is',
  'has',
  'search',
  'id',
  'near',
  'with',
]);
const IS_OPERANDS = new Set([
  'dm',
  'private',
  'starred',
  'mentioned',
  'alerted',
  'unread',
  'resolved',
  'followed',
  'muted',
]);
const HAS_OPERANDS = new Set(['link', 'attachment', 'image', 'reaction']);

/** Validate a decoded `narrow` parameter (objects, or legacy [operator, operand] pairs). */
export function parseNarrow(raw: unknown): NarrowTerm[] {
  if (!Array.isArray(raw)) throw badRequest('narrow is not a list', 'REQUEST_VARIABLE_INVALID', { var_name: 'narrow' });
  return raw.map((el): NarrowTerm => {
    let operator: unknown,
      operand: unknown,
      negated: unknown = false;
    if (Array.isArray(el)) {
      if (el.length !== 2 || typeof el[0] !== 'string')
        throw badRequest('element is not a valid narrow term', 'REQUEST_VARIABLE_INVALID', { var_name: 'narrow' });
      [operator, operand] = el;
    } else if (el && typeof el === 'object') {
      ({ operator, operand } = el as Record<string, unknown>);
      negated = (el as Record<string, unknown>).negated ?? false;
      if (typeof operator !== 'string' || operand === undefined || typeof negated !== 'boolean') {
        throw badRequest('narrow[...] is missing operator or operand', 'REQUEST_VARIABLE_INVALID', {
          var_name: 'narrow',
        });
      }
    } else {
      throw badRequest('narrow element is not a dict', 'REQUEST_VARIABLE_INVALID', { var_name: 'narrow' });
    }
    const op = ALIASES[operator as string] ?? (operator as string);
    if (!OPERATORS.has(op)) throw badNarrow(`unknown operator ${String(operator)}`);
    return { operator: op, operand, negated: negated as boolean };
  });
}

/**
 * The real server's `has_link` / `has_attachment` / `has_image` columns, computed from the message's
 * Markdown source when it is sent or edited (`Message.content_has_*`).
 */
const HAS = {
  attachment: (content: string) => /[/-]user[-_]uploads[/.-]/.test(content),
  image: (content: string) => /[/-]user[-_]uploads[/.-]\S+\.(bmp|gif|jpe?g|png|tiff?)/i.test(content),
  link: (content: string) => /https?:\/\/|\/user_uploads|bitcoin:/.test(content),
};

export interface Filter {
  test(m: Message): boolean;
  /** Channel of a positive channel term: widens the candidates to the channel's whole (accessible) history. */
  streamId?: number;
  /** A positive `channels:public` (not for guests): every public channel's history. */
  publicHistory?: boolean;
  /** An `is:` term other than resolved/followed: only the user's own messages (UserMessage rows). */
  ownRowsOnly?: boolean;
  searchWords: string[];
}

function idOperand(v: unknown): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  throw badNarrow('Invalid message ID');
}

function userIdsOperand(srv: ChatServer, v: unknown, unknown = 'unknown user in'): number[] {
  const parts = Array.isArray(v)
    ? v
    : typeof v === 'number'
      ? [v]
      : typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : null;
  if (!parts) throw badNarrow('invalid user list');
  return parts.map((p) => {
    const u =
      typeof p === 'number' ? srv.state.users.get(p) : typeof p === 'string' ? srv.state.userByAnyEmail(p) : undefined;
    if (!u) throw badNarrow(`${unknown} ${String(v)}`);
    return u.id;
  });
}

/** Feature level 271: the `with` operator (links that survive moves). */
const WITH_OPERATOR_FL = 271;
/** The conversation terms a `with` term replaces. */
const CONVERSATION_OPERATORS = new Set(['channel', 'topic', 'dm']);

/**
 * As the real server (`update_narrow_terms_containing_with_operator`): a `with:<id>` term names the
 * conversation that message is in now. When the user can read the message, the narrow's channel,
 * topic and dm terms are replaced by that conversation's; otherwise the term is dropped and the rest
 * stands. Two `with` terms are refused; before feature level 271 the operator is unknown.
 */
export function followWith(srv: ChatServer, user: User, terms: NarrowTerm[]): NarrowTerm[] {
  const withTerms = terms.filter((t) => t.operator === 'with');
  if (withTerms.length === 0) return terms;
  if (srv.fl < WITH_OPERATOR_FL) throw badNarrow('unknown operator with');
  if (withTerms.length > 1) throw badRequest("Duplicate 'with' operators.", 'BAD_NARROW');
  const id = idOperand(withTerms[0]!.operand);
  const rest = terms.filter((t) => t.operator !== 'with');
  const m = srv.state.messages.get(id);
  if (!m || !srv.state.canAccessMessage(user, m)) return rest;
  const others = rest.filter((t) => !CONVERSATION_OPERATORS.has(t.operator));
  const conversation: NarrowTerm[] =
    m.type === 'stream'
      ? [
          { operator: 'channel', operand: m.streamId!, negated: false },
          { operator: 'topic', operand: m.topic, negated: false },
        ]
      : [{ operator: 'dm', operand: m.dmUsers!.filter((u) => u !== user.id), negated: false }];
  return [...conversation, ...others];
}

export function buildFilter(srv: ChatServer, user: User, input: NarrowTerm[]): Filter {
  const st = srv.state;
  const terms = followWith(srv, user, input);
  const preds: ((m: Message) => boolean)[] = [];
  const filter: Filter = { test: () => true, searchWords: [] };
  // As the real server: positive channel terms and positive direct-message terms exclude each other.
  let channelTerm = false,
    dmTerm = false;
  const kind = (t: NarrowTerm, channel: boolean) => {
    if (t.negated) return;
    if (channel) channelTerm = true;
    else dmTerm = true;
    if (channelTerm && dmTerm) throw badNarrow('No message can be both a channel message and direct message');
  };
  for (const t of terms) {
    let pred: (m: Message) => boolean;
    switch (t.operator) {
      case 'channel': {
        const s =
          typeof t.operand === 'number'
            ? st.streams.get(t.operand)
            : typeof t.operand === 'string'
              ? (st.streamsByName.get(t.operand.toLowerCase()) ??
                (/^\d+$/.test(t.operand) ? st.streams.get(Number(t.operand)) : undefined))
              : undefined;
        if (!s || (s.inviteOnly && !st.canAccessStream(user, s)))
          throw badNarrow(`unknown channel ${String(t.operand)}`);
        kind(t, true);
        pred = (m) => m.type === 'stream' && m.streamId === s.id;
        if (!t.negated) filter.streamId = s.id;
        break;
      }
      case 'channels':
        if (t.operand !== 'public' && t.operand !== 'web-public')
          throw badNarrow(`unknown channels operand ${String(t.operand)}`);
        kind(t, true);
        if (!t.negated && t.operand === 'public' && user.role !== 600) filter.publicHistory = true;
        pred = (m) => m.type === 'stream' && !st.streams.get(m.streamId!)!.inviteOnly;
        break;
      case 'topic': {
        if (typeof t.operand !== 'string') throw badNarrow('invalid topic');
        kind(t, true);
        const topic = srv.topicIn(t.operand).toLowerCase();
        pred = (m) => m.type === 'stream' && m.topic.toLowerCase() === topic;
        break;
      }
      case 'sender': {
        const [id] = userIdsOperand(srv, t.operand, 'unknown user');
        pred = (m) => m.senderId === id;
        break;
      }
      case 'dm': {
        kind(t, false);
        const ids = [...new Set([...userIdsOperand(srv, t.operand), user.id])].sort((a, b) => a - b).join(',');
        pred = (m) => m.type === 'private' && m.dmUsers!.join(',') === ids;
        break;
      }
      case 'dm-including': {
        kind(t, false);
        const [id] = userIdsOperand(srv, t.operand, 'unknown user');
        pred = (m) => m.type === 'private' && m.dmUsers!.includes(id);
        break;
      }
      case 'is': {
        if (typeof t.operand !== 'string' || !IS_OPERANDS.has(t.operand))
          throw badNarrow(`unknown 'is' operand ${String(t.operand)}`);
        if (t.operand === 'dm' || t.operand === 'private') kind(t, false);
        if (t.operand !== 'resolved' && t.operand !== 'followed') filter.ownRowsOnly = true;
        pred = isPredicate(srv, user, t.operand);
        break;
      }
      case 'has': {
        if (typeof t.operand !== 'string' || !HAS_OPERANDS.has(t.operand))
          throw badNarrow(`unknown 'has' operand ${String(t.operand)}`);
        const what = t.operand;
        pred = (m) => (what === 'reaction' ? m.reactions.length > 0 : HAS[what as 'link'](m.content));
        break;
      }
      case 'search': {
        if (typeof t.operand !== 'string') throw badNarrow('invalid search');
        // Words, and "quoted phrases" matched as they are; highlights mark each word (as the real server).
        const parts = (t.operand.toLowerCase().match(/"[^"]+"|\S+/g) ?? []).map((w) => w.replace(/^"(.*)"$/, '$1'));
        if (!t.negated)
          filter.searchWords.push(
            ...parts
              .flatMap((w) => w.split(/\s+/))
              .map((w) => w.replace(/"/g, ''))
              .filter(Boolean),
          );
        pred = (m) => parts.every((w) => m.content.toLowerCase().includes(w) || m.topic.toLowerCase().includes(w));
        break;
      }
      case 'id': {
        const id = idOperand(t.operand);
        pred = (m) => m.id === id;
        break;
      }
      default: // near: a positioning hint, no filtering here
        idOperand(t.operand);
        pred = () => true;
    }
    preds.push(t.negated ? (m) => !pred(m) : pred);
  }
  filter.test = (m) => preds.every((p) => p(m));
  return filter;
}

function isPredicate(srv: ChatServer, user: User, what: string): (m: Message) => boolean {
  const st = srv.state;
  const bits = (m: Message) => st.userMessageFlags(user.id, m.id) ?? FLAG_BITS.read;
  switch (what) {
    case 'dm':
    case 'private':
      return (m) => m.type === 'private';
    case 'starred':
      return (m) => (bits(m) & FLAG_BITS.starred) !== 0;
    case 'mentioned':
      return (m) =>
        (bits(m) & (FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) !==
        0;
    case 'alerted':
      return (m) => (bits(m) & FLAG_BITS.has_alert_word) !== 0;
    case 'unread':
      return (m) => (bits(m) & FLAG_BITS.read) === 0;
    case 'resolved':
      return (m) => m.type === 'stream' && m.topic.startsWith(RESOLVED_PREFIX);
    case 'followed':
      return (m) => m.type === 'stream' && st.userTopicPolicy(user.id, m.streamId!, m.topic) === 3;
    default:
      return (m) => {
        // Muted topics, and muted channels' topics that are not unmuted or followed.
        if (m.type !== 'stream') return false;
        const policy = st.userTopicPolicy(user.id, m.streamId!, m.topic);
        return policy === 1 || (st.sub(user.id, m.streamId!)?.isMuted === true && policy !== 2 && policy !== 3);
      };
  }
}

export const LARGER_THAN_MAX_MESSAGE_ID = 10000000000000000;

export interface RangeResult {
  ids: number[];
  anchor: number;
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
}

/** Messages around an anchor among `candidates` (ascending ids) that pass the filter. */
export function rangeQuery(
  srv: ChatServer,
  user: User,
  candidates: number[],
  filter: Filter,
  anchorRaw: string,
  includeAnchor: boolean,
  numBefore: number,
  numAfter: number,
): RangeResult {
  const st = srv.state;
  const ok = (id: number) => filter.test(st.messages.get(id)!);
  let anchor: number;
  if (anchorRaw === 'newest') anchor = LARGER_THAN_MAX_MESSAGE_ID;
  else if (anchorRaw === 'oldest') anchor = 0;
  else if (anchorRaw === 'first_unread') {
    const first = candidates.find(
      (id) => ok(id) && ((st.userMessageFlags(user.id, id) ?? FLAG_BITS.read) & FLAG_BITS.read) === 0,
    );
    anchor = first ?? LARGER_THAN_MAX_MESSAGE_ID;
  } else if (/^\d+$/.test(anchorRaw)) anchor = Number(anchorRaw);
  else throw badRequest('Invalid anchor', 'BAD_REQUEST');
  let lo = 0,
    hi = candidates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (candidates[mid] < anchor) lo = mid + 1;
    else hi = mid;
  }
  const before: number[] = [];
  let i = lo - 1;
  for (; i >= 0 && before.length < numBefore; i--) if (ok(candidates[i])) before.push(candidates[i]);
  let foundOldest = true;
  for (let j = i; j >= 0; j--)
    if (ok(candidates[j])) {
      foundOldest = false;
      break;
    }
  let k = lo;
  let foundAnchor = false;
  const after: number[] = [];
  if (k < candidates.length && candidates[k] === anchor) {
    if (ok(anchor)) {
      foundAnchor = true;
      if (includeAnchor) after.push(anchor);
    }
    k++;
  }
  for (; k < candidates.length && after.length < numAfter + (foundAnchor && includeAnchor ? 1 : 0); k++)
    if (ok(candidates[k])) after.push(candidates[k]);
  let foundNewest = true;
  for (let j = k; j < candidates.length; j++)
    if (ok(candidates[j])) {
      foundNewest = false;
      break;
    }
  return { ids: [...before.reverse(), ...after], anchor, foundAnchor, foundOldest, foundNewest };
}

/**
 * Candidate ids for a user: received messages, or (as the real server's `ok_to_include_history`)
 * a channel's whole accessible history, or every public channel's for `channels:public`.
 */
export function candidateIds(srv: ChatServer, user: User, filter: Filter, withHistory: boolean): number[] {
  const st = srv.state;
  withHistory &&= !filter.ownRowsOnly;
  if (withHistory && filter.publicHistory)
    return st.messageOrder.filter((id) => st.canAccessMessage(user, st.messages.get(id)!));
  if (withHistory && filter.streamId !== undefined) {
    const s = st.streams.get(filter.streamId)!;
    return s.messageIds.filter((id) => st.canAccessMessage(user, st.messages.get(id)!));
  }
  const um = st.userMessages.get(user.id);
  if (!um) return [];
  return st.messageOrder.filter((id) => um.has(id));
}
