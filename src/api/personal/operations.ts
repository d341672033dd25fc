import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { FL } from '../features';
import {
  checkOutgoing,
  checkRecipients,
  encodeOutgoing,
  encodeRecipients,
  isChannelType,
  Recipients,
  typeForServer,
  TypeName,
} from '../messages/outgoing';
import { type CallContext, defineOperation, envelope } from '../operation';
import { idParam, requireFeature } from '../params';
import { checkContent, checkTopic, codePointLength, SAVED_SNIPPET_TITLE_MAX } from '../validation';
import { Reminder, SavedSnippet, ScheduledMessage } from './models';
import { SettingsChanges, TargetUsers } from './settings';

// ---- saved snippets ----------------------------------------------------------------------------

function checkSnippet(p: { title?: string; content?: string }, ctx: CallContext): void {
  if (p.title !== undefined) {
    const max = ctx.limits.maxSavedSnippetTitleLength ?? SAVED_SNIPPET_TITLE_MAX;
    if (p.title.trim() === '') throw new ValidationError(l10n.t('Give the snippet a title.'), ctx.route, 'title');
    if (codePointLength(p.title) > max) {
      throw new ValidationError(
        l10n.t('A snippet title can be at most {0} characters (an emoji counts as one).', max),
        ctx.route,
        'title',
      );
    }
  }
  if (p.content !== undefined) {
    if (p.content.trim() === '') throw new ValidationError(l10n.t('The snippet is empty.'), ctx.route, 'content');
    checkContent(p.content, ctx.limits, ctx.route);
  }
}

/** `GET /saved_snippets` */
export const getSavedSnippets = defineOperation({
  method: 'GET',
  path: '/saved_snippets',
  params: z.object({}),
  response: envelope({ saved_snippets: z.array(SavedSnippet) }),
});

/** `POST /saved_snippets` */
export const createSavedSnippet = defineOperation({
  method: 'POST',
  path: '/saved_snippets',
  params: z.object({ title: z.string(), content: z.string() }),
  response: envelope({ saved_snippet_id: z.number().int() }),
  check: checkSnippet,
});

