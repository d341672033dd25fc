// The shell's core loader (src/shell/coreLoader.ts) in plain Node: a script loaded as a CommonJS
// module through vm.Script, and its V8 code cache: written when absent, used when present, a new
// one for a changed script (the old one removed), and a corrupt or refused one ignored and written
// anew. Real files in a temporary folder, real V8.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheName, loadCore, type LoadedCore } from '../../../src/shell/coreLoader';

interface Exports {
  value: number;
  filename: string;
  dirname: string;
  sep: string;
  thisIsExports: boolean;
}

/** A script of some size, so V8 has real code to cache. */
function scriptText(value: number): string {
  const functions = Array.from({ length: 200 }, (_, i) => `function f${i}(x) { return x * ${i} + ${value}; }`).join(
    '\n',
  );
  return `'use strict';
${functions}
const path = require('path');
exports.value = f1(${value - 1 - value});
exports.filename = __filename;
exports.dirname = __dirname;
exports.sep = path.sep;
exports.thisIsExports = this === module.exports;
`;
}

describe('shell: the core loader and its code cache', () => {
  let dir: string;
  let file: string;
  let cacheDir: string;
  const load = (): Promise<LoadedCore<Exports>> => loadCore<Exports>({ file, cacheDir, require });
  const cacheFiles = (): string[] => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).sort() : []);
  const cacheFile = (): string => path.join(cacheDir, cacheName(fs.readFileSync(file)));

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-core-loader-'));
    file = path.join(dir, 'core.js');
    cacheDir = path.join(dir, 'storage', 'code-cache');
    fs.writeFileSync(file, scriptText(7));
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("runs the script as a CommonJS module: the loader's require, module.exports, __filename, __dirname", async () => {
    const core = await load();
    assert.deepEqual(core.exports, { value: 6, filename: file, dirname: dir, sep: path.sep, thisIsExports: true });
  });

  it('runs the script only after `between` has resolved (the shell lets the event loop turn there)', async () => {
    const seen: string[] = [];
    fs.writeFileSync(file, `globalThis.__coreLoaderRan = true; exports.ran = true;`);
    const g = globalThis as { __coreLoaderRan?: boolean };
    delete g.__coreLoaderRan;
    const core = await loadCore<{ ran: boolean }>({
      file,
      cacheDir,
      require,
      between: async () => {
        seen.push(`between: ran ${String(g.__coreLoaderRan === true)}`);
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    assert.deepEqual(seen, ['between: ran false']);
    assert.equal(core.exports.ran, true);
    delete g.__coreLoaderRan;
  });

  it('no cache: compiles, and writes one (through a temporary file) that the next load uses and does not rewrite', async () => {
    const first = await load();
    assert.equal(first.cache, 'absent');
    assert.deepEqual(cacheFiles(), [], 'nothing is written before saveCache()');
    assert.equal(await first.saveCache(), true);
    assert.deepEqual(cacheFiles(), [path.basename(cacheFile())], 'one cache file, no temporary file left');
    assert.equal(await first.saveCache(), true, 'saved once: the same answer');

    const written = fs.statSync(cacheFile()).mtimeMs;
    const second = await load();
    assert.equal(second.cache, 'accepted');
    assert.equal(second.exports.value, 6);
    assert.equal(await second.saveCache(), false, 'an accepted cache is not rewritten');
    assert.equal(fs.statSync(cacheFile()).mtimeMs, written);
  });

  it('a changed script has a cache of its own; saving it removes the old one', async () => {
    await (await load()).saveCache();
    const old = cacheFile();
    fs.writeFileSync(file, scriptText(8));
    const changed = await load();
    assert.equal(changed.cache, 'absent');
    assert.equal(changed.exports.value, 7, 'the new script ran');
    assert.notEqual(cacheFile(), old);
    assert.equal(await changed.saveCache(), true);
    assert.deepEqual(cacheFiles(), [path.basename(cacheFile())]);
    assert.equal((await load()).cache, 'accepted');
  });

  it('a corrupt cache (its checksum fails) is not given to V8; the script runs and the cache is written anew', async () => {
    await (await load()).saveCache();
    const bytes = fs.readFileSync(cacheFile());
    bytes[bytes.length >> 1] ^= 0xff;
    fs.writeFileSync(cacheFile(), bytes);
    const corrupt = await load();
    assert.equal(corrupt.cache, 'corrupt');
    assert.equal(corrupt.exports.value, 6);
    assert.equal(await corrupt.saveCache(), true);
    assert.equal((await load()).cache, 'accepted');

    fs.writeFileSync(cacheFile(), bytes.subarray(0, 20));
    assert.equal((await load()).cache, 'corrupt', 'a truncated file');
  });

  it('a cache V8 refuses (intact, but not for this script or this V8) is reported, ignored and written anew', async () => {
    const data = Buffer.from('not what V8 writes'.repeat(50));
    fs.mkdirSync(cacheDir, { recursive: true });
    // The file format: a tag, the SHA-256 of the V8 data, the data.
    fs.writeFileSync(
      cacheFile(),
      Buffer.concat([Buffer.from('TCC1'), createHash('sha256').update(data).digest(), data]),
    );
    const refused = await load();
    assert.equal(refused.cache, 'rejected');
    assert.equal(refused.exports.value, 6);
    assert.equal(await refused.saveCache(), true);
    assert.equal((await load()).cache, 'accepted');
  });

  it('without a cache folder: no cache is read or written', async () => {
    const core = await loadCore<Exports>({ file, require });
    assert.equal(core.cache, 'absent');
    assert.equal(await core.saveCache(), false);
    assert.deepEqual(cacheFiles(), []);
  });

  it('a cache that cannot be written (the folder is a file) fails quietly', async () => {
    fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
    fs.writeFileSync(cacheDir, 'a file where the folder should be');
    const core = await load();
    assert.equal(core.cache, 'absent');
    assert.equal(await core.saveCache(), false);
  });
});
