/** Parameter schemas with user-facing messages, shared by the areas' operations. */
import * as z from 'zod';

/** The message for a missing or wrongly typed value: `what` is required / must be `kind`. */
export function typeError(what: string, kind: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `${what} is required.` : `${what} must be ${kind}.`);
}

/** A boolean parameter with a user-facing message. */
export function flag(name: string) {
  return z.boolean({ error: `"${name}" must be true or false.` });
}

/** A positive integer id with user-facing messages. */
export function idOf(what: string) {
  return z
    .number({ error: typeError(what, 'a number') })
    .int({ error: `${what} must be a whole number.` })
    .positive({ error: `${what} must be a positive number.` });
}

/** Reaction types accepted on input; both spellings of the extra-emoji type are sent in the server's. */
export const InputReactionType = z.enum(['unicode_emoji', 'realm_emoji', 'chat_extra_emoji', 'zulip_extra_emoji'], {
  error: 'The reaction type must be unicode_emoji, realm_emoji or chat_extra_emoji.',
});
