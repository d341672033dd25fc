/**
 * Narrows as values: a canonical list of terms with a key, so two narrows that select the same
 * messages compare equal (`stream` = `channel`, `pm-with` = `dm`, topic case, dm id order), and
 * a local matcher that decides what it can from a message and the own user's flags. Whatever it
 * cannot decide (search, `has:`, channels by name...) is `undefined`: ask the server
 * (`GET /messages/matches_narrow`).
 */
import type { Message } from '../api/messages/models';
import type { NarrowTerm } from '../api/messages/narrow';
import { isMentioned } from '../store/reducers/messageContent';

export interface Narrow {
  /** Canonical terms, sent as they are in `narrow` parameters. */
  readonly terms: readonly NarrowTerm[];
  /** Equal for equal narrows: use it as a map key. */
  readonly key: string;
}

const ALIASES: Record<string, string> = {
  stream: 'channel',
  subject: 'topic',
  'pm-with': 'dm',
  'group-pm-with': 'dm-including',
};
const ORDER = ['channel', 'topic', 'dm', 'dm-including', 'sender', 'is', 'has', 'id', 'search'];

function canonicalTerm(term: NarrowTerm): NarrowTerm {
  const operator = ALIASES[term.operator] ?? term.operator;
  let operand = term.operand;
  if (operator === 'is' && operand === 'private') operand = 'dm';
  if (operator === 'dm' && Array.isArray(operand) && operand.every((x) => typeof x === 'number')) {
    operand = [...new Set(operand as number[])].sort((a, b) => a - b);
  }
  if (operator === 'search' && typeof operand === 'string') operand = operand.trim();
  return term.negated ? { operator, operand, negated: true } : { operator, operand };
}

function termKey(t: NarrowTerm): string {
  // Topics (and search words) compare case-insensitively on the server.
  const operand =
    typeof t.operand === 'string' && (t.operator === 'topic' || t.operator === 'search')
      ? t.operand.toLowerCase()
      : t.operand;
  return JSON.stringify([t.negated ? '-' + t.operator : t.operator, operand]);
}

