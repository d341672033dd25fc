/**
 * Warm start: the last `/register` snapshot of each account, kept in the extension's global
 * storage, so after a window reload the side bar shows the organisation at once while a fresh
 * `/register` is under way (which then replaces it, as every resync does).
 *
 * One file per account (`snapshot-<hash of the account id>.json`): a format version, the account,
 * the server, when it was saved, and the snapshot. The snapshot holds no credentials (the API key
 * lives only in SecretStorage), and the file is written whole through a temporary file. A file of
 * another version, of another account, or that does not parse or validate is discarded with a log
 * line; the session then starts cold, as before.
 */
import { createHash } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import { RegisterSnapshot } from '../api/events/register';

/** Bumped whenever what is saved changes meaning: older files are discarded. */
export const SNAPSHOT_CACHE_VERSION = 1;

interface CacheFile {
  version: number;
  accountId: string;
  realmUrl: string;
  savedAt: number;
  snapshot: unknown;
}

export interface SnapshotCacheLog {
  info(message: string): void;
  warn(message: string): void;
}

export class SnapshotCache {
  /** Pending writes per file, so two saves never interleave. */
  readonly #writing = new Map<string, Promise<void>>();

  constructor(
    private readonly dir: string,
    private readonly log: SnapshotCacheLog,
    private readonly now: () => number = Date.now,
  ) {}

  fileOf(accountId: string): string {
    return path.join(this.dir, `snapshot-${createHash('sha256').update(accountId).digest('hex').slice(0, 24)}.json`);
  }

  /** The account's saved snapshot, or undefined (none, or discarded with a log line). */
  async read(accountId: string, realmUrl: string): Promise<RegisterSnapshot | undefined> {
    const file = this.fileOf(accountId);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      return undefined; // no cache yet
    }
    const problem = (why: string): undefined => {
      this.log.warn(`Warm start: the cached snapshot ${path.basename(file)} was discarded (${why}).`);
      void fs.rm(file, { force: true }).catch(() => undefined);
      return undefined;
    };
    let data: Partial<CacheFile>;
    try {
      data = JSON.parse(text) as Partial<CacheFile>;
    } catch {
      return problem('it is not valid JSON');
    }
    if (typeof data !== 'object' || data === null) return problem('it is not an object');
    if (data.version !== SNAPSHOT_CACHE_VERSION) return problem(`version ${String(data.version)}, expected ${SNAPSHOT_CACHE_VERSION}`);
    if (data.accountId !== accountId || data.realmUrl !== realmUrl) return problem('it belongs to another account');
    const parsed = RegisterSnapshot.safeParse(data.snapshot);
    if (!parsed.success) return problem('its snapshot does not have the register shape');
    this.log.info(`Warm start: showing the snapshot saved ${new Date(data.savedAt ?? 0).toISOString()} until the server answers.`);
    return parsed.data;
  }

  /** Saves the account's snapshot (whole, through a temporary file). Failures are logged, not thrown. */
  write(accountId: string, realmUrl: string, snapshot: RegisterSnapshot): Promise<void> {
    const file = this.fileOf(accountId);
    const body: CacheFile = { version: SNAPSHOT_CACHE_VERSION, accountId, realmUrl, savedAt: this.now(), snapshot };
    const previous = this.#writing.get(file) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        await fs.mkdir(this.dir, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await fs.writeFile(tmp, JSON.stringify(body), { mode: 0o600 });
        await fs.rename(tmp, file);
      } catch (error) {
        this.log.warn(`Warm start: the snapshot could not be saved (${error instanceof Error ? error.message : String(error)}).`);
      }
    });
    this.#writing.set(file, next);
    void next.finally(() => {
      if (this.#writing.get(file) === next) this.#writing.delete(file);
    });
    return next;
  }

  /** Forgets the account's snapshot (sign-out). */
  async remove(accountId: string): Promise<void> {
    await (this.#writing.get(this.fileOf(accountId)) ?? Promise.resolve());
    await fs.rm(this.fileOf(accountId), { force: true });
  }
}
