// The schema of the outbox file's entries (src/session/outboxFile.ts), apart from it: zod is loaded
// after activation (src/api/load.ts), the outbox service at once.
import * as z from 'zod';

const id = z.number().int().positive();
const Entry = z.object({
  localId: z.string().min(1),
  to: z.discriminatedUnion('type', [
    z.object({ type: z.literal('stream'), streamId: id, topic: z.string() }),
    z.object({ type: z.literal('private'), userIds: z.array(id).min(1) }),
  ]),
  content: z.string(),
  createdAt: z.number(),
  state: z.enum(['waiting', 'sending', 'failed', 'refused']),
  error: z.object({ message: z.string(), code: z.string().optional() }).optional(),
  attempts: z.number().int().nonnegative(),
  sendStartedAt: z.number().optional(),
  afterMessageId: z.number().int().optional(),
  sentContent: z.string().optional(),
});
export const OutboxEntries = z.array(Entry);
