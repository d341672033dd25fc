/**
 * One outbox file per account and per extension host, so that two VS Code windows signed in to the
 * same account never send the same message twice nor overwrite each other's unsent messages.
 *
 * Global storage is shared by every window, and each window's outbox keeps its entries in memory
 * and writes them whole: with one file per account, a second window would load the first's entries
 * and send them too (a refused or failed entry has nothing that tells it apart), and each window's
 * next write would drop the other's. So each extension host writes its own file,
 * `outbox-<account hash>.<host id>.json`, and keeps a lease beside it, `….lease` (its process id
 * and a heartbeat, renewed every {@link HEARTBEAT_MS}).
 *
 * A file whose host is gone (the lease is missing, its process has exited, or its heartbeat is
 * older than {@link STALE_MS}) is an orphan: the window that opens the account's outbox next takes
 * it over. It first renames the file to a name of its own — a rename succeeds for one taker only,
 * so two windows starting together cannot both take it — then loads its entries with its own,
 * writes them to its own file, and only then deletes the taken file (a crash in between leaves it
 * to be taken again; the outbox drops entries it already has by their local id). The file of
 * earlier versions, `outbox-<account hash>.json`, has no lease: it is taken over the same way.
 */
import { randomUUID } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import type { OutboxEntry, OutboxStorage } from '../store/outboxEntry';
import { OutboxFile, outboxFileStem, type OutboxFileLog } from './outboxFile';

/** How often a host renews its lease. */
export const HEARTBEAT_MS = 30_000;
/**
 * A lease not renewed for this long is given up although its process runs (a process id reused by
 * another program, a host hung for good). Long: a host that only paused (a debugger, a machine
 * asleep) and then resumes would send what was taken from it a second time.
 */
export const STALE_MS = 10 * 60_000;

export interface OutboxFilesOptions {
  /** This extension host's id (default: a new random one). */
  readonly hostId?: string;
  /** This process's id (default `process.pid`). */
  readonly pid?: number;
  readonly now?: () => number;
  /** Whether process `pid` still runs (default: `process.kill(pid, 0)`). */
  readonly isAlive?: (pid: number) => boolean;
}

interface Lease {
  readonly pid: number;
  readonly heartbeatAt: number;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An account's outbox files in the folder: this host's (the storage its outbox uses), and the ones it takes over. */
export class OutboxFiles implements OutboxStorage {
  readonly hostId: string;
  /** This host's file. */
  readonly own: OutboxFile;
  readonly #stem: string;
  readonly #pid: number;
  readonly #now: () => number;
  readonly #isAlive: (pid: number) => boolean;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #taken = 0;
  #released = false;
  /** The lease's writes and removals, in order (a release then a renew must leave a lease). */
  #leaseOps: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly accountId: string,
    private readonly realmUrl: string,
    private readonly log: OutboxFileLog,
    options: OutboxFilesOptions = {},
  ) {
    this.hostId = options.hostId ?? randomUUID();
    this.#pid = options.pid ?? process.pid;
    this.#now = options.now ?? Date.now;
    this.#isAlive = options.isAlive ?? processAlive;
    this.#stem = outboxFileStem(accountId);
    this.own = this.#file(`${this.#stem}.${this.hostId}.json`);
  }

  get leasePath(): string {
    return path.join(this.dir, `${this.#stem}.${this.hostId}.lease`);
  }

  /**
   * Takes the lease, then loads this host's entries and those of every orphaned file of the
   * account (oldest first), writes them to this host's file and deletes the files taken over.
   */
  async load(): Promise<OutboxEntry[]> {
    this.#released = false;
    await this.renew();
    if (!this.#released && !this.#heartbeat) {
      this.#heartbeat = setInterval(() => void this.renew().catch(() => undefined), HEARTBEAT_MS);
      this.#heartbeat.unref?.();
    }
    const own = await this.own.load();
    const taken = await this.#takeOrphans();
    if (taken.length === 0) return own;
    const byId = new Map<string, OutboxEntry>();
    for (const e of [...own, ...taken.flatMap((t) => t.entries)]) if (!byId.has(e.localId)) byId.set(e.localId, e);
    const entries = [...byId.values()].sort((a, b) => a.createdAt - b.createdAt);
    await this.own.save(entries);
    for (const t of taken) await fs.rm(t.file.path, { force: true });
    this.log.info(
      `Outbox: took over ${taken.reduce((n, t) => n + t.entries.length, 0)} unsent message(s) of a closed window.`,
    );
    return entries;
  }

