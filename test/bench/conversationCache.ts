import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatClient } from '../../src/api';
import type { Message } from '../../src/api/messages/models';
import { getMessages } from '../../src/api/messages/routes';
import { MessageList, type MessageListSource } from '../../src/messageList';
import { topicNarrow } from '../../src/messageList/narrow';
import { CONVERSATION_CACHE_BYTES, ConversationCache } from '../../src/session/conversationCache';
import { CACHED_MESSAGES, SnapshotCache } from '../../src/session/snapshotCache';
import { median, type BenchResult } from './stats';

/** The target: opening a cached conversation after a reload ≤ 1.2× reading the cache file. */
const TARGET = 1.2;
const RUNS = 9;
/** How many conversations are opened (each kept with its newest {@link CACHED_MESSAGES}). */
const CONVERSATIONS = 500;

const silent = {
  info: () => undefined,
  warn: (m: string) => {
    throw new Error(m);
  },
};
const noEvents = { dispose: () => undefined };

/**
 * The conversation cache (issue 24, item 2), in plain Node with the extension's modules, with
 * messages as the large organisation's server renders them (its newest 100, each conversation a
 * copy under its own topic and ids):
 *  - size: 500 conversations opened one after the other (each put in the cache, as a view does):
 *    the file written must stay within the cap;
 *  - opening a cached conversation after a reload, from a cold file read: `SnapshotCache.readMessages`
 *    → the account's `ConversationCache` → the most recently used conversation → a new
 *    `MessageList` seeded with it and its messages read (what the view posts to its page);
 *    baseline: `fs.readFile` of that file + `JSON.parse` of each of its lines (the whole cache).
 * Runs alternate; medians.
 */
export async function benchConversationCache(
  client: ChatClient,
  accountId: string,
  realmUrl: string,
  ownUserId: number,
): Promise<BenchResult[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'team-chat-bench-conversations-'));
  try {
    const { messages: sample } = await getMessages(client, {
      anchor: 'newest',
      num_before: CACHED_MESSAGES,
      num_after: 0,
      narrow: [],
      apply_markdown: true,
      client_gravatar: false,
    });
    if (sample.length < CACHED_MESSAGES)
      throw new Error(`the server gave ${sample.length} messages, not ${CACHED_MESSAGES}`);
    const streamId = sample.find((m) => m.stream_id !== undefined)?.stream_id ?? 1;
    const conversation = (i: number): { key: string; narrow: ReturnType<typeof topicNarrow>; messages: Message[] } => {
      const topic = `cached conversation ${i}`;
      const messages = sample.map((m, j) => ({
        ...m,
        id: (i + 1) * 1_000 + j,
        type: 'stream' as const,
        stream_id: streamId,
        subject: topic,
      }));
      return { key: JSON.stringify(['topic', streamId, topic, null]), narrow: topicNarrow(streamId, topic), messages };
    };
    const cache = new ConversationCache();
    let largest = cache.bytes;
    for (let i = 0; i < CONVERSATIONS; i++) {
      const c = conversation(i);
      cache.put(c.key, { narrow: c.narrow.terms, messages: c.messages, foundOldest: false });
      largest = Math.max(largest, cache.bytes);
    }
    const store = new SnapshotCache(dir, silent);
    await store.writeMessages(accountId, realmUrl, cache.sections());
    const file = store.messagesFileOf(accountId);
    const bytes = (await fs.stat(file)).size;
    const last = conversation(CONVERSATIONS - 1);

    const baseline = async (): Promise<number> => {
      const t0 = performance.now();
      for (const line of (await fs.readFile(file, 'utf8')).split('\n')) if (line) JSON.parse(line);
      return performance.now() - t0;
    };
    const source = {
      client,
      store: { ownUserId, onDidApplyEvents: () => noEvents, onDidChange: () => noEvents },
    } as unknown as MessageListSource;
    const open = async (): Promise<number> => {
      const t0 = performance.now();
      const saved = await new SnapshotCache(dir, silent).readMessages(accountId, realmUrl);
      const cached = new ConversationCache(undefined, saved).get(last.key);
      if (!cached) throw new Error('the last conversation is not in the cache');
      const list = new MessageList(source, last.narrow);
      list.seed(cached.messages, cached.foundOldest);
      const shown = list.messages();
      const elapsed = performance.now() - t0;
      if (shown.length !== CACHED_MESSAGES || !list.seeded) throw new Error(`${shown.length} messages shown`);
      list.dispose();
      return elapsed;
    };
    await baseline();
    await open(); // warm-up
    const base: number[] = [];
    const measured: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      base.push(await baseline());
      measured.push(await open());
    }
    const b = median(base);
    const m = median(measured);
    const mib = (n: number): string => `${(n / 1024 / 1024).toFixed(2)} MiB`;
    return [
      {
        name: `conversation cache: ${CONVERSATIONS} conversations of ${CACHED_MESSAGES} messages opened, its file (${cache.keys().length} kept, the least recently used evicted; largest size counted ${mib(largest)}) / its cap (${mib(CONVERSATION_CACHE_BYTES)})`,
        value: bytes / CONVERSATION_CACHE_BYTES,
        unit: 'x',
        target: '<= 1x',
        ok: bytes <= CONVERSATION_CACHE_BYTES && largest <= CONVERSATION_CACHE_BYTES,
        detail: [`file ${bytes} bytes, cap ${CONVERSATION_CACHE_BYTES} bytes`],
      },
      {
        name: `conversation cache: file read + JSON.parse of every line (${mib(bytes)}; baseline)`,
        value: b,
        unit: 'ms',
      },
      {
        name: 'conversation cache: open a cached conversation after a reload (read the file, its section, a list seeded)',
        value: m,
        unit: 'ms',
      },
      {
        name: 'conversation cache: opening a cached conversation / cache file read+parse',
        value: m / b,
        unit: 'x',
        target: `<= ${TARGET}x`,
        ok: m / b <= TARGET,
      },
    ];
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
