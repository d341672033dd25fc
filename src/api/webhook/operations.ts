import * as z from 'zod';
import { defineOperation } from '../operation';
import { OutgoingWebhookPayload, WebhookReply } from './models';

/**
 * 21. `POST /chat-outgoing-webhook`: the service POSTs `payload` to a bot and reads the bot's
 * reply; the client never sends it (the path is `/zulip-outgoing-webhook` on the `zulip` flavour,
 * see `outgoingWebhookPath`).
 */
const outgoingWebhook = defineOperation({
  method: 'POST',
  path: '/chat-outgoing-webhook',
  params: z.object({}),
  payload: OutgoingWebhookPayload,
  response: WebhookReply,
});
/** The request the service sends to an outgoing-webhook bot. */
export const webhookOperations = {
  'POST /chat-outgoing-webhook': outgoingWebhook,
} as const;
