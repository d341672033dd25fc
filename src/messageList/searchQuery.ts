/**
 * The search box's language (zulip.com/help/search-for-messages) → a {@link Narrow}:
 * `channel:general topic:"code review" -is:starred sender:me has:link deploy`.
 *
 * - Operators: `channel:` (`stream:`), `topic:` (`subject:`), `sender:` (`from:`), `dm:`
 *   (`pm-with:`), `dm-including:`, `has:`, `is:`, `channels:` (`streams:`), `id:`, `near:`.
 * - An operand may be quoted (`channel:"general chat"`); `-` before an operator negates it; the
 *   remaining words (a quoted phrase stays one phrase) are the full-text `search` term.
 * - Names are resolved here, before anything is sent: channels by name; people by email, `me`, a
 *   full name (quoted when it has spaces: `sender:"Bob Brown"`), or, as the web app matches
 *   people, a first name or the start of a name (`sender:bob`, `sender:"bob b"`: see
 *   {@link matchPeople}). Anything unknown or ambiguous is a {@link SearchQueryError} (an
 *   ambiguous name lists who it could be), so a bad query never reaches the server.
 *
 * `near:` is not a filter (the server ignores it): it is returned as the anchor to list around.
 * `date:` (`date:2026-11-20`, `date:yesterday`, `date:"3 days ago"`) is this box's own, not the
 * server's: the first match on or after that day is found (`anchor=date`) and listed around.
 */
import type { NarrowTerm } from '../api/messages/narrow';
import { type DateInputError, parseDateInput } from './dateInput';
import { narrowOf, type Narrow } from './narrow';

/** A person as the parser matches and names them. */
export interface SearchPerson {
  readonly id: number;
  readonly fullName: string;
  /** The address to show for them: their real one when visible to the own user, else none. */
  readonly visibleEmail?: string;
}

/** What the parser looks names up in (the session's store). */
export interface SearchDirectory {
  readonly ownUserId: number;
  /** A channel the user can see, by name (any case). */
  channelId(name: string): number | undefined;
  /** The user (active or not) with this API or real email (any case). */
  userByEmail(email: string): SearchPerson | undefined;
  /** Every user, active or not. */
  people(): Iterable<SearchPerson>;
}

export type SearchQueryError =
  | { readonly kind: 'empty' }
  | { readonly kind: 'unclosedQuote' }
  | { readonly kind: 'unknownOperator'; readonly operator: string }
  | { readonly kind: 'missingOperand'; readonly operator: string }
  | { readonly kind: 'unknownChannel'; readonly name: string }
  | { readonly kind: 'unknownUser'; readonly name: string }
  | { readonly kind: 'ambiguousUser'; readonly name: string; readonly candidates: readonly SearchPerson[] }
  | { readonly kind: 'badIs'; readonly operand: string }
  | { readonly kind: 'badHas'; readonly operand: string }
  | { readonly kind: 'badChannels'; readonly operand: string }
  | { readonly kind: 'badId'; readonly operator: string; readonly operand: string }
  | { readonly kind: 'negatedNear' }
  | { readonly kind: 'badDate'; readonly error: DateInputError }
  | { readonly kind: 'nearAndDate' }
  | { readonly kind: 'channelAndDm' };

export interface SearchQuery {
  readonly narrow: Narrow;
  /** The full-text part (quoted phrases keep their quotes), or undefined without words. */
  readonly words: string | undefined;
  /** `near:` — the message id to list around. */
  readonly near: number | undefined;
  /** `date:` (not Zulip's: the search box's own) — list around the first match on or after that day. */
  readonly date?: Date;
}

export type SearchQueryResult =
  { readonly ok: true; readonly query: SearchQuery } | { readonly ok: false; readonly error: SearchQueryError };

/** Each operator as typed → the API's name. */
const OPERATORS: Record<string, string> = {
  channel: 'channel',
  stream: 'channel',
  topic: 'topic',
  subject: 'topic',
  sender: 'sender',
  from: 'sender',
  dm: 'dm',
  'pm-with': 'dm',
  'dm-including': 'dm-including',
  has: 'has',
  is: 'is',
  channels: 'channels',
  streams: 'channels',
  id: 'id',
  near: 'near',
  date: 'date',
};
export const IS_OPERANDS = [
  'dm',
  'starred',
  'mentioned',
  'unread',
  'resolved',
  'followed',
  'alerted',
  'muted',
] as const;
export const HAS_OPERANDS = ['link', 'attachment', 'image', 'reaction'] as const;
export const CHANNELS_OPERANDS = ['public', 'web-public'] as const;

