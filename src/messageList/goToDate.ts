import type { ChatClient } from '../api/client';
import { FL } from '../api/features';
import type { Message } from '../api/messages/models';
import type { Narrow } from '../api/messages/narrow';
import { getMessages } from '../api/messages/routes';
import { anchorDateParam } from './dateInput';

/** Whether the server finds messages by date (`anchor=date`, FL.anchorDate): "Go to Date…" is offered. */
export function findsByDate(featureLevel: number): boolean {
  return featureLevel >= FL.anchorDate;
}

/**
 * The first message of `narrow` sent on or after `date` (`anchor=date`, feature level 445), or
 * undefined when there is none. One message after the anchor is asked for too: a server whose
 * date anchor is not itself in the narrow (or that answers with the newest message when nothing
 * is that recent) still gives the right one, or none.
 */
export async function firstMessageAt(client: ChatClient, narrow: Narrow, date: Date): Promise<Message | undefined> {
  const page = await getMessages(client, {
    anchor: 'date',
    anchor_date: anchorDateParam(date),
    include_anchor: true,
    num_before: 0,
    num_after: 1,
    narrow,
    apply_markdown: true,
    client_gravatar: true,
    allow_empty_topic_name: true,
  });
  const since = Math.floor(date.getTime() / 1000);
  return page.messages.filter((m) => m.id >= (page.anchor ?? 0) && m.timestamp >= since).sort((a, b) => a.id - b.id)[0];
}
