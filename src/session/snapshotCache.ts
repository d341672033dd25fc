/**
 * Warm start: the last `/register` snapshot of each account, kept in the extension's global
 * storage, so after a window reload the side bar shows the organisation at once while a fresh
 * `/register` is under way (which then replaces it, as every resync does).
 *
 * One file per account (`snapshot-<hash of the account id>.json`), written whole through a
 * temporary file, holding no credentials (the API key lives only in SecretStorage). Its first line
 * is a header: format version, account, server, when it was saved, and the length and SHA-1 of
 * each section that follows, one JSON document a line:
 *  - `first`: the snapshot without the bulky lists the first render does not read — what the
 *    channels tree needs (subscriptions, unreads, settings, groups) and the few users the side bar
 *    names at once (oneself, one's bots, the recent direct conversations);
 *  - `rest`: the lists left out (channels one is not subscribed to, the other users, presence),
 *    parsed only after the first render.
 * The conversation cache (conversationCache.ts: the newest messages of recently opened conversations,
 * at most {@link CACHED_MESSAGES} each, bounded in bytes) is in a second file of the same format,
 * `messages-<hash>.json`, with one section per conversation (named by its key), least recently
 * used first, so opening one parses only its own section; written a few seconds after it changes,
 * while the snapshot is written once per `/register`.
 *
 * The sections were validated when the server sent them, so a section whose length and SHA-1
 * match is trusted as it is (no schema pass before the first render). A file of another version
 * or account, or whose header does not parse, or a section that does not match its checksum or
 * does not parse, is discarded with a log line; the session then starts cold, as before (or, for
 * a later section, goes on with what it has until the server answers).
 */
import { createHash } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import type { RegisterSnapshot } from '../api/events/register';
import type { Message } from '../api/messages/models';
import type { NarrowTerm } from '../api/messages/narrow';

/** Bumped whenever what is saved changes meaning: older files are discarded. */
export const SNAPSHOT_CACHE_VERSION = 2;

/** Snapshot lists the first render does not read, kept in the `rest` section. */
const REST_KEYS = ['never_subscribed', 'unsubscribed', 'realm_non_active_users', 'presences'] as const;

/** The messages file's format (sections per conversation since 3): older files are discarded. */
export const MESSAGES_CACHE_VERSION = 3;

/** The newest messages kept per conversation. */
export const CACHED_MESSAGES = 100;

/** The newest messages of one conversation (ascending ids), its narrow, and whether they reach its oldest. */
export interface CachedConversation {
  readonly narrow: readonly NarrowTerm[];
  readonly messages: readonly Message[];
  readonly foundOldest: boolean;
}
/** Conversations' newest messages, keyed by the conversation view's key string, least recently used first. */
export type CachedMessages = Record<string, CachedConversation>;

/** A saved messages file: its conversations' keys (least recently used first) and their bodies, read when asked. */
export interface SavedConversations {
  readonly keys: readonly string[];
  /** The key's section as saved (checksum verified); undefined (the file discarded, with a log line) when corrupt. */
  body(key: string): Buffer | undefined;
}

interface SectionInfo {
  bytes: number;
  sha1: string;
}
interface CacheHeader {
  version: number;
  accountId: string;
  realmUrl: string;
  savedAt: number;
  sections: Record<string, SectionInfo>;
}

export interface SnapshotCacheLog {
  info(message: string): void;
  warn(message: string): void;
}

/** A saved snapshot, read in steps: what the first render needs at once, the rest when asked. */
export interface CachedState {
  /** The snapshot without the `rest` section's lists (and with only the users named at once). */
  readonly first: RegisterSnapshot;
  /** The whole snapshot; undefined (the file discarded, with a log line) when the rest is corrupt. */
  complete(): RegisterSnapshot | undefined;
  /** When it was saved (ms since the epoch). */
  readonly savedAt: number;
}

const sha1 = (bytes: Buffer): string => createHash('sha1').update(bytes).digest('hex');

/** Splits a snapshot into what the first render reads and the rest (see the file comment). */
export function splitSnapshot(snapshot: RegisterSnapshot): {
  first: RegisterSnapshot;
  rest: Partial<RegisterSnapshot>;
} {
  const first: Record<string, unknown> = { ...snapshot };
  const rest: Record<string, unknown> = {};
  for (const key of REST_KEYS) {
    if (key in first) rest[key] = first[key];
    delete first[key];
  }
  const users = snapshot.realm_users;
  if (users) {
    const own = snapshot.user_id;
    const named = new Set<number>(own === undefined ? [] : [own]);
    for (const c of snapshot.recent_private_conversations ?? []) for (const id of c.user_ids) named.add(id);
    const isFirst = (u: (typeof users)[number]): boolean =>
      named.has(u.user_id) || (u.is_bot && u.bot_owner_id === own);
    first.realm_users = users.filter(isFirst);
    rest.realm_users = users.filter((u) => !isFirst(u));
  }
  return { first: first as RegisterSnapshot, rest: rest as Partial<RegisterSnapshot> };
}