interface Token {
  readonly negated: boolean;
  /** Lower-case, as typed (an alias stays an alias); undefined for a word. */
  readonly operator?: string;
  readonly text: string;
  readonly quoted: boolean;
}

class QueryError extends Error {
  constructor(readonly error: SearchQueryError) {
    super(error.kind);
  }
}

/** Splits the query: `-op:operand`, `op:"quoted operand"`, `"a phrase"`, words. */
function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const readQuoted = (): string => {
    const end = input.indexOf('"', i + 1);
    if (end < 0) throw new QueryError({ kind: 'unclosedQuote' });
    const text = input.slice(i + 1, end);
    i = end + 1;
    return text;
  };
  const readWord = (): string => {
    const start = i;
    while (i < input.length && !/\s/.test(input[i]!)) i++;
    return input.slice(start, i);
  };
  while (i < input.length) {
    if (/\s/.test(input[i]!)) {
      i++;
      continue;
    }
    // A URL (`https://…`) is a word, not an operator.
    const op = /^(-?)([A-Za-z][A-Za-z-]*):(?!\/\/)/.exec(input.slice(i));
    if (op) {
      i += op[0].length;
      const quoted = input[i] === '"';
      const text = quoted ? readQuoted() : readWord();
      tokens.push({ negated: op[1] === '-', operator: op[2]!.toLowerCase(), text, quoted });
    } else if (input[i] === '"') {
      tokens.push({ negated: false, text: readQuoted(), quoted: true });
    } else {
      tokens.push({ negated: false, text: readWord(), quoted: false });
    }
  }
  return tokens;
}

/** Parses and resolves a query; errors name what is wrong (see {@link SearchQueryError}). */
export function parseSearchQuery(input: string, directory: SearchDirectory): SearchQueryResult {
  try {
    return { ok: true, query: parse(input, directory) };
  } catch (error) {
    if (error instanceof QueryError) return { ok: false, error: error.error };
    throw error;
  }
}

function parse(input: string, directory: SearchDirectory): SearchQuery {
  const tokens = tokenize(input);
  if (tokens.length === 0) throw new QueryError({ kind: 'empty' });
  const terms: NarrowTerm[] = [];
  const words: string[] = [];
  let near: number | undefined;
  let date: Date | undefined;
  for (const token of tokens) {
    if (token.operator === undefined) {
      if (token.quoted) {
        if (token.text.trim() !== '') words.push(`"${token.text.trim()}"`);
      } else words.push(token.text);
      continue;
    }
    const operator = OPERATORS[token.operator];
    if (operator === undefined) throw new QueryError({ kind: 'unknownOperator', operator: token.operator });
    // Only a topic may be empty, and only quoted (`topic:""` is the empty topic).
    if (token.text === '' && !(operator === 'topic' && token.quoted))
      throw new QueryError({ kind: 'missingOperand', operator: token.operator });
    if (operator === 'near') {
      if (token.negated) throw new QueryError({ kind: 'negatedNear' });
      near = messageId(token.operator, token.text);
      continue;
    }
    if (operator === 'date') {
      const parsed = token.negated ? undefined : parseDateInput(token.text);
      if (!parsed?.ok)
        throw new QueryError({
          kind: 'badDate',
          error: parsed?.error ?? { kind: 'format', text: `-date:${token.text}` },
        });
      date = parsed.date;
      continue;
    }
    const operand = resolveOperand(operator, token, directory);
    terms.push(token.negated ? { operator, operand, negated: true } : { operator, operand });
  }
  const text = words.join(' ').trim();
  if (text !== '') terms.push({ operator: 'search', operand: text });
  if (near !== undefined && date !== undefined) throw new QueryError({ kind: 'nearAndDate' });
  if (terms.length === 0 && near === undefined && date === undefined) throw new QueryError({ kind: 'empty' });
  checkChannelAndDm(terms);
  return { narrow: narrowOf(terms), words: text === '' ? undefined : text, near, ...(date ? { date } : {}) };
}

