/**
 * The conversation cache of one account: the newest messages (at most {@link CACHED_MESSAGES})
 * of recently opened conversations and of the Inbox's top ones, so a conversation opens at once
 * after a reload or while the server cannot be reached (issue 24, item 2).
 *
 * Bounded by bytes, not by count: the cache's size is what its file takes (each conversation's
 * encoded section, its line in the header, and {@link HEADER_RESERVE_BYTES} for the rest of the
 * header), at most {@link CONVERSATION_CACHE_BYTES}; the least recently used conversation goes
 * first. A conversation too big for the cap alone is not kept.
 *
 * Saved conversations (snapshotCache.ts) are kept as their saved bytes and parsed only when one is
 * opened, or when an event touches messages (then all at once): an edit, deletion, reaction or
 * flag updates the cached copies, a move takes a message out of a conversation it no longer
 * belongs to and into a cached one it now does. New messages are not added here: a conversation is
 * saved again from its view, and reconciled with the server when opened.
 */
import type { ChatEvent } from '../api/events/models';
import type { Message } from '../api/messages/models';
import { factsOf, matchesLocally, narrowOf } from '../messageList/narrow';
import { contentTargets, moveOf, reduceMessage } from '../store/reducers/messageContent';
import { CACHED_MESSAGES, type CachedConversation, type SavedConversations } from './snapshotCache';

/** The cap of each account's conversation cache (its file), in bytes: 4 MiB. */
export const CONVERSATION_CACHE_BYTES = 4 * 1024 * 1024;
/** Counted once for the header's fixed part (format, account, server, time): the file never exceeds the cap. */
export const HEADER_RESERVE_BYTES = 1024;

interface Entry {
  /** Parsed (opened, or touched by an event); undefined while only the saved bytes are held. */
  conversation?: CachedConversation;
  /** The encoded section. */
  body: Buffer;
  /** What the entry adds to the file (see costOf). */
  cost: number;
}

const SHA1_HEX = '0'.repeat(40);

/** The bytes `key`'s section adds to the file: its body and newline, and its header entry with a comma. */
function costOf(key: string, bodyBytes: number): number {
  return bodyBytes + 1 + Buffer.byteLength(`${JSON.stringify(key)}:{"bytes":${bodyBytes},"sha1":"${SHA1_HEX}"},`);
}

function encode(c: CachedConversation): Buffer {
  return Buffer.from(JSON.stringify({ narrow: c.narrow, foundOldest: c.foundOldest, messages: c.messages }));
}

function decode(body: Buffer): CachedConversation | undefined {
  try {
    const c = JSON.parse(body.toString('utf8')) as Partial<CachedConversation> | null;
    if (
      typeof c !== 'object' ||
      c === null ||
      !Array.isArray(c.messages) ||
      !Array.isArray(c.narrow) ||
      typeof c.foundOldest !== 'boolean'
    )
      return undefined;
    if (c.messages.some((m: Partial<Message> | null) => typeof m?.id !== 'number')) return undefined;
    return c as CachedConversation;
  } catch {
    return undefined;
  }
}

/** The newest {@link CACHED_MESSAGES} of `messages` (ascending ids); `foundOldest` only when none was cut. */
function bounded(c: CachedConversation): CachedConversation {
  if (c.messages.length <= CACHED_MESSAGES) return c;
  return { ...c, messages: c.messages.slice(-CACHED_MESSAGES), foundOldest: false };
}

export class ConversationCache {
  /** In use order: least recently used first. */
  readonly #entries = new Map<string, Entry>();
  #bytes = HEADER_RESERVE_BYTES;

  constructor(
    readonly capBytes = CONVERSATION_CACHE_BYTES,
    saved?: SavedConversations,
  ) {
    for (const key of saved?.keys ?? []) {
      const body = saved!.body(key);
      if (!body) break; // the file was discarded
      this.#set(key, { body, cost: costOf(key, body.length) });
    }
    this.#evict();
  }