  save(entries: readonly OutboxEntry[]): Promise<void> {
    return this.own.save(entries);
  }

  /** Writes this host's lease with a new heartbeat. */
  renew(): Promise<void> {
    return this.#leaseOp(async () => {
      const lease: Lease = { pid: this.#pid, heartbeatAt: this.#now() };
      await fs.mkdir(this.dir, { recursive: true });
      const tmp = `${this.leasePath}.tmp`;
      await fs.writeFile(tmp, JSON.stringify(lease), { mode: 0o600 });
      await fs.rename(tmp, this.leasePath);
    });
  }

  /** Stops the heartbeat and gives the lease up (what is left in the file may be taken over). */
  release(): Promise<void> {
    this.#released = true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    return this.#leaseOp(() => fs.rm(this.leasePath, { force: true }));
  }

  #leaseOp(op: () => Promise<void>): Promise<void> {
    const next = this.#leaseOps.catch(() => undefined).then(op);
    this.#leaseOps = next.catch(() => undefined);
    return next;
  }

  /** Sign-out: this host's file and the orphaned ones go, with the lease. */
  async remove(): Promise<void> {
    await this.own.remove();
    for (const name of await this.#orphans()) await fs.rm(path.join(this.dir, name), { force: true });
    await this.release();
  }

  /** Whether the host `hostId` holds a live lease. */
  async #held(hostId: string): Promise<boolean> {
    let lease: Partial<Lease>;
    try {
      lease = JSON.parse(
        await fs.readFile(path.join(this.dir, `${this.#stem}.${hostId}.lease`), 'utf8'),
      ) as Partial<Lease>;
    } catch {
      return false; // no lease (or a torn one): nobody holds it
    }
    if (typeof lease.pid !== 'number' || typeof lease.heartbeatAt !== 'number') return false;
    return this.#now() - lease.heartbeatAt < STALE_MS && this.#isAlive(lease.pid);
  }

  /** The account's outbox files whose host is gone (not this host's). */
  async #orphans(): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const orphans: string[] = [];
    for (const name of names) {
      const host = this.#hostOf(name);
      if (host === undefined || host === this.hostId) continue;
      if (host === '' || !(await this.#held(host))) orphans.push(name);
    }
    return orphans.sort();
  }

  /**
   * The host of one of the account's outbox files ('' for the file of earlier versions); undefined for any other file.
   */
  #hostOf(name: string): string | undefined {
    if (name === `${this.#stem}.json`) return '';
    if (!name.startsWith(`${this.#stem}.`) || !name.endsWith('.json')) return undefined;
    const host = name.slice(this.#stem.length + 1, -'.json'.length).split('.')[0]!;
    return /^[\w-]+$/.test(host) ? host : undefined;
  }

  async #takeOrphans(): Promise<{ file: OutboxFile; entries: OutboxEntry[] }[]> {
    const taken: { file: OutboxFile; entries: OutboxEntry[] }[] = [];
    for (const name of await this.#orphans()) {
      // Renamed to a name of this host's first: of two windows taking it at once, one succeeds.
      const mine = `${this.#stem}.${this.hostId}.taken-${this.#now()}-${this.#taken++}.json`;
      try {
        await fs.rename(path.join(this.dir, name), path.join(this.dir, mine));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another window took it
        throw error;
      }
      const host = this.#hostOf(name);
      if (host) await fs.rm(path.join(this.dir, `${this.#stem}.${host}.lease`), { force: true });
      const file = this.#file(mine);
      taken.push({ file, entries: await file.load() });
    }
    return taken;
  }

  #file(name: string): OutboxFile {
    return new OutboxFile(this.dir, this.accountId, this.realmUrl, this.log, this.#now, name);
  }
}
