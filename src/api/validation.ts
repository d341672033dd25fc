import * as l10n from '@vscode/l10n';
import type * as z from 'zod';
import { ValidationError } from './errors';
import type { RealmLimits } from './operation';

/**
 * Shared input rules. Messages written here are shown to users as they are, so they say what is
 * wrong and what is allowed. No zod schemas here (they are in ./params.ts): commands check input
 * with these rules from modules the extension loads at start-up, before the client's code.
 */

/** Unicode code points, so an emoji counts 1 (not its 2 UTF-16 units). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export const STATUS_TEXT_MAX = 60;
export const SAVED_SNIPPET_TITLE_MAX = 60;
export const DEFAULT_MAX_TOPIC_LENGTH = 60;
export const DEFAULT_MAX_MESSAGE_LENGTH = 10_000;

/** Turns a zod error into one sentence for the user, plus the parameter at fault. */
export function formatZodError(error: z.ZodError): { message: string; field: string | undefined } {
  const issue = error.issues[0];
  if (!issue) return { message: l10n.t('Invalid input.'), field: undefined };
  const field = issue.path.length ? issue.path.map(String).join('.') : undefined;
  const userWritten = /^[\p{Lu}"].*[.!?]$/su.test(issue.message);
  const message = userWritten || !field ? issue.message : `"${field}": ${issue.message}`;
  return { message, field: issue.path.length ? String(issue.path[0]) : undefined };
}

/** Checks a topic against the organisation's rules (conventions 9 and 10 of docs/API.md). */
export function checkTopic(topic: string, limits: RealmLimits, route: string, field = 'topic'): void {
  const max = limits.maxTopicLength ?? DEFAULT_MAX_TOPIC_LENGTH;
  if (codePointLength(topic) > max) {
    throw new ValidationError(l10n.t('The topic can be at most {0} characters.', max), route, field);
  }
  // With topics policies (FL 392) the channel decides, which this check cannot see.
  if (limits.mandatoryTopics && limits.topicsPolicy === undefined && isEmptyTopic(topic, limits)) {
    throw new ValidationError(l10n.t('This organisation requires a topic: enter a topic name.'), route, field);
  }
}

/** Whether `topic` names the empty topic: "", "(no topic)" or the realm's display name for it. */
export function isEmptyTopic(topic: string, limits: RealmLimits): boolean {
  const t = topic.trim();
  return (
    t === '' || t === '(no topic)' || (limits.emptyTopicDisplayName !== undefined && t === limits.emptyTopicDisplayName)
  );
}

/** Checks message content against `max_message_length`. */
export function checkContent(content: string, limits: RealmLimits, route: string, field = 'content'): void {
  const max = limits.maxMessageLength ?? DEFAULT_MAX_MESSAGE_LENGTH;
  if (codePointLength(content) > max) {
    throw new ValidationError(
      l10n.t('The message can be at most {0} characters; it has {1}.', max, codePointLength(content)),
      route,
      field,
    );
  }
}
