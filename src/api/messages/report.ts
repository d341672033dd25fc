import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { FL } from '../features';
import { defineOperation, envelope } from '../operation';
import { idParam, requireFeature } from '../params';
import { legacyReportTypes, MAX_REPORT_DESCRIPTION } from './reportTypes';

/**
 * `POST /messages/{message_id}/report` (FL.reportMessage): reports the message to the
 * organisation's moderators; the server posts it in the moderation request channel. `other` needs
 * a description; a description is at most {@link MAX_REPORT_DESCRIPTION} code points. Below
 * FL.reportMessageTypes only the five legacy types exist.
 */
export const reportMessage = defineOperation({
  method: 'POST',
  path: '/messages/{message_id}/report',
  params: z.object({
    message_id: idParam('message_id'),
    report_type: z.string().min(1, { error: () => l10n.t('Choose why you report the message.') }),
    description: z.string().optional(),
  }),
  response: envelope({}),
  check: (p, ctx) => {
    requireFeature(FL.reportMessage, l10n.t('reporting messages'), ctx);
    if (ctx.server.featureLevel < FL.reportMessageTypes && !legacyReportTypes().some((t) => t.key === p.report_type)) {
      throw new ValidationError(
        l10n.t('This server does not know the report type "{0}".', p.report_type),
        ctx.route,
        'report_type',
      );
    }
    const description = p.description ?? '';
    if (p.report_type === 'other' && description.trim() === '') {
      throw new ValidationError(
        l10n.t('Say what is wrong with the message: a description is required for "Other reason".'),
        ctx.route,
        'description',
      );
    }
    const length = [...description].length;
    if (length > MAX_REPORT_DESCRIPTION) {
      throw new ValidationError(
        l10n.t('The description is too long: {0} characters, at most {1}.', length, MAX_REPORT_DESCRIPTION),
        ctx.route,
        'description',
      );
    }
  },
});
