/**
 * A message going out, sent now (`POST /messages`) or scheduled (`/scheduled_messages`): its type in
 * either spelling, its recipients, and the topic and content rules both operations check.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { FL } from '../features';
import type { CallContext } from '../operation';
import { idParam } from '../params';
import { checkContent, checkTopic } from '../validation';

/** Every message-type name a caller may use; the request carries the one the server understands. */
export const TypeName = z.enum(['channel', 'stream', 'direct', 'private'], {
  error: () => l10n.t('The message type must be "channel" (or "stream") or "direct" (or "private").'),
});
export type TypeName = z.infer<typeof TypeName>;

export const isChannelType = (type: TypeName) => type === 'channel' || type === 'stream';

/**
 * The message type in this server's words: `channel` from FL.channelMessageType (else `stream`),
 * `direct` from FL.directMessageType (else `private`).
 */
export function typeForServer(type: TypeName, featureLevel: number): TypeName {
  if (isChannelType(type)) return featureLevel >= FL.channelMessageType ? 'channel' : 'stream';
  return featureLevel >= FL.directMessageType ? 'direct' : 'private';
}

export const Recipients = z.union(
  [idParam('to'), z.array(idParam('to')).min(1, { error: () => l10n.t('Choose at least one recipient.') })],
  { error: () => l10n.t('The recipient must be a channel ID or a list of user IDs.') },
);

/** Topic rules for a message to a channel (`topic` absent counts as the empty topic). */
function checkChannelTopic(topic: string | undefined, ctx: CallContext): void {
  checkTopic(topic ?? '', ctx.limits, ctx.route);
}

/** `to` must fit the type: one channel (ID or name) for channel messages, users for direct ones. */
export function checkRecipients(type: TypeName, to: unknown, ctx: CallContext): void {
  if (isChannelType(type) && Array.isArray(to) && to.length !== 1) {
    throw new ValidationError(l10n.t('A channel message goes to one channel: give its ID.'), ctx.route, 'to');
  }
}

export function encodeRecipients(type: TypeName, to: unknown): unknown {
  if (!isChannelType(type) && !Array.isArray(to)) return [to];
  if (isChannelType(type) && Array.isArray(to)) return to[0];
  return to;
}

/** What a new message and a new scheduled message share: recipients, topic and content rules. */
interface Outgoing {
  type: TypeName;
  to: unknown;
  topic?: string;
  content: string;
}

export function checkOutgoing(p: Outgoing, ctx: CallContext): void {
  checkRecipients(p.type, p.to, ctx);
  if (isChannelType(p.type)) checkChannelTopic(p.topic, ctx);
  checkContent(p.content, ctx.limits, ctx.route);
}

/** The type name this server understands; the topic only for channel messages. */
export function encodeOutgoing(p: Outgoing, ctx: CallContext): Record<string, unknown> {
  return {
    ...p,
    type: typeForServer(p.type, ctx.server.featureLevel),
    to: encodeRecipients(p.type, p.to),
    topic: isChannelType(p.type) ? p.topic : undefined,
  };
}
