import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { lenientEnum } from '../enum';

/**
 * A message draft kept on the server (`GET /drafts`, the `drafts` register key and events), so
 * drafts follow the user across devices while `enable_drafts_synchronization` is on.
 */

/** `stream`, `private` (one-on-one and group DMs) or `""` (no recipient yet). */
export const DraftType = lenientEnum(['stream', 'private', ''] as const);
export type DraftType = z.output<typeof DraftType>;

export const ServerDraft = z.looseObject({
  id: z.number().int(),
  type: DraftType,
  /** The channel's ID (one) for `stream`; the other users' IDs for `private` (own ID alone: a note to self). */
  to: z.array(z.number().int()),
  /** Empty for direct messages. */
  topic: z.string(),
  content: z.string(),
  /** UNIX seconds of the last edit. */
  timestamp: z.number(),
});
export type ServerDraft = z.infer<typeof ServerDraft>;

/** What is sent to create or edit a draft (no `id`: the server assigns it). */
export const DraftInput = z.object({
  type: z.enum(['stream', 'private', ''], { error: () => l10n.t('The draft type must be "stream", "private" or "".') }),
  to: z.array(
    z
      .number()
      .int()
      .positive({ error: () => l10n.t('Recipients are positive whole-number IDs.') }),
  ),
  topic: z.string(),
  content: z.string(),
  /** UNIX seconds; the server's clock when left out. */
  timestamp: z
    .number()
    .nonnegative({ error: () => l10n.t('A draft timestamp must not be negative.') })
    .optional(),
});
export type DraftInput = z.infer<typeof DraftInput>;
