// The narrow terms' builders, apart from the schemas (./narrow.ts, zod): commands build narrows
// from modules the extension loads at start-up.
import type { NarrowTerm } from './narrow';

export type { NarrowTerm };

/** Values of the `is` operator. */
export type IsOperand =
  'dm' | 'starred' | 'mentioned' | 'unread' | 'resolved' | 'followed' | 'muted' | 'alerted' | (string & {});
/** Values of the `has` operator. */
export type HasOperand = 'link' | 'attachment' | 'image' | 'reaction' | (string & {});

/** Messages in a channel, by ID (preferred) or name. */
export function channel(idOrName: number | string): NarrowTerm {
  return { operator: 'channel', operand: idOrName };
}

/** Messages in a topic (combine with {@link channel}). `""` is the empty topic. */
export function topic(name: string): NarrowTerm {
  return { operator: 'topic', operand: name };
}

/** The direct-message conversation with exactly these users (the current user may be omitted). */
export function dm(userIds: readonly number[]): NarrowTerm {
  return { operator: 'dm', operand: [...userIds] };
}

/** Direct messages that include this user among others. */
export function dmIncluding(userId: number): NarrowTerm {
  return { operator: 'dm-including', operand: userId };
}

/** Messages sent by a user (ID or API email). */
export function sender(idOrEmail: number | string): NarrowTerm {
  return { operator: 'sender', operand: idOrEmail };
}

/** Full-text search. */
export function search(text: string): NarrowTerm {
  return { operator: 'search', operand: text };
}

/** Messages with a property: `is('unread')`, `is('starred')`, `is('dm')`... */
export function is(what: IsOperand): NarrowTerm {
  return { operator: 'is', operand: what };
}

/** Messages that contain something: `has('link')`, `has('attachment')`... */
export function has(what: HasOperand): NarrowTerm {
  return { operator: 'has', operand: what };
}

/** One message by ID. */
export function messageId(id: number): NarrowTerm {
  return { operator: 'id', operand: id };
}

/** The same term, negated (`-is:starred`). */
export function not(term: NarrowTerm): NarrowTerm {
  return { ...term, negated: true };
}
