import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { dispatchText } from '../../../src/api/transport';

/** A server whose handler each test sets; requests it should hold are answered by `release()`. */
describe('dispatchText (the transport under ChatClient)', () => {
  let server: http.Server;
  let origin: string;
  let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void = () => undefined;

  before(async () => {
    server = http.createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('joins a body sent in many chunks and keeps multi-byte characters whole', async () => {
    const text = JSON.stringify({ msg: 'ünïcödé 🙂'.repeat(2000) });
    const bytes = Buffer.from(text, 'utf8');
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-remaining': '7' });
      // Split inside multi-byte sequences on purpose.
      for (let i = 0; i < bytes.length; i += 1001) res.write(bytes.subarray(i, i + 1001));
      res.end();
    };
    const pool = new Pool(origin, { connections: 1 });
    const response = await dispatchText(pool, { origin, path: '/', method: 'GET' }, undefined);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['x-ratelimit-remaining'], '7');
    assert.equal(response.text, text);
    await pool.close();
  });

  it('reads one header by name as the full header object gives it (any case on the wire, repeats as a list)', async () => {
    handler = (_req, res) => {
      res.setHeader('X-RateLimit-Limit', '200');
      res.setHeader('x-repeated', ['a', 'b']);
      res.end('{}');
    };
    const pool = new Pool(origin, { connections: 1 });
    const response = await dispatchText(pool, { origin, path: '/', method: 'GET' }, undefined);
    assert.equal(response.header('x-ratelimit-limit'), '200');
    assert.deepEqual(response.header('x-repeated'), ['a', 'b']);
    assert.equal(response.header('x-absent'), undefined);
    assert.equal(response.headers['x-ratelimit-limit'], '200');
    assert.deepEqual(response.headers['x-repeated'], ['a', 'b']);
    await pool.close();
  });

  it('drops a UTF-8 byte-order mark, as undici’s body.text() does', async () => {
    handler = (_req, res) => res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]));
    const pool = new Pool(origin, { connections: 1 });
    const response = await dispatchText(pool, { origin, path: '/', method: 'GET' }, undefined);
    assert.deepEqual(JSON.parse(response.text), { a: 1 });
    await pool.close();
  });

  it('cancels a request still queued for a connection at once, and never sends it', async () => {
    const seen: string[] = [];
    let release: () => void = () => undefined;
    handler = (req, res) => {
      seen.push(req.url!);
      if (req.url === '/slow') release = () => res.end('{}');
      else res.end('{}');
    };
    const pool = new Pool(origin, { connections: 1, pipelining: 1 });
    const slow = dispatchText(pool, { origin, path: '/slow', method: 'GET' }, undefined);
    const controller = new AbortController();
    const queued = dispatchText(pool, { origin, path: '/queued', method: 'GET' }, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    controller.abort(new Error('cancelled by the user'));
    await assert.rejects(queued, /cancelled by the user/);
    assert.ok(Date.now() - started < 50, 'the queued request was not rejected at once');
    release();
    await slow;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(seen, ['/slow']);
    await pool.close();
  });

  it('refuses at once when the signal is already aborted', async () => {
    const pool = new Pool(origin, { connections: 1 });
    await assert.rejects(
      dispatchText(pool, { origin, path: '/', method: 'GET' }, AbortSignal.abort(new Error('too late'))),
      /too late/,
    );
    await pool.close();
  });

  it('reports a connection dropped mid-body as an error with a code', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 10);
    };
    const pool = new Pool(origin, { connections: 1 });
    await assert.rejects(dispatchText(pool, { origin, path: '/', method: 'GET' }, undefined), (error: unknown) => {
      return typeof (error as { code?: unknown }).code === 'string';
    });
    await pool.close();
  });
});
