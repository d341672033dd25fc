// undici embeds llhttp twice (a SIMD WebAssembly build and a plain one, as base64 JS); esbuild.mjs
// resolves the SIMD one to the plain one. The release bundle carries one llhttp build, and undici
// bundled that way still speaks HTTP/1.1 (a real request to a real server).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Pool as UndiciPool } from 'undici';
import type { dispatchText as DispatchText } from '../../../src/api/transport';

const REPO = path.join(__dirname, '..', '..', '..', '..');
const LLHTTP_BUILD = /(?:^|[\\/])undici[\\/]lib[\\/]llhttp[\\/]llhttp(?:_simd)?-wasm\.js$/;

// TypeScript compiles `import()` to `require()` under CommonJS; esbuild.mjs is an ES module.
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

interface BuildConfig {
  extensionBuildOptions(production: boolean): import('esbuild').BuildOptions;
}
const buildConfig = async (): Promise<BuildConfig> =>
  (await importEsm(pathToFileURL(path.join(REPO, 'esbuild.mjs')).href)) as unknown as BuildConfig;
const esbuildModule = async (): Promise<typeof import('esbuild')> =>
  (await importEsm('esbuild')) as unknown as typeof import('esbuild');

describe('bundle: one llhttp build in undici', function () {
  this.timeout(120_000);

  it('the release extension bundle has one llhttp WebAssembly build, the plain one', async () => {
    const esbuild = await esbuildModule();
    const options = (await buildConfig()).extensionBuildOptions(true);
    const result = await esbuild.build({ ...options, absWorkingDir: REPO, write: false, logLevel: 'error' });
    const builds = Object.keys(result.metafile!.inputs).filter((input) => LLHTTP_BUILD.test(input));
    assert.deepEqual(
      builds.map((b) => path.basename(b)),
      ['llhttp-wasm.js'],
    );
    // The WebAssembly magic number, base64: one embedded module in all the host's bundles (the
    // client, and so undici, is in the core the shell loads after activation).
    const text = result.outputFiles!.map((f) => f.text).join('\n');
    assert.equal(text.split('AGFzbQ').length - 1, 1);
  });

  it("the client's transport bundled with those options (development and release) still sends requests and parses responses", async () => {
    const esbuild = await esbuildModule();
    // A chunked body in several writes, then a fixed-length one on the same kept-alive connection.
    const server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/fixed') {
        res.setHeader('content-length', '2');
        res.end('{}');
        return;
      }
      res.write(`{"method":${JSON.stringify(req.method)},"url":${JSON.stringify(req.url)},"chunked":"`);
      for (let i = 0; i < 10; i++) res.write('x'.repeat(10_000));
      res.end('"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-undici-'));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const production of [false, true]) {
        const options = (await buildConfig()).extensionBuildOptions(production);
        const outfile = path.join(dir, `pool-${production ? 'release' : 'dev'}.js`);
        const result = await esbuild.build({
          ...options,
          entryPoints: undefined,
          outdir: undefined,
          // What src/api/client.ts sends through: undici's pool and our transport's dispatch.
          stdin: {
            contents: `module.exports = { Pool: require('undici/lib/dispatcher/pool'), dispatchText: require('./src/api/transport').dispatchText };`,
            resolveDir: REPO,
            loader: 'js',
          },
          outfile,
          sourcemap: false,
          absWorkingDir: REPO,
          logLevel: 'error',
        });
        assert.deepEqual(
          Object.keys(result.metafile!.inputs)
            .filter((i) => LLHTTP_BUILD.test(i))
            .map((i) => path.basename(i)),
          ['llhttp-wasm.js'],
        );
        const { Pool, dispatchText } = require(outfile) as {
          Pool: typeof UndiciPool;
          dispatchText: typeof DispatchText;
        };
        const pool = new Pool(origin, { connections: 1 });
        try {
          const response = await dispatchText(pool, { origin, path: '/probe?x=1', method: 'GET' }, undefined);
          assert.equal(response.statusCode, 200);
          assert.equal(response.headers['transfer-encoding'], 'chunked');
          const body = JSON.parse(response.text) as { method: string; url: string; chunked: string };
          assert.deepEqual(
            { method: body.method, url: body.url, length: body.chunked.length },
            { method: 'GET', url: '/probe?x=1', length: 100_000 },
          );
          const fixed = await dispatchText(pool, { origin, path: '/fixed', method: 'GET' }, undefined);
          assert.deepEqual([fixed.statusCode, fixed.headers['content-length'], fixed.text], [200, '2', '{}']);
        } finally {
          await pool.close();
        }
      }
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
