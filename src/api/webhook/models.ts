import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { pure } from '../parse';
import { lenientEnum } from '../enum';
import { Message } from '../messages/models';

/** Triggers of outgoing webhooks known to the client; others read as `'unknown'`. */
export const WEBHOOK_TRIGGERS = ['mention', 'direct_message'] as const;

/** Servers below FL.webhookDirectMessageTrigger send `private_message` for `direct_message`. */
export const WebhookTrigger = z
  .string()
  .transform(pure((v: string) => (v === 'private_message' ? 'direct_message' : v)))
  .pipe(lenientEnum(WEBHOOK_TRIGGERS));
export type WebhookTrigger = z.output<typeof WebhookTrigger>;

/**
 * The payload the service POSTs to an outgoing webhook bot (docs/API.md, Events 1). `message` is in
 * the format of `GET /messages`, with `rendered_content`; as in the documented example it has no
 * `content_type` (its `content` is always the raw Markdown) and no `flags`.
 */
export const OutgoingWebhookPayload = z.looseObject({
  bot_email: z.string(),
  bot_full_name: z.string(),
  /** Raw Markdown content of the message. */
  data: z.string(),
  trigger: WebhookTrigger,
  /** The bot's fixed authentication token; compare with `verifyWebhookToken`. */
  token: z.string(),
  message: Message.extend({ rendered_content: z.string(), content_type: z.string().optional() }),
});
export type OutgoingWebhookPayload = z.infer<typeof OutgoingWebhookPayload>;

/** The bot's answer: a reply posted in the conversation, or no reply. */
export const WebhookReply = z.union([
  z.strictObject({ content: z.string().min(1, { error: () => l10n.t('The reply cannot be empty.') }) }),
  z.strictObject({ response_not_required: z.literal(true) }),
]);
export type WebhookReply = z.infer<typeof WebhookReply>;
