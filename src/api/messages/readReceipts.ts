import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { FL } from '../features';
import { defineOperation, envelope } from '../operation';
import { idParam, requireFeature } from '../params';

/**
 * `GET /messages/{message_id}/read_receipts` (FL.readReceipts): who has read the message, as the
 * server tells it: the asker too if they read it, but never the sender, people who keep their
 * reading private (`send_read_receipts`), nor people muted by the asker or who muted the asker.
 */
export const getReadReceipts = defineOperation({
  method: 'GET',
  path: '/messages/{message_id}/read_receipts',
  params: z.object({ message_id: idParam('message_id') }),
  response: envelope({ user_ids: z.array(z.number().int()) }),
  check: (_, ctx) => requireFeature(FL.readReceipts, l10n.t('read receipts'), ctx),
});
