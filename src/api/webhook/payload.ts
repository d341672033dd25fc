import * as l10n from '@vscode/l10n';
import { timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../errors';
import type { NameFlavor } from '../features';
import { OutgoingWebhookPayload, WebhookReply } from './models';
import { parseWith } from '../parse';
import { formatZodError } from '../validation';

/**
 * Outgoing webhooks (docs/API.md operation 21): the service POSTs a payload to a bot's endpoint and
 * posts the bot's reply. Plain functions for a receiver; no HTTP server here.
 */

const ROUTE = 'POST /chat-outgoing-webhook';

/** The webhook path in a server's spelling (docs/API.md, "Names"). */
export function outgoingWebhookPath(flavor: NameFlavor): string {
  return flavor === 'zulip' ? '/zulip-outgoing-webhook' : '/chat-outgoing-webhook';
}

/**
 * Parses a webhook request body (JSON text or already-parsed JSON). The trigger
 * `private_message` of older servers reads as `direct_message`; unknown triggers as `'unknown'`.
 * Throws `ValidationError` when the body is not a webhook payload.
 */
export function parseOutgoingWebhookPayload(json: unknown): OutgoingWebhookPayload {
  let value = json;
  if (typeof json === 'string' || Buffer.isBuffer(json)) {
    try {
      value = JSON.parse(json.toString());
    } catch {
      throw new ValidationError(l10n.t('The outgoing webhook payload is not JSON.'), ROUTE);
    }
  }
  const parsed = parseWith(OutgoingWebhookPayload, value);
  if (!parsed.success) {
    const { message, field } = formatZodError(parsed.error);
    throw new ValidationError(l10n.t('The outgoing webhook payload was not understood: {0}', message), ROUTE, field);
  }
  return parsed.data;
}

/**
 * Whether the payload carries the bot's token, compared in constant time so the comparison
 * does not reveal how much of a guess was right. Different lengths are simply false.
 */
export function verifyWebhookToken(payload: { token?: unknown }, expectedToken: string): boolean {
  if (typeof payload?.token !== 'string' || expectedToken.length === 0) return false;
  const given = Buffer.from(payload.token, 'utf8');
  const expected = Buffer.from(expectedToken, 'utf8');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}

/** The bot's answer: `{content}` posts a reply; `{noResponse: true}` posts nothing. */
export function webhookReply(reply: { content: string } | { noResponse: true }): WebhookReply {
  const body = 'noResponse' in reply ? { response_not_required: true as const } : { content: reply.content };
  const parsed = parseWith(WebhookReply, body);
  if (!parsed.success) throw new ValidationError(formatZodError(parsed.error).message, ROUTE, 'content');
  return parsed.data;
}
