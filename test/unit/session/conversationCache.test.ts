// The conversation cache (src/session/conversationCache.ts): at most 100 messages per
// conversation, a byte cap counted exactly as its file takes it, least recently used evicted at the
// limit, and edits, deletions, moves and reactions of cached messages applied to the copies.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatEvent } from '../../../src/api/events/models';
import { parseEvent } from '../../../src/api/events/parse';
import type { Message } from '../../../src/api/messages/models';
import { topicNarrow } from '../../../src/messageList/narrow';
import {
  CONVERSATION_CACHE_BYTES,
  ConversationCache,
  HEADER_RESERVE_BYTES,
} from '../../../src/session/conversationCache';
import { CACHED_MESSAGES, SnapshotCache, type CachedConversation } from '../../../src/session/snapshotCache';

const ALICE = 11;
const GENERAL = 1;
const ACCOUNT = 'http://chat.example|11';
const REALM = 'http://chat.example';

function event(raw: Record<string, unknown>): ChatEvent {
  const parsed = parseEvent({ id: 1, ...raw });
  if (!parsed.ok) throw new Error(`not an event: ${JSON.stringify(raw)}`);
  return parsed.event;
}

function message(id: number, topic = 'lunch', extra: Partial<Message> = {}): Message {
  return {
    id,
    type: 'stream',
    sender_id: ALICE,
    sender_email: 'u11@example.com',
    sender_full_name: 'alice',
    sender_realm_str: 'r',
    avatar_url: null,
    client: 'test',
    content: `<p>message ${id}</p>`,
    content_type: 'text/html',
    display_recipient: 'general',
    recipient_id: 5,
    stream_id: GENERAL,
    subject: topic,
    topic_links: [],
    is_me_message: false,
    timestamp: 1_700_000_000 + id,
    reactions: [],
    submessages: [],
    flags: [],
    ...extra,
  };
}

/** A topic of #general with messages `from`..`to` (ids), as a view saves it. */
function topic(name: string, from: number, to: number, foundOldest = false): CachedConversation {
  const messages = Array.from({ length: to - from + 1 }, (_, i) => message(from + i, name));
  return { narrow: topicNarrow(GENERAL, name).terms, messages, foundOldest };
}
const key = (name: string): string => JSON.stringify(['topic', GENERAL, name, null]);
const ids = (c: CachedConversation | undefined): number[] => (c?.messages ?? []).map((m) => m.id);

/** What each conversation costs, measured in a cache with room for everything. */
function costs(conversations: Record<string, CachedConversation>): Record<string, number> {
  const roomy = new ConversationCache(Number.MAX_SAFE_INTEGER);
  for (const [k, c] of Object.entries(conversations)) roomy.put(k, c);
  return Object.fromEntries(Object.keys(conversations).map((k) => [k, roomy.costOf(k)!]));
}