function resolveOperand(operator: string, token: Token, directory: SearchDirectory): NarrowTerm['operand'] {
  const text = token.text;
  switch (operator) {
    case 'channel': {
      const name = text.replace(/^#/, '');
      const id = directory.channelId(name);
      if (id === undefined) throw new QueryError({ kind: 'unknownChannel', name });
      return id;
    }
    case 'topic':
      return text;
    case 'sender':
    case 'dm-including':
      return userId(text, directory);
    case 'dm': {
      const emails = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (emails.length === 0) throw new QueryError({ kind: 'missingOperand', operator: token.operator! });
      return emails.map((s) => userId(s, directory));
    }
    case 'is': {
      const value = text.toLowerCase() === 'private' ? 'dm' : text.toLowerCase();
      if (!(IS_OPERANDS as readonly string[]).includes(value)) throw new QueryError({ kind: 'badIs', operand: text });
      return value;
    }
    case 'has': {
      // `has:links`, `has:images`… as the web app accepts them.
      const value = text.toLowerCase().replace(/s$/, '');
      if (!(HAS_OPERANDS as readonly string[]).includes(value)) throw new QueryError({ kind: 'badHas', operand: text });
      return value;
    }
    case 'channels': {
      const value = text.toLowerCase();
      if (!(CHANNELS_OPERANDS as readonly string[]).includes(value))
        throw new QueryError({ kind: 'badChannels', operand: text });
      return value;
    }
    default: // id
      return messageId(token.operator!, text);
  }
}

function messageId(operator: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new QueryError({ kind: 'badId', operator, operand: text });
  return Number(text);
}

function userId(text: string, directory: SearchDirectory): number {
  if (text.toLowerCase() === 'me') return directory.ownUserId;
  const byEmail = text.includes('@') ? directory.userByEmail(text) : undefined;
  if (byEmail) return byEmail.id;
  const people = matchPeople(text, directory.people());
  if (people.length === 0) throw new QueryError({ kind: 'unknownUser', name: text });
  if (people.length > 1) throw new QueryError({ kind: 'ambiguousUser', name: text, candidates: people });
  return people[0]!.id;
}

/** Lower case; without accents when `plain` (an ASCII query finds "José" as the web app does). */
function fold(text: string, plain: boolean): string {
  const lower = text.toLowerCase();
  return plain ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower;
}

/**
 * The people a name stands for, best tier first (any case):
 * 1. the full name itself (`Bob Brown`);
 * 2. each typed word is a whole word of the name (`bob` → Bob Brown, not Bobby Tables);
 * 3. each typed word starts a word of the name, as the web app's person matcher (`bo br`, `bro`).
 * The first tier that finds anyone decides: several there is ambiguous.
 */
export function matchPeople<P extends SearchPerson>(text: string, people: Iterable<P>): P[] {
  const typed = text.trim().split(/\s+/).filter(Boolean);
  if (typed.length === 0) return [];
  const plain = /^[\x20-\x7e]*$/.test(text);
  const words = typed.map((w) => fold(w, plain));
  const full = words.join(' ');
  const tiers: P[][] = [[], [], []];
  for (const p of people) {
    const nameWords = fold(p.fullName, plain).split(/\s+/).filter(Boolean);
    if (nameWords.join(' ') === full) tiers[0]!.push(p);
    else if (words.every((w) => nameWords.includes(w))) tiers[1]!.push(p);
    else if (words.every((w) => nameWords.some((n) => n.startsWith(w)))) tiers[2]!.push(p);
  }
  return tiers.find((t) => t.length > 0) ?? [];
}

/** The server refuses a narrow that is both a channel's and a direct conversation's (positive terms). */
function checkChannelAndDm(terms: readonly NarrowTerm[]): void {
  const positive = terms.filter((t) => !t.negated);
  const channel = positive.some((t) => t.operator === 'channel' || t.operator === 'topic' || t.operator === 'channels');
  const dm = positive.some(
    (t) => t.operator === 'dm' || t.operator === 'dm-including' || (t.operator === 'is' && t.operand === 'dm'),
  );
  if (channel && dm) throw new QueryError({ kind: 'channelAndDm' });
}