/** A narrow of these terms (any the API documents). The empty narrow is every message. */
export function narrowOf(terms: readonly NarrowTerm[]): Narrow {
  const rank = (op: string): number => (ORDER.includes(op) ? ORDER.indexOf(op) : ORDER.length);
  const canonical = terms.map(canonicalTerm);
  const keyed = canonical.map((t) => ({ t, k: termKey(t) }));
  // Sorted (stably by operator, then by key) so the order the terms were given in does not matter.
  keyed.sort((a, b) => rank(a.t.operator) - rank(b.t.operator) || (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  const unique = keyed.filter((x, i) => i === 0 || x.k !== keyed[i - 1]!.k);
  return Object.freeze({ terms: Object.freeze(unique.map((x) => x.t)), key: unique.map((x) => x.k).join('|') });
}

export function sameNarrow(a: Narrow, b: Narrow): boolean {
  return a.key === b.key;
}

/** Every message of a channel. */
export function channelNarrow(streamId: number): Narrow {
  return narrowOf([{ operator: 'channel', operand: streamId }]);
}

/** One topic of a channel (`""` is the empty topic). */
export function topicNarrow(streamId: number, topic: string): Narrow {
  return narrowOf([
    { operator: 'channel', operand: streamId },
    { operator: 'topic', operand: topic },
  ]);
}

/**
 * A direct conversation: 1:1 (one other user), group (several) or with oneself (none, or only the
 * own id). The own id is left out so every spelling of one conversation is the same narrow.
 */
export function dmNarrow(userIds: readonly number[], ownUserId: number): Narrow {
  const others = [...new Set(userIds)].filter((id) => id !== ownUserId);
  return narrowOf([{ operator: 'dm', operand: others.length === 0 ? [ownUserId] : others }]);
}

/** Messages that mention the own user (directly or by wildcard). */
export function mentionedNarrow(): Narrow {
  return narrowOf([{ operator: 'is', operand: 'mentioned' }]);
}

export function starredNarrow(): Narrow {
  return narrowOf([{ operator: 'is', operand: 'starred' }]);
}

/** Full-text search, optionally within another narrow (a channel, a topic, a conversation). */
export function searchNarrow(query: string, within?: Narrow): Narrow {
  return narrowOf([...(within?.terms ?? []), { operator: 'search', operand: query }]);
}

/** The channel id of a positive `channel` term given by id. */
export function narrowChannel(narrow: Narrow): number | undefined {
  const t = narrow.terms.find((x) => x.operator === 'channel' && !x.negated);
  return typeof t?.operand === 'number' ? t.operand : undefined;
}

/** The topic of a positive `topic` term. */
export function narrowTopic(narrow: Narrow): string | undefined {
  const t = narrow.terms.find((x) => x.operator === 'topic' && !x.negated);
  return typeof t?.operand === 'string' ? t.operand : undefined;
}

/** The search text of a positive `search` term. */
export function narrowSearch(narrow: Narrow): string | undefined {
  const t = narrow.terms.find((x) => x.operator === 'search' && !x.negated);
  return typeof t?.operand === 'string' ? t.operand : undefined;
}

/**
 * What is known of a message. A move tells only where messages went: the rest is absent, and a
 * term that needs it is undecided.
 */
export interface MessageFacts {
  readonly id?: number;
  readonly type?: 'stream' | 'private';
  readonly streamId?: number;
  readonly topic?: string;
  readonly senderId?: number;
  /** Every participant of a direct message (the own user included). */
  readonly dmUserIds?: readonly number[];
  readonly flags?: readonly string[];
}

export function factsOf(message: Message, flags = message.flags): MessageFacts {
  const recipients =
    message.type === 'private' && Array.isArray(message.display_recipient)
      ? message.display_recipient.map((r) => r.id)
      : undefined;
  return {
    id: message.id,
    type: message.type === 'private' ? 'private' : 'stream',
    streamId: message.stream_id,
    topic: message.type === 'private' ? undefined : message.subject,
    senderId: message.sender_id,
    dmUserIds: recipients,
    flags,
  };
}

/** True or false when the terms decide it from `facts`; undefined when the server must. */
export function matchesLocally(narrow: Narrow, facts: MessageFacts, ownUserId: number): boolean | undefined {
  let result: boolean | undefined = true;
  for (const term of narrow.terms) {
    const one = matchTerm(term, facts, ownUserId);
    const value = one === undefined ? undefined : term.negated ? !one : one;
    if (value === false) return false;
    if (value === undefined) result = undefined;
  }
  return result;
}

function matchTerm(term: NarrowTerm, f: MessageFacts, ownUserId: number): boolean | undefined {
  const operand = term.operand;
  const known = <T>(value: T | undefined, test: (v: T) => boolean): boolean | undefined =>
    value === undefined ? undefined : test(value);
  switch (term.operator) {
    case 'channel':
      if (typeof operand !== 'number') return undefined;
      return known(f.type, (type) => type === 'stream' && f.streamId === operand);
    case 'topic':
      if (typeof operand !== 'string') return undefined;
      if (f.type === 'private') return false;
      return known(f.topic, (topic) => topic.toLowerCase() === operand.toLowerCase());
    case 'dm': {
      if (!Array.isArray(operand) || !operand.every((x) => typeof x === 'number')) return undefined;
      if (f.type === 'stream') return false;
      const want = dmKey(operand as number[], ownUserId);
      return known(f.dmUserIds, (ids) => dmKey(ids, ownUserId) === want);
    }
    case 'dm-including':
      if (typeof operand !== 'number') return undefined;
      if (f.type === 'stream') return false;
      return known(f.dmUserIds, (ids) => ids.includes(operand));
    case 'sender':
      return typeof operand === 'number' ? known(f.senderId, (id) => id === operand) : undefined;
    case 'id':
      return typeof operand === 'number' ? known(f.id, (id) => id === operand) : undefined;
    case 'is':
      switch (operand) {
        case 'dm':
          return known(f.type, (type) => type === 'private');
        case 'starred':
          return known(f.flags, (flags) => flags.includes('starred'));
        case 'mentioned':
          return known(f.flags, isMentioned);
        case 'unread':
          return known(f.flags, (flags) => !flags.includes('read'));
        default:
          return undefined;
      }
    default:
      return undefined;
  }
}

function dmKey(ids: readonly number[], ownUserId: number): string {
  return [...new Set([...ids, ownUserId])].sort((a, b) => a - b).join(',');
}

/**
 * Whether starring or unstarring can move a message in or out (a positive `is:starred`). Reading is
 * left out on purpose: a message must not vanish from an `is:unread` list while it is being read.
 */
export function dependsOnStarred(narrow: Narrow): boolean {
  return narrow.terms.some((t) => t.operator === 'is' && t.operand === 'starred' && !t.negated);
}
