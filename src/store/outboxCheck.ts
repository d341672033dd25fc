/**
 * The outbox's duplicate check: a send whose outcome is unknown (no reply: time-out, reset, 5xx, or
 * the process died) leaves `sendStartedAt` set. Before such an entry is sent again, the
 * conversation's newest messages from oneself are fetched with `apply_markdown: false` (raw
 * Markdown, so the text is compared exactly, after the server's own normalisation: leading newlines
 * and trailing whitespace dropped), and a message with the same text, sent at or after `createdAt`
 * minus {@link DEFAULT_CLOCK_SKEW_MS} and newer than any message the outbox had delivered when the
 * send began (`afterMessageId`), counts as the delivery.
 */
import type { ChatClient } from '../api/client';
import { channel, dm, sender, topic, type Narrow } from '../api/messages/narrow';
import { getMessages } from '../api/messages/routes';
import type { OutboxEntry } from './outboxEntry';

/**
 * Server clock behind ours by up to this still finds a delivered message (and a same-text one sent this long before
 * counts).
 */
export const DEFAULT_CLOCK_SKEW_MS = 2 * 60_000;
/** One's own newest messages in the conversation read by the duplicate check. */
export const CHECK_COUNT = 50;

/** The check cannot be made yet (one's own user id is not known). */
export class CannotCheck extends Error {}

/** The id of the message an earlier send of `entry` delivered, or undefined (see the file comment). */
export async function findDelivered(
  entry: OutboxEntry,
  { client, ownUserId }: { readonly client: ChatClient; readonly ownUserId?: number },
  options: { readonly clockSkewMs?: number; readonly timeoutMs: number },
): Promise<number | undefined> {
  if (ownUserId === undefined) throw new CannotCheck();
  const to = entry.to;
  const narrow: Narrow =
    to.type === 'stream'
      ? [channel(to.streamId), topic(to.topic), sender(ownUserId)]
      : [dm(to.userIds), sender(ownUserId)];
  const { messages } = await getMessages(
    client,
    {
      anchor: 'newest',
      num_before: CHECK_COUNT,
      num_after: 0,
      narrow,
      apply_markdown: false,
      allow_empty_topic_name: true,
    },
    { timeoutMs: options.timeoutMs },
  );
  const since = Math.floor((entry.createdAt - (options.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS)) / 1000);
  const text = normalizeSent(entry.sentContent ?? entry.content);
  const found = messages.find(
    (m) =>
      m.sender_id === ownUserId &&
      m.timestamp >= since &&
      m.id > (entry.afterMessageId ?? 0) &&
      normalizeSent(m.content) === text,
  );
  return found?.id;
}

/** The text as the server stores it: without leading newlines and trailing whitespace. */
function normalizeSent(text: string): string {
  return text.replace(/^\n+/, '').trimEnd();
}
