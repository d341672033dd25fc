import * as z from 'zod';
import { MessageType } from '../messages/models';

/**
 * Personal items of the current user: scheduled messages, saved snippets, message reminders
 * (docs/API.md, "Personal items").
 */

/** A message scheduled for later (`GET /scheduled_messages`), earliest first. */
export const ScheduledMessage = z.looseObject({
  /** Its own ID, not the ID it gets when sent. */
  scheduled_message_id: z.number().int(),
  type: MessageType,
  /** Channel ID for channel messages; user IDs for direct messages. */
  to: z.union([z.number().int(), z.array(z.number().int())]),
  /** Absent for direct messages on some servers. */
  topic: z.string().optional(),
  content: z.string(),
  rendered_content: z.string().optional(),
  scheduled_delivery_timestamp: z.number().int(),
  /** True when the server tried to send it and failed; editing then needs a new delivery time. */
  failed: z.boolean(),
});
export type ScheduledMessage = z.infer<typeof ScheduledMessage>;

/** Reusable Markdown the user inserts into messages (`GET /saved_snippets`). */
export const SavedSnippet = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  /** Raw Markdown. */
  content: z.string(),
  date_created: z.number().int().optional(),
});
export type SavedSnippet = z.infer<typeof SavedSnippet>;

/** A message reminder (`GET /reminders`): sent to the current user by the notification bot. */
export const Reminder = z.looseObject({
  reminder_id: z.number().int(),
  scheduled_delivery_timestamp: z.number().int(),
  content: z.string().optional(),
  rendered_content: z.string().optional(),
  failed: z.boolean().optional(),
  reminder_target_message_id: z.number().int().nullable().optional(),
});
export type Reminder = z.infer<typeof Reminder>;