/** 15. `PATCH /saved_snippets/{saved_snippet_id}` */
export const updateSavedSnippet = defineOperation({
  method: 'PATCH',
  path: '/saved_snippets/{saved_snippet_id}',
  params: z.object({
    saved_snippet_id: idParam('saved_snippet_id'),
    title: z.string().optional(),
    content: z.string().optional(),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    if (p.title === undefined && p.content === undefined) {
      throw new ValidationError(l10n.t('Nothing to change: give a new title or content.'), ctx.route);
    }
    checkSnippet(p, ctx);
  },
});

/** `DELETE /saved_snippets/{saved_snippet_id}` */
export const deleteSavedSnippet = defineOperation({
  method: 'DELETE',
  path: '/saved_snippets/{saved_snippet_id}',
  params: z.object({ saved_snippet_id: idParam('saved_snippet_id') }),
  response: envelope({}),
});

// ---- scheduled messages --------------------------------------------------------------------------

const Timestamp = z
  .number()
  .int()
  .positive({ error: () => l10n.t('The delivery time must be a UNIX time in seconds.') });

/** `GET /scheduled_messages` — earliest first. */
export const getScheduledMessages = defineOperation({
  method: 'GET',
  path: '/scheduled_messages',
  params: z.object({}),
  response: envelope({ scheduled_messages: z.array(ScheduledMessage) }),
});

/** `POST /scheduled_messages` */
export const createScheduledMessage = defineOperation({
  method: 'POST',
  path: '/scheduled_messages',
  params: z.object({
    type: TypeName,
    to: Recipients,
    content: z.string().min(1, { error: () => l10n.t('The message is empty.') }),
    topic: z.string().optional(),
    scheduled_delivery_timestamp: Timestamp,
    read_by_sender: z.boolean().optional(),
  }),
  response: envelope({ scheduled_message_id: z.number().int() }),
  check: checkOutgoing,
  encode: encodeOutgoing,
});

/** 4. `PATCH /scheduled_messages/{scheduled_message_id}` — edit; a failed one needs a new time. */
export const updateScheduledMessage = defineOperation({
  method: 'PATCH',
  path: '/scheduled_messages/{scheduled_message_id}',
  params: z.object({
    scheduled_message_id: idParam('scheduled_message_id'),
    type: TypeName.optional(),
    to: Recipients.optional(),
    content: z
      .string()
      .min(1, { error: () => l10n.t('The message is empty.') })
      .optional(),
    topic: z.string().optional(),
    scheduled_delivery_timestamp: Timestamp.optional(),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    if (p.type !== undefined) {
      if (p.to === undefined) {
        throw new ValidationError(
          l10n.t('Changing the message type needs the new recipients ("to").'),
          ctx.route,
          'to',
        );
      }
      if (isChannelType(p.type) && p.topic === undefined) {
        throw new ValidationError(l10n.t('Changing to a channel message needs a topic.'), ctx.route, 'topic');
      }
      checkRecipients(p.type, p.to, ctx);
    }
    if (p.topic !== undefined && (p.type === undefined || isChannelType(p.type)))
      checkTopic(p.topic, ctx.limits, ctx.route);
    if (p.content !== undefined) checkContent(p.content, ctx.limits, ctx.route);
  },
  encode: (p, ctx) =>
    p.type === undefined
      ? p
      : { ...p, type: typeForServer(p.type, ctx.server.featureLevel), to: encodeRecipients(p.type, p.to) },
});

/** `DELETE /scheduled_messages/{scheduled_message_id}` */
export const deleteScheduledMessage = defineOperation({
  method: 'DELETE',
  path: '/scheduled_messages/{scheduled_message_id}',
  params: z.object({ scheduled_message_id: idParam('scheduled_message_id') }),
  response: envelope({}),
});

// ---- reminders (FL.reminders) ------------------------------------------------------------------------

/** 16. `POST /reminders` — from FL.reminders; `note` from FL.reminderNote. */
export const createReminder = defineOperation({
  method: 'POST',
  path: '/reminders',
  params: z.object({
    message_id: idParam('message_id').optional(),
    scheduled_delivery_timestamp: Timestamp.optional(),
    note: z.string().optional(),
  }),
  response: envelope({ reminder_id: z.number().int() }),
  check: (p, ctx) => {
    requireFeature(FL.reminders, l10n.t('message reminders'), ctx);
    if (p.note !== undefined && p.note !== '') {
      requireFeature(FL.reminderNote, l10n.t('notes on reminders'), ctx, 'note');
      const max = ctx.limits.maxReminderNoteLength;
      if (max !== undefined && codePointLength(p.note) > max) {
        throw new ValidationError(l10n.t('A reminder note can be at most {0} characters.', max), ctx.route, 'note');
      }
    }
  },
  encode: (p) => {
    if (p.note !== '') return p;
    const { note: _, ...rest } = p;
    return rest;
  },
});

/** `GET /reminders` — from FL.reminders. */
export const getReminders = defineOperation({
  method: 'GET',
  path: '/reminders',
  params: z.object({}),
  response: envelope({ reminders: z.array(Reminder) }),
  check: (_, ctx) => requireFeature(FL.reminders, l10n.t('message reminders'), ctx),
});

/** `DELETE /reminders/{reminder_id}` — from FL.reminders. */
export const deleteReminder = defineOperation({
  method: 'DELETE',
  path: '/reminders/{reminder_id}',
  params: z.object({ reminder_id: idParam('reminder_id') }),
  response: envelope({}),
  check: (_, ctx) => requireFeature(FL.reminders, l10n.t('message reminders'), ctx),
});

// ---------------------------------------------------------------------------------------------
// Settings

/** 2. `PATCH /settings`. */
const updateSettings = defineOperation({
  method: 'PATCH',
  path: '/settings',
  params: SettingsChanges.extend({ target_users: TargetUsers.optional() }),
  response: envelope({}),
  check: (p, ctx) => {
    if (p.new_password !== undefined && !p.old_password) {
      throw new ValidationError(l10n.t('Enter your current password to set a new one.'), ctx.route, 'old_password');
    }
    if (p.target_users !== undefined) {
      if (ctx.server.featureLevel < FL.settingsTargetUsers) {
        throw new ValidationError(
          l10n.t("This server (feature level {0}) cannot change other users' settings.", ctx.server.featureLevel),
          ctx.route,
          'target_users',
        );
      }
      if (!p.target_users.user_ids?.length && !p.target_users.group_ids?.length) {
        throw new ValidationError(
          l10n.t('Choose the users or groups whose settings to change.'),
          ctx.route,
          'target_users',
        );
      }
    }
  },
  encode: (p, ctx) => {
    // FL.homeViewRecent: older servers call the recent view `recent_topics`.
    if (p.web_home_view === 'recent' && ctx.server.featureLevel < FL.homeViewRecent) {
      return { ...p, web_home_view: 'recent_topics' };
    }
    return { ...p };
  },
});
/** Saved snippets, scheduled messages, reminders and personal settings. */
export const personalOperations = {
  'GET /saved_snippets': getSavedSnippets,
  'POST /saved_snippets': createSavedSnippet,
  'PATCH /saved_snippets/{saved_snippet_id}': updateSavedSnippet,
  'DELETE /saved_snippets/{saved_snippet_id}': deleteSavedSnippet,
  'GET /scheduled_messages': getScheduledMessages,
  'POST /scheduled_messages': createScheduledMessage,
  'PATCH /scheduled_messages/{scheduled_message_id}': updateScheduledMessage,
  'DELETE /scheduled_messages/{scheduled_message_id}': deleteScheduledMessage,
  'POST /reminders': createReminder,
  'GET /reminders': getReminders,
  'DELETE /reminders/{reminder_id}': deleteReminder,
  'PATCH /settings': updateSettings,
} as const;
