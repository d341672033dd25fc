import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { type CallContext, defineOperation, envelope } from '../operation';
import { idParam } from '../params';
import { DraftInput, ServerDraft } from './models';

/**
 * The server's own rules, checked before anything is sent (the server answers the same). Longer
 * content than the realm allows is not refused: the server keeps it truncated, the local copy whole.
 */
function checkDraft(d: DraftInput, ctx: CallContext, name: string): void {
  if (d.content.trim() === '') throw new ValidationError(l10n.t('A draft cannot be empty.'), ctx.route, name);
  if (d.type === 'stream' && d.to.length !== 1)
    throw new ValidationError(l10n.t('A channel draft names exactly one channel.'), ctx.route, name);
  if (d.topic.includes('\0')) throw new ValidationError(l10n.t('A topic cannot contain null bytes.'), ctx.route, name);
}

/** `GET /drafts` — oldest edit first. */
export const getDrafts = defineOperation({
  method: 'GET',
  path: '/drafts',
  params: z.object({}),
  response: envelope({ count: z.number().int(), drafts: z.array(ServerDraft) }),
});

/** `POST /drafts` — answers the new drafts' IDs in order. */
export const createDrafts = defineOperation({
  method: 'POST',
  path: '/drafts',
  params: z.object({ drafts: z.array(DraftInput).min(1, { error: () => l10n.t('Give at least one draft.') }) }),
  response: envelope({ ids: z.array(z.number().int()) }),
  check: (p, ctx) => p.drafts.forEach((d) => checkDraft(d, ctx, 'drafts')),
});

/** `PATCH /drafts/{draft_id}` — replaces the draft (all its fields). */
export const editDraft = defineOperation({
  method: 'PATCH',
  path: '/drafts/{draft_id}',
  params: z.object({ draft_id: idParam('draft_id'), draft: DraftInput }),
  response: envelope({}),
  check: (p, ctx) => checkDraft(p.draft, ctx, 'draft'),
});

/** `DELETE /drafts/{draft_id}` */
export const deleteDraft = defineOperation({
  method: 'DELETE',
  path: '/drafts/{draft_id}',
  params: z.object({ draft_id: idParam('draft_id') }),
  response: envelope({}),
});

export const draftOperations = {
  'GET /drafts': getDrafts,
  'POST /drafts': createDrafts,
  'PATCH /drafts/{draft_id}': editDraft,
  'DELETE /drafts/{draft_id}': deleteDraft,
} as const;
