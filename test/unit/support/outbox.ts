// Shared by the outbox suites: storage in memory, timers fired by hand, and what another user
// (the reader) sees of the sender's messages, read from the local server over HTTP.
import type { ChatClient } from '../../../src/api';
import { channel, dm, sender, topic } from '../../../src/api/messages/narrow';
import { getMessages } from '../../../src/api/messages/routes';
import type { Timers } from '../../../src/store/pinger';
import type { OutboxDestination, OutboxEntry, OutboxStorage } from '../../../src/store/outbox';

/** Storage in memory: what was saved last, and how many times. */
export class MemoryStorage implements OutboxStorage {
  saves = 0;
  constructor(public saved: OutboxEntry[] = []) {}
  load(): Promise<OutboxEntry[]> {
    return Promise.resolve(this.saved.map((e) => ({ ...e })));
  }
  save(entries: readonly OutboxEntry[]): Promise<void> {
    this.saves++;
    this.saved = entries.map((e) => ({ ...e }));
    return Promise.resolve();
  }
}

export interface FakeTimers extends Timers {
  /** The delays of the timers armed and not yet fired or cleared. */
  pending(): number[];
  /** Fires every pending timer. */
  runAll(): void;
}

export function fakeTimers(): FakeTimers {
  let next = 1;
  const timers = new Map<number, { run: () => void; ms: number }>();
  return {
    setTimeout: (run, ms) => {
      timers.set(next, { run, ms });
      return next++;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    pending: () => [...timers.values()].map((t) => t.ms),
    runAll() {
      const due = [...timers.values()];
      timers.clear();
      for (const t of due) t.run();
    },
  };
}

/** The conversation `to` of `senderId`'s, from anyone's side (a direct one names everybody in it). */
function conversation(to: OutboxDestination, senderId: number) {
  return to.type === 'stream' ? [channel(to.streamId), topic(to.topic)] : [dm([...new Set([...to.userIds, senderId])])];
}

/** The raw texts of `senderId`'s messages in the conversation, oldest first, as `reader` sees them. */
export async function sentTexts(reader: ChatClient, to: OutboxDestination, senderId: number): Promise<string[]> {
  const narrow = [...conversation(to, senderId), sender(senderId)];
  const { messages } = await getMessages(reader, {
    anchor: 'newest',
    num_before: 1000,
    num_after: 0,
    narrow,
    apply_markdown: false,
  });
  return messages.map((m) => m.content);
}

/** The ids and raw texts of `senderId`'s messages in several conversations, in the order the server stored them. */
export async function sentInOrder(
  reader: ChatClient,
  conversations: OutboxDestination[],
  senderId: number,
  marker: string,
): Promise<string[]> {
  const all: { id: number; content: string }[] = [];
  for (const to of conversations) {
    const narrow = [...conversation(to, senderId), sender(senderId)];
    const { messages } = await getMessages(reader, {
      anchor: 'newest',
      num_before: 1000,
      num_after: 0,
      narrow,
      apply_markdown: false,
    });
    all.push(...messages.filter((m) => m.content.includes(marker)));
  }
  return all.sort((a, b) => a.id - b.id).map((m) => m.content);
}

/** Waits until `condition()` holds (polling; generous for a busy machine), else fails naming `what`. */
export async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
