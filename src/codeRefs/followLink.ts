/**
 * Links that survive moves: a `with` link (feature level 271) names a message, and its
 * conversation is wherever that message is now. Asks the server for the message (an `id` narrow,
 * which every supported server answers) and gives its current conversation; the link's own when the
 * message cannot be read (deleted, no access, the server unreachable).
 */
import type { ChatClient } from '../api/client';
import { getMessages } from '../api/messages/routes';
import type { NarrowTarget } from './narrowUrl';

export async function followLink(client: ChatClient, target: NarrowTarget, ownUserId: number): Promise<NarrowTarget> {
  const id = target.messageId;
  if (!target.follow || id === undefined) return target;
  try {
    const { messages } = await getMessages(client, {
      anchor: id,
      num_before: 0,
      num_after: 0,
      apply_markdown: false,
      narrow: [{ operator: 'id', operand: id }],
    });
    const message = messages.find((m) => m.id === id);
    if (!message) return target;
    if (message.type === 'stream' && message.stream_id !== undefined)
      return { kind: 'channel', streamId: message.stream_id, topic: message.subject, messageId: id, follow: true };
    const people = Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id) : [];
    const others = people.filter((u) => u !== ownUserId);
    return { kind: 'dm', userIds: others.length > 0 ? others : people, messageId: id, follow: true };
  } catch {
    return target;
  }
}