  /** The cache's size: what its file takes at most (see the file comment). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Keys, least recently used first. */
  keys(): string[] {
    return [...this.#entries.keys()];
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** What the conversation adds to the size (tests, and the bench). */
  costOf(key: string): number | undefined {
    return this.#entries.get(key)?.cost;
  }

  /** The cached conversation (parsed on first use; a body that does not parse is dropped). */
  get(key: string): CachedConversation | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (!entry.conversation) {
      entry.conversation = decode(entry.body);
      if (!entry.conversation) this.delete(key);
    }
    return entry.conversation;
  }

  /**
   * Keeps `conversation` as the most recently used (its newest messages), evicting the least recently used beyond the
   * cap.
   */
  put(key: string, conversation: CachedConversation): void {
    const c = bounded(conversation);
    const body = encode(c);
    this.delete(key);
    this.#set(key, { conversation: c, body, cost: costOf(key, body.length) });
    this.#evict();
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.cost;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = HEADER_RESERVE_BYTES;
  }

  /** The sections to save, least recently used first. */
  sections(): (readonly [string, Buffer])[] {
    return [...this.#entries].map(([key, e]) => [key, e.body] as const);
  }

  /**
   * Applies a batch of events the store applied: edits, deletions, moves, reactions, flags of
   * cached messages. True when something changed (to be saved).
   */
  apply(events: readonly ChatEvent[], ownUserId: number): boolean {
    const touching = events.filter((e) => e.type === 'delete_message' || contentTargets(e).length !== 0);
    if (touching.length === 0 || this.#entries.size === 0) return false;
    const all = new Map<string, CachedConversation>();
    for (const key of this.keys()) {
      const c = this.get(key);
      if (c) all.set(key, c);
    }
    const changed = new Set<string>();
    for (const event of touching) {
      if (event.type === 'delete_message') {
        const gone = new Set(event.message_ids);
        for (const [key, c] of all) {
          if (!c.messages.some((m) => gone.has(m.id))) continue;
          all.set(key, { ...c, messages: c.messages.filter((m) => !gone.has(m.id)) });
          changed.add(key);
        }
        continue;
      }
      const targets = contentTargets(event);
      const hit = (id: number): boolean => targets === 'all' || targets.includes(id);
      const moved = new Map<number, Message>();
      const move = event.type === 'update_message' ? moveOf(event) : undefined;
      for (const [key, c] of all) {
        if (!c.messages.some((m) => hit(m.id))) continue;
        const narrow = narrowOf(c.narrow);
        let messages = c.messages.map((m) => (hit(m.id) ? reduceMessage(m, event) : m));
        if (move) {
          for (const m of messages) if (hit(m.id)) moved.set(m.id, m);
          messages = messages.filter((m) => !hit(m.id) || matchesLocally(narrow, factsOf(m), ownUserId) !== false);
        }
        if (messages.some((m, i) => m !== c.messages[i]) || messages.length !== c.messages.length) {
          all.set(key, { ...c, messages });
          changed.add(key);
        }
      }
      // Moved into a cached conversation: kept there when it falls within the cached range.
      for (const m of moved.values()) {
        for (const [key, c] of all) {
          if (
            c.messages.some((x) => x.id === m.id) ||
            matchesLocally(narrowOf(c.narrow), factsOf(m), ownUserId) !== true
          )
            continue;
          const oldest = c.messages[0]?.id;
          if (!c.foundOldest && (oldest === undefined || m.id < oldest)) continue;
          all.set(key, bounded({ ...c, messages: [...c.messages, m].sort((a, b) => a.id - b.id) }));
          changed.add(key);
        }
      }
    }
    // Re-encoded in place: an update is not a use.
    for (const key of changed) {
      const c = all.get(key)!;
      const body = encode(c);
      const entry = this.#entries.get(key)!;
      this.#bytes += costOf(key, body.length) - entry.cost;
      Object.assign(entry, { conversation: c, body, cost: costOf(key, body.length) });
    }
    this.#evict();
    return changed.size > 0;
  }

  #set(key: string, entry: Entry): void {
    this.#entries.set(key, entry);
    this.#bytes += entry.cost;
  }

  /** Least recently used first, until the size is within the cap. */
  #evict(): void {
    for (const key of this.#entries.keys()) {
      if (this.#bytes <= this.capBytes) return;
      this.delete(key);
    }
  }
}
