/**
 * Parameter schemas and checks with user-facing messages, shared by the areas' operations (the rules
 * of a message going out, shared by sending and scheduling, are in messages/outgoing.ts).
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from './errors';
import type { CallContext } from './operation';
import { codePointLength } from './validation';

/** The message for a missing or wrongly typed value: `what` is required / must be `kind`. */
export function typeError(what: () => string, kind: () => string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? l10n.t('{0} is required.', what()) : l10n.t('{0} must be {1}.', what(), kind());
}

/** Text, with a message naming it when it is missing or not text. */
export function textOf(what: () => string) {
  return z.string({ error: typeError(what, () => l10n.t('text')) });
}

/** Text that is not empty once trimmed (the value is trimmed); `empty` says so when it is. */
export function requiredText(what: () => string, empty: () => string) {
  return textOf(what).trim().min(1, { error: empty });
}

/** A boolean parameter with a user-facing message. */
export function flag(name: string) {
  return z.boolean({ error: () => l10n.t('"{0}" must be true or false.', name) });
}

/** A positive integer ID, with a message naming the parameter. */
export function idParam(name: string) {
  const error = (): string => l10n.t('"{0}" must be a positive whole-number ID.', name);
  return z.number({ error }).int({ error }).positive({ error });
}

/** A positive integer id with user-facing messages. */
export function idOf(what: () => string) {
  return z
    .number({ error: typeError(what, () => l10n.t('a number')) })
    .int({ error: () => l10n.t('{0} must be a whole number.', what()) })
    .positive({ error: () => l10n.t('{0} must be a positive number.', what()) });
}

/** Reaction types accepted on input; both spellings of the extra-emoji type are sent in the server's. */
export const InputReactionType = z.enum(['unicode_emoji', 'realm_emoji', 'chat_extra_emoji', 'zulip_extra_emoji'], {
  error: () => l10n.t('The reaction type must be unicode_emoji, realm_emoji or chat_extra_emoji.'),
});

/** A string of at most `max` code points, with a user-facing message naming `what`. */
export function maxCodePoints(max: number, what: () => string) {
  return z.string().refine((s) => codePointLength(s) <= max, {
    error: () => l10n.t('{0} can be at most {1} characters (an emoji counts as one).', what(), max),
  });
}

/** `#rrggbb` */
export const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: () => l10n.t('Colour must be of the form #rrggbb.') });

/** A positive integer ID. */
export const id = z.number().int().positive();

/** Refuses the call before it is sent when the server is older than feature level `level` (`what` needs it). */
export function requireFeature(level: number, what: string, ctx: CallContext, field?: string): void {
  if (ctx.server.featureLevel < level) {
    throw new ValidationError(
      l10n.t(
        'This server is too old for {0} (it needs feature level {1}; the server has {2}).',
        what,
        level,
        ctx.server.featureLevel,
      ),
      ctx.route,
      field,
    );
  }
}
