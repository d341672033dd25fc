import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { defineOperation, envelope } from '../operation';
import { checkContent } from '../validation';

/**
 * `POST /messages/render` — Markdown as the server would render it in a message (the compose
 * box's preview); nothing is sent or stored. The content is checked against
 * `max_message_length` before the request, as a message's would be.
 */
export const renderMessage = defineOperation({
  method: 'POST',
  path: '/messages/render',
  params: z.object({
    content: z.string().min(1, { error: () => l10n.t('There is nothing to preview.') }),
  }),
  response: envelope({
    /** The rendered HTML (server HTML: sanitise before showing it). */
    rendered: z.string(),
  }),
  check: (p, ctx) => checkContent(p.content, ctx.limits, ctx.route),
});