/** The inverse of splitSnapshot. */
function joinSnapshot(first: RegisterSnapshot, rest: Partial<RegisterSnapshot>): RegisterSnapshot {
  const whole = { ...first, ...rest };
  if (first.realm_users || rest.realm_users)
    whole.realm_users = [...(first.realm_users ?? []), ...(rest.realm_users ?? [])];
  return whole;
}

/** A file read by sections: each checked against its checksum and parsed when asked for. */
interface SectionedFile {
  readonly savedAt: number;
  /** The sections' names, in the file's order. */
  readonly names: readonly string[];
  /** The section parsed; undefined (the file discarded, with a log line) when it is corrupt. */
  section<T>(name: string): T | undefined;
  /** The section's bytes, checksum verified; undefined (the file discarded, with a log line) when corrupt. */
  bytes(name: string): Buffer | undefined;
  /** Discards the file with a log line; returns undefined. */
  problem(why: string): undefined;
}

export class SnapshotCache {
  /** Pending writes per file, so two saves never interleave. */
  readonly #writing = new Map<string, Promise<void>>();

  constructor(
    private readonly dir: string,
    private readonly log: SnapshotCacheLog,
    private readonly now: () => number = Date.now,
  ) {}

  #hashOf(accountId: string): string {
    return createHash('sha256').update(accountId).digest('hex').slice(0, 24);
  }

  /** The account's snapshot file. */
  fileOf(accountId: string): string {
    return path.join(this.dir, `snapshot-${this.#hashOf(accountId)}.json`);
  }

  /** The account's file of open conversations' messages (written more often than the snapshot). */
  messagesFileOf(accountId: string): string {
    return path.join(this.dir, `messages-${this.#hashOf(accountId)}.json`);
  }

  /** The account's saved snapshot, or undefined (none, or discarded with a log line). */
  async read(accountId: string, realmUrl: string): Promise<CachedState | undefined> {
    const file = await this.#read(this.fileOf(accountId), 'snapshot', accountId, realmUrl, ['first', 'rest']);
    if (!file) return undefined;
    const first = file.section<RegisterSnapshot>('first');
    if (!first || typeof first !== 'object') return file.problem('its first section is not a snapshot');
    this.log.info(
      `Warm start: showing the snapshot saved ${new Date(file.savedAt).toISOString()} until the server answers.`,
    );
    let whole: RegisterSnapshot | undefined;
    return {
      first,
      savedAt: file.savedAt,
      complete: () => {
        if (whole) return whole;
        const rest = file.section<Partial<RegisterSnapshot>>('rest');
        return rest && typeof rest === 'object'
          ? (whole = joinSnapshot(first, rest))
          : file.problem('its rest section is not an object');
      },
    };
  }

  /** The account's saved conversations (undefined when none or discarded); each parsed only when asked for. */
  async readMessages(accountId: string, realmUrl: string): Promise<SavedConversations | undefined> {
    const name = this.messagesFileOf(accountId);
    await (this.#writing.get(name) ?? Promise.resolve());
    const file = await this.#read(name, 'messages', accountId, realmUrl, undefined, MESSAGES_CACHE_VERSION);
    return file && { keys: file.names, body: (key) => (file.names.includes(key) ? file.bytes(key) : undefined) };
  }

  /** `names`: the sections expected, in order (undefined: those the header lists). */
  async #read(
    file: string,
    what: string,
    accountId: string,
    realmUrl: string,
    names: readonly string[] | undefined,
    version = SNAPSHOT_CACHE_VERSION,
  ): Promise<SectionedFile | undefined> {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch {
      return undefined; // no cache yet
    }
    let discarded = false;
    const problem = (why: string): undefined => {
      if (discarded) return undefined;
      discarded = true;
      this.log.warn(`Warm start: the cached ${what} ${path.basename(file)} was discarded (${why}).`);
      void fs.rm(file, { force: true }).catch(() => undefined);
      return undefined;
    };
    const eol = bytes.indexOf(10);
    let header: Partial<CacheHeader>;
    try {
      header = JSON.parse(bytes.toString('utf8', 0, eol < 0 ? bytes.length : eol)) as Partial<CacheHeader>;
    } catch {
      return problem('its header is not valid JSON');
    }
    if (typeof header !== 'object' || header === null) return problem('its header is not an object');
    if (header.version !== version) return problem(`version ${String(header.version)}, expected ${version}`);
    if (header.accountId !== accountId || header.realmUrl !== realmUrl) return problem('it belongs to another account');
    if (typeof header.sections !== 'object' || header.sections === null) return problem('its header lists no sections');
    const listed = names ?? Object.keys(header.sections);
    // Section offsets, each section followed by a newline.
    const offsets = new Map<string, [number, SectionInfo]>();
    let at = eol + 1;
    for (const name of listed) {
      const info = header.sections?.[name];
      if (!info || !Number.isSafeInteger(info.bytes) || info.bytes < 0 || typeof info.sha1 !== 'string')
        return problem(`its header does not describe the ${name} section`);
      offsets.set(name, [at, info]);
      at += info.bytes + 1;
    }
    if (at !== bytes.length) return problem(`it is ${bytes.length} bytes long, its header says ${at}`);
    const verified = (name: string): Buffer | undefined => {
      if (discarded) return undefined;
      const [start, info] = offsets.get(name)!;
      const body = bytes.subarray(start, start + info.bytes);
      return sha1(body) === info.sha1 ? body : problem(`its ${name} section does not match its checksum`);
    };
    return {
      savedAt: typeof header.savedAt === 'number' ? header.savedAt : 0,
      names: listed,
      problem,
      bytes: verified,
      section: <T>(name: string): T | undefined => {
        const body = verified(name);
        if (!body) return undefined;
        try {
          return JSON.parse(body.toString('utf8')) as T;
        } catch {
          return problem(`its ${name} section is not valid JSON`);
        }
      },
    };
  }

  /** Saves the account's snapshot (whole, through a temporary file). Failures are logged, not thrown. */
  write(accountId: string, realmUrl: string, snapshot: RegisterSnapshot): Promise<void> {
    return this.#write(this.fileOf(accountId), 'snapshot', accountId, realmUrl, () => {
      const { first, rest } = splitSnapshot(snapshot);
      return { first, rest };
    });
  }

  /**
   * Saves the account's conversation cache: one section per conversation (its key, its encoded
   * body), least recently used first. Failures are logged, not thrown.
   */
  writeMessages(accountId: string, realmUrl: string, sections: readonly (readonly [string, Buffer])[]): Promise<void> {
    return this.#write(
      this.messagesFileOf(accountId),
      'messages',
      accountId,
      realmUrl,
      () => sections,
      MESSAGES_CACHE_VERSION,
    );
  }

  #write(
    file: string,
    what: string,
    accountId: string,
    realmUrl: string,
    sections: () => Record<string, unknown> | readonly (readonly [string, Buffer])[],
    version = SNAPSHOT_CACHE_VERSION,
  ): Promise<void> {
    const previous = this.#writing.get(file) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        const given = sections();
        const bodies = Array.isArray(given)
          ? given
          : Object.entries(given).map(([name, value]) => [name, Buffer.from(JSON.stringify(value))] as const);
        const header: CacheHeader = {
          version,
          accountId,
          realmUrl,
          savedAt: this.now(),
          sections: Object.fromEntries(bodies.map(([name, b]) => [name, { bytes: b.length, sha1: sha1(b) }])),
        };
        const nl = Buffer.from('\n');
        const content = Buffer.concat([Buffer.from(JSON.stringify(header)), nl, ...bodies.flatMap(([, b]) => [b, nl])]);
        await fs.mkdir(this.dir, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await fs.writeFile(tmp, content, { mode: 0o600 });
        await fs.rename(tmp, file);
      } catch (error) {
        this.log.warn(
          `Warm start: the ${what} could not be saved (${error instanceof Error ? error.message : String(error)}).`,
        );
      }
    });
    this.#writing.set(file, next);
    void next.finally(() => {
      if (this.#writing.get(file) === next) this.#writing.delete(file);
    });
    return next;
  }

  /** Forgets the account's snapshot and messages (sign-out). */
  async remove(accountId: string): Promise<void> {
    for (const file of [this.fileOf(accountId), this.messagesFileOf(accountId)]) {
      await (this.#writing.get(file) ?? Promise.resolve());
      await fs.rm(file, { force: true });
    }
  }
}
