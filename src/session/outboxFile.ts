/**
 * The outbox's storage (src/store/outbox.ts): the account's unsent messages in the extension's
 * global storage, so that a reload or a crash loses none.
 *
 * One file per account and extension host (named by outboxFiles.ts), written whole through a temporary
 * file (flushed to disk, then renamed over the old one), readable by its owner only, holding no
 * credentials (the API key lives only in SecretStorage). As the warm-start cache
 * (snapshotCache.ts): a header line (format version, account, server, when it was saved, and the
 * length and SHA-1 of the entries line), then the entries as one JSON line. No entries: no file.
 *
 * A file that does not parse, fails its checksum, is of another version, or belongs to another
 * account or server is set aside (renamed `<name>.corrupt-<ms since the epoch>`, for a person to
 * look at) with a log line, and nothing in it is sent: a message must never go to the wrong place,
 * nor twice because a damaged file lost what was sent.
 */
import { createHash } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import type { OutboxEntry, OutboxStorage } from '../store/outboxEntry';

/** Bumped whenever what is saved changes meaning: files of another version are set aside. */
export const OUTBOX_FILE_VERSION = 1;

export interface OutboxFileLog {
  info(message: string): void;
  warn(message: string): void;
}

interface Header {
  version: number;
  accountId: string;
  realmUrl: string;
  savedAt: number;
  bytes: number;
  sha1: string;
}

const sha1 = (bytes: Buffer): string => createHash('sha1').update(bytes).digest('hex');

/** The start of every outbox file name of the account (`outbox-<hash of the account id>`; see outboxFiles.ts). */
export function outboxFileStem(accountId: string): string {
  return `outbox-${createHash('sha256').update(accountId).digest('hex').slice(0, 24)}`;
}

export class OutboxFile implements OutboxStorage {
  /** The account's file. */
  readonly path: string;
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly accountId: string,
    private readonly realmUrl: string,
    private readonly log: OutboxFileLog,
    private readonly now: () => number = Date.now,
    /** The file's name in `dir` (default `<stem>.json`, the one file of earlier versions). */
    name = `${outboxFileStem(accountId)}.json`,
  ) {
    this.path = path.join(dir, name);
  }

  /** The saved entries; none when there is no file or it was set aside (with a log line). */
  async load(): Promise<OutboxEntry[]> {
    await this.#writing;
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error; // unreadable now (permissions, I/O): keep it, nothing is sent from it
    }
    const eol = bytes.indexOf(10);
    let header: Partial<Header>;
    try {
      header = JSON.parse(bytes.toString('utf8', 0, eol < 0 ? bytes.length : eol)) as Partial<Header>;
    } catch {
      return this.#setAside('its header is not valid JSON');
    }
    if (typeof header !== 'object' || header === null) return this.#setAside('its header is not an object');
    if (header.version !== OUTBOX_FILE_VERSION)
      return this.#setAside(`version ${String(header.version)}, expected ${OUTBOX_FILE_VERSION}`);
    if (header.accountId !== this.accountId || header.realmUrl !== this.realmUrl)
      return this.#setAside('it belongs to another account or server');
    if (!Number.isSafeInteger(header.bytes) || eol < 0 || eol + 1 + header.bytes! + 1 !== bytes.length) {
      return this.#setAside(`it is ${bytes.length} bytes long, its header says otherwise`);
    }
    const body = bytes.subarray(eol + 1, eol + 1 + header.bytes!);
    if (sha1(body) !== header.sha1) return this.#setAside('its entries do not match their checksum');
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return this.#setAside('its entries are not valid JSON');
    }
    // The entries' schema (zod) loads with the first file read, not with the extension.
    const { OutboxEntries } = await import('./outboxEntries');
    const parsed = OutboxEntries.safeParse(json);
    if (!parsed.success) return this.#setAside('its entries are not outbox entries');
    if (parsed.data.length)
      this.log.info(`Outbox: ${parsed.data.length} unsent message(s) found in ${path.basename(this.path)}.`);
    return parsed.data;
  }

  /** Writes `entries` whole (after the writes before); removes the file when there are none. Rejects on failure. */
  save(entries: readonly OutboxEntry[]): Promise<void> {
    const next = this.#writing.catch(() => undefined).then(() => this.#write(entries));
    this.#writing = next.catch(() => undefined);
    return next;
  }

  /** Forgets the account's unsent messages (sign-out). */
  remove(): Promise<void> {
    return this.save([]);
  }

  async #write(entries: readonly OutboxEntry[]): Promise<void> {
    if (!entries.length) {
      await fs.rm(this.path, { force: true });
      return;
    }
    const body = Buffer.from(JSON.stringify(entries));
    const header: Header = {
      version: OUTBOX_FILE_VERSION,
      accountId: this.accountId,
      realmUrl: this.realmUrl,
      savedAt: this.now(),
      bytes: body.length,
      sha1: sha1(body),
    };
    const nl = Buffer.from('\n');
    const content = Buffer.concat([Buffer.from(JSON.stringify(header)), nl, body, nl]);
    await fs.mkdir(this.dir, { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    await fs.rm(tmp, { force: true });
    const handle = await fs.open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(content);
      // On disk before it replaces the old file: a power cut leaves one of the two, never an empty file.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, this.path);
  }

  /** Renames the file out of the way with a log line; nothing in it is sent. */
  async #setAside(why: string): Promise<OutboxEntry[]> {
    const aside = `${this.path}.corrupt-${this.now()}`;
    try {
      await fs.rename(this.path, aside);
      this.log.warn(
        `Outbox: ${path.basename(this.path)} was set aside as ${path.basename(aside)} (${why}); nothing in it is sent.`,
      );
    } catch (error) {
      this.log.warn(
        `Outbox: ${path.basename(this.path)} is unusable (${why}) and could not be set aside ` +
          `(${error instanceof Error ? error.message : String(error)}); nothing in it is sent.`,
      );
    }
    return [];
  }
}
