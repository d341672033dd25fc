/**
 * Loads the core (dist/core.js) as Node loads a CommonJS module (the same wrapper, the shell's
 * `require`, so `require('vscode')` is answered for this extension), but compiled through
 * `vm.Script` with a V8 code cache: compiling the whole bundle costs the extension host's thread
 * tens of milliseconds at every start, reading V8's own compiled code back a few. The cache lives
 * in the extension's global storage, one file per core (named by a hash of V8's version and the
 * core's text: V8 itself compares only the length), checked by a SHA-256 of its content before V8 sees it,
 * and written atomically (a temporary file renamed) once the core has run for a while, so it holds
 * the functions compiled by then too. A missing, stale, corrupt or refused cache only costs the
 * compile, and is written anew.
 *
 * Imports only Node's built-ins: plain-Node unit tests drive it (test/unit/shell/coreLoader.test.ts).
 */
import { createHash, randomBytes } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import * as vm from 'vm';

/** What became of the code cache read: V8 used it; none was there; V8 refused it; its checksum failed. */
export type CacheOutcome = 'accepted' | 'absent' | 'rejected' | 'corrupt';

export interface CoreLoadOptions {
  /** The script, an absolute path. */
  readonly file: string;
  /** The folder of the code cache (created on first write); none: no cache. */
  readonly cacheDir?: string;
  /** The `require` the script gets. */
  readonly require: NodeJS.Require;
  /** Awaited between compiling and running the script (the shell lets the event loop turn). */
  readonly between?: () => Promise<void>;
}

export interface LoadedCore<T> {
  readonly exports: T;
  readonly cache: CacheOutcome;
  /**
   * Writes V8's code cache of the script as it is now (with every function compiled so far), unless
   * the cache read was accepted. Never throws: resolves to whether a cache was written.
   */
  saveCache(): Promise<boolean>;
}

/** Node's CommonJS wrapper (`Module.wrapper`). */
const WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'] as const;
/** The cache file's header: a format tag, then the SHA-256 of the V8 data that follows. */
const MAGIC = Buffer.from('TCC1');
const DIGEST_BYTES = 32;
const PREFIX = 'core-';
const SUFFIX = '.cache';

export async function loadCore<T>(options: CoreLoadOptions): Promise<LoadedCore<T>> {
  const { file, cacheDir } = options;
  const bytes = await fs.readFile(file);
  const cacheFile = cacheDir && path.join(cacheDir, cacheName(bytes));
  const read = cacheFile ? await readCache(cacheFile) : { outcome: 'absent' as const };
  const script = new vm.Script(WRAPPER[0] + bytes.toString('utf8') + WRAPPER[1], {
    filename: file,
    cachedData: read.data,
  });
  const cache: CacheOutcome = read.data && script.cachedDataRejected ? 'rejected' : read.outcome;
  await options.between?.();
  const module = { exports: {} as T };
  const wrapped = script.runInThisContext() as (
    exports: T,
    require: NodeJS.Require,
    module: { exports: T },
    filename: string,
    dirname: string,
  ) => void;
  wrapped.call(module.exports, module.exports, options.require, module, file, path.dirname(file));
  let saved: Promise<boolean> | undefined;
  return {
    exports: module.exports,
    cache,
    saveCache: () =>
      (saved ??=
        cacheFile && cache !== 'accepted' ? writeCache(cacheFile, script.createCachedData()) : Promise.resolve(false)),
  };
}

/** The cache file's name for this V8 and this text of the script. */
export function cacheName(source: Buffer): string {
  const key = createHash('sha256').update(process.versions.v8).update('\0').update(source).digest('hex').slice(0, 16);
  return `${PREFIX}${key}${SUFFIX}`;
}

async function readCache(cacheFile: string): Promise<{ outcome: CacheOutcome; data?: Buffer }> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(cacheFile);
  } catch {
    return { outcome: 'absent' };
  }
  const header = MAGIC.length + DIGEST_BYTES;
  const data = bytes.subarray(header);
  const intact =
    bytes.length > header &&
    bytes.subarray(0, MAGIC.length).equals(MAGIC) &&
    createHash('sha256').update(data).digest().equals(bytes.subarray(MAGIC.length, header));
  return intact ? { outcome: 'accepted', data } : { outcome: 'corrupt' };
}

/** Writes `data` to `cacheFile` through a temporary file, then removes the caches of other versions. */
async function writeCache(cacheFile: string, data: Buffer): Promise<boolean> {
  const dir = path.dirname(cacheFile);
  const temporary = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(temporary, Buffer.concat([MAGIC, createHash('sha256').update(data).digest(), data]));
    await fs.rename(temporary, cacheFile);
  } catch {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    return false;
  }
  const others = (await fs.readdir(dir).catch(() => [] as string[])).filter(
    (f) => f.startsWith(PREFIX) && f.endsWith(SUFFIX) && f !== path.basename(cacheFile),
  );
  await Promise.all(others.map((f) => fs.rm(path.join(dir, f), { force: true }).catch(() => undefined)));
  return true;
}