describe('conversation cache', () => {
  it('keeps the newest 100 messages of a conversation; reaching the oldest only when none was cut', () => {
    assert.equal(CACHED_MESSAGES, 100);
    const cache = new ConversationCache();
    cache.put(key('long'), topic('long', 1, 150, true));
    assert.deepEqual(
      ids(cache.get(key('long'))),
      Array.from({ length: 100 }, (_, i) => 51 + i),
    );
    assert.equal(cache.get(key('long'))!.foundOldest, false);
    cache.put(key('short'), topic('short', 1, 100, true));
    assert.equal(cache.get(key('short'))!.messages.length, 100);
    assert.equal(cache.get(key('short'))!.foundOldest, true);
  });

  it('counts its size as its file takes it: the header reserve and each conversation', () => {
    assert.equal(CONVERSATION_CACHE_BYTES, 4 * 1024 * 1024);
    assert.equal(HEADER_RESERVE_BYTES, 1024);
    const cache = new ConversationCache();
    assert.equal(cache.bytes, 1024);
    const a = topic('a', 1, 3);
    cache.put(key('a'), a);
    const body = JSON.stringify({ narrow: a.narrow, foundOldest: a.foundOldest, messages: a.messages });
    const headerEntry = `${JSON.stringify(key('a'))}:{"bytes":${Buffer.byteLength(body)},"sha1":"${'0'.repeat(40)}"},`;
    assert.equal(cache.costOf(key('a')), Buffer.byteLength(body) + 1 + Buffer.byteLength(headerEntry));
    assert.equal(cache.bytes, 1024 + cache.costOf(key('a'))!);
  });

  it('evicts the least recently used conversation exactly when the cap would be passed', () => {
    const conversations = {
      [key('a')]: topic('a', 1, 20),
      [key('b')]: topic('b', 21, 40),
      [key('c')]: topic('c', 41, 60),
    };
    const cost = costs(conversations);
    // Room for a and b exactly: both kept, the size at the cap.
    const exact = new ConversationCache(HEADER_RESERVE_BYTES + cost[key('a')]! + cost[key('b')]!);
    exact.put(key('a'), conversations[key('a')]!);
    exact.put(key('b'), conversations[key('b')]!);
    assert.deepEqual(exact.keys(), [key('a'), key('b')]);
    assert.equal(exact.bytes, exact.capBytes);
    // One byte less: a goes when b comes.
    const short = new ConversationCache(HEADER_RESERVE_BYTES + cost[key('a')]! + cost[key('b')]! - 1);
    short.put(key('a'), conversations[key('a')]!);
    short.put(key('b'), conversations[key('b')]!);
    assert.deepEqual(short.keys(), [key('b')]);
    assert.equal(short.bytes, HEADER_RESERVE_BYTES + cost[key('b')]!);
    // Used again, a is the most recent: c pushes b out, not a.
    const lru = new ConversationCache(
      HEADER_RESERVE_BYTES + Math.max(cost[key('a')]! + cost[key('c')]!, cost[key('a')]! + cost[key('b')]!),
    );
    lru.put(key('a'), conversations[key('a')]!);
    lru.put(key('b'), conversations[key('b')]!);
    lru.put(key('a'), conversations[key('a')]!);
    lru.put(key('c'), conversations[key('c')]!);
    assert.deepEqual(lru.keys(), [key('a'), key('c')]);
    assert.ok(lru.bytes <= lru.capBytes);
  });

  it('keeps no conversation too big for the cap alone, and drops its older copy', () => {
    const small = topic('a', 1, 2);
    const cost = costs({ [key('a')]: small })[key('a')]!;
    const cache = new ConversationCache(HEADER_RESERVE_BYTES + cost);
    cache.put(key('a'), small);
    assert.deepEqual(cache.keys(), [key('a')]);
    cache.put(key('a'), topic('a', 1, 3));
    assert.deepEqual(cache.keys(), []);
    assert.equal(cache.bytes, HEADER_RESERVE_BYTES);
  });

  it('applies edits, reactions and deletions of cached messages, in place (not a use), with the size recounted', () => {
    const cache = new ConversationCache();
    cache.put(key('a'), topic('a', 1, 5));
    cache.put(key('b'), topic('b', 6, 8));
    const own = ALICE;
    assert.equal(
      cache.apply(
        [
          event({
            type: 'typing',
            op: 'start',
            sender: { user_id: 2, email: 'b@x' },
            recipients: [],
            message_type: 'direct',
          }),
        ],
        own,
      ),
      false,
    );
    const edited = cache.apply(
      [
        event({
          type: 'update_message',
          message_id: 3,
          message_ids: [3],
          rendered_content: '<p>edited</p>',
          content: 'edited',
          edit_timestamp: 2000,
          user_id: ALICE,
          flags: [],
        }),
      ],
      own,
    );
    assert.equal(edited, true);
    assert.equal(cache.get(key('a'))!.messages[2]!.content, '<p>edited</p>');
    assert.equal(cache.get(key('a'))!.messages[2]!.last_edit_timestamp, 2000);
    cache.apply(
      [
        event({
          type: 'reaction',
          op: 'add',
          message_id: 7,
          user_id: 2,
          emoji_name: 'smile',
          emoji_code: '1f604',
          reaction_type: 'unicode_emoji',
        }),
      ],
      own,
    );
    assert.deepEqual(
      cache.get(key('b'))!.messages[1]!.reactions.map((r) => r.emoji_name),
      ['smile'],
    );
    cache.apply(
      [event({ type: 'delete_message', message_ids: [2, 8], message_type: 'stream', stream_id: GENERAL, topic: 'a' })],
      own,
    );
    assert.deepEqual(ids(cache.get(key('a'))), [1, 3, 4, 5]);
    assert.deepEqual(ids(cache.get(key('b'))), [6, 7]);
    assert.deepEqual(cache.keys(), [key('a'), key('b')], 'an update does not make a conversation recently used');
    const recount = costs({ [key('a')]: cache.get(key('a'))!, [key('b')]: cache.get(key('b'))! });
    assert.equal(cache.bytes, HEADER_RESERVE_BYTES + recount[key('a')]! + recount[key('b')]!);
    assert.equal(
      cache.apply(
        [event({ type: 'delete_message', message_ids: [99], message_type: 'stream', stream_id: GENERAL, topic: 'a' })],
        own,
      ),
      false,
      'nothing cached changed',
    );
  });

  it('moves: out of the conversation a message left, into a cached one when within its range', () => {
    const cache = new ConversationCache();
    cache.put(key('from'), topic('from', 10, 14));
    cache.put(key('to'), topic('to', 12, 13)); // 11 would fall before its range, 14 within
    cache.put(key('far'), topic('far', 20, 21));
    const moved = cache.apply(
      [
        event({
          type: 'update_message',
          message_id: 11,
          message_ids: [11, 14],
          stream_id: GENERAL,
          orig_subject: 'from',
          subject: 'to',
          edit_timestamp: 3000,
          user_id: ALICE,
          propagate_mode: 'change_later',
        }),
      ],
      ALICE,
    );
    assert.equal(moved, true);
    assert.deepEqual(ids(cache.get(key('from'))), [10, 12, 13]);
    assert.deepEqual(ids(cache.get(key('to'))), [12, 13, 14]);
    assert.equal(cache.get(key('to'))!.messages[2]!.subject, 'to');
    assert.deepEqual(ids(cache.get(key('far'))), [20, 21]);
  });

  it('a saved cache is read lazily, evicted to a smaller cap, and its file stays within the cap', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-conv-'));
    try {
      const store = new SnapshotCache(dir, { info: () => undefined, warn: (m) => assert.fail(m) });
      const conversations = {
        [key('a')]: topic('a', 1, 100),
        [key('b')]: topic('b', 101, 200),
        [key('c')]: topic('c', 201, 300),
      };
      const cost = costs(conversations);
      const cap = HEADER_RESERVE_BYTES + cost[key('b')]! + cost[key('c')]!;
      const cache = new ConversationCache(cap);
      for (const [k, c] of Object.entries(conversations)) cache.put(k, c);
      assert.deepEqual(cache.keys(), [key('b'), key('c')]);
      await store.writeMessages(ACCOUNT, REALM, cache.sections());
      const size = fs.statSync(store.messagesFileOf(ACCOUNT)).size;
      assert.ok(size <= cap, `the file is ${size} bytes, the cap ${cap}`);
      const saved = (await store.readMessages(ACCOUNT, REALM))!;
      const back = new ConversationCache(cap, saved);
      assert.equal(back.bytes, cache.bytes);
      assert.deepEqual(ids(back.get(key('c'))), ids(conversations[key('c')]));
      const smaller = new ConversationCache(cap - 1, saved);
      assert.deepEqual(smaller.keys(), [key('c')], 'the least recently used goes first');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
