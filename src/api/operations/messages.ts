/** Operations on messages, reactions, flags, attachments and personal items (snippets, scheduled messages, reminders). */
export const messageOperations = {} as const;
