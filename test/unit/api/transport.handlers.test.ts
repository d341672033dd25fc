import { strict as assert } from 'node:assert';
import type { Dispatcher } from 'undici';
import { dispatchBytes, TooLargeError } from '../../../src/api/download';
import { dispatchText } from '../../../src/api/transport';

/** A dispatcher that hands the handler to the test, which plays undici's part. */
function fakeDispatcher<H>(): { dispatcher: Dispatcher; handler: () => H } {
  let handler: H | undefined;
  const dispatcher = {
    dispatch(_options: unknown, h: H) {
      handler = h;
      return true;
    },
  } as unknown as Dispatcher;
  return { dispatcher, handler: () => handler! };
}

const OPTIONS = { origin: 'http://chat.test', path: '/', method: 'GET' } as const;
const raw = (...pairs: string[]) => pairs.map((s) => Buffer.from(s, 'latin1'));

interface LegacyHandler {
  onConnect(abort: (error?: Error) => void): void;
  onHeaders(status: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean;
  onData(chunk: Buffer): boolean;
  onComplete(trailers: Buffer[]): void;
}

describe('dispatchText headers and cancellation', () => {
  it('gives a repeated header as the list of its values, in order, whatever the case of its name', async () => {
    const { dispatcher, handler } = fakeDispatcher<LegacyHandler>();
    const pending = dispatchText(dispatcher, OPTIONS, undefined);
    const h = handler();
    h.onConnect(() => undefined);
    h.onHeaders(
      200,
      raw('Set-Cookie', 'a=1', 'X-One', 'only', 'set-cookie', 'b=2', 'SET-COOKIE', 'c=3'),
      () => undefined,
      'OK',
    );
    h.onData(Buffer.from('{}'));
    h.onComplete([]);
    const response = await pending;
    assert.deepEqual(response.header('set-cookie'), ['a=1', 'b=2', 'c=3']);
    assert.equal(response.header('x-one'), 'only');
    assert.equal(response.header('x-missing'), undefined);
    assert.equal(response.text, '{}');
  });

  it('gives the last response after 1xx informational heads', async () => {
    const { dispatcher, handler } = fakeDispatcher<LegacyHandler>();
    const pending = dispatchText(dispatcher, OPTIONS, undefined);
    const h = handler();
    h.onConnect(() => undefined);
    h.onHeaders(103, raw('Link', '</a.css>'), () => undefined, 'Early Hints');
    h.onHeaders(200, raw('Content-Type', 'application/json'), () => undefined, 'OK');
    h.onData(Buffer.from('{"a":'));
    h.onData(Buffer.from('1}'));
    h.onComplete([]);
    const response = await pending;
    assert.equal(response.statusCode, 200);
    assert.equal(response.header('link'), undefined);
    assert.equal(response.text, '{"a":1}');
  });

  it('leaves the connection alone when the signal fires after the response is complete', async () => {
    const { dispatcher, handler } = fakeDispatcher<LegacyHandler>();
    const controller = new AbortController();
    const pending = dispatchText(dispatcher, OPTIONS, controller.signal);
    const h = handler();
    let aborts = 0;
    h.onConnect(() => aborts++);
    h.onHeaders(200, [], () => undefined, 'OK');
    h.onComplete([]);
    assert.equal((await pending).statusCode, 200);
    controller.abort(new Error('too late'));
    assert.equal(aborts, 0);
  });
});

interface NewHandler {
  onRequestStart(controller: unknown, context: unknown): void;
  onResponseStart(controller: unknown, status: number, headers: Record<string, string>, statusText: string): void;
  onResponseData(controller: unknown, chunk: Buffer): void;
  onResponseEnd(controller: unknown, trailers: Record<string, string>): void;
  onResponseError(controller: unknown, error: Error): void;
}

function fakeController() {
  const aborted: unknown[] = [];
  return { aborted, controller: { abort: (reason: unknown) => aborted.push(reason) } };
}

describe('dispatchBytes (a body of at most maxBytes)', () => {
  it('resolves with the status, headers and bytes of a body of exactly maxBytes', async () => {
    const { dispatcher, handler } = fakeDispatcher<NewHandler>();
    const pending = dispatchBytes(dispatcher, OPTIONS, 6);
    const h = handler();
    const { controller, aborted } = fakeController();
    h.onRequestStart(controller, {});
    h.onResponseStart(controller, 200, { 'content-length': '6', 'content-type': 'image/png' }, 'OK');
    h.onResponseData(controller, Buffer.from('abc'));
    h.onResponseData(controller, Buffer.from('def'));
    h.onResponseEnd(controller, {});
    const response = await pending;
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.equal(response.bytes.toString(), 'abcdef');
    assert.equal(aborted.length, 0);
  });

  it('refuses a body whose declared length is over the limit before reading it', async () => {
    const { dispatcher, handler } = fakeDispatcher<NewHandler>();
    const pending = dispatchBytes(dispatcher, OPTIONS, 6);
    const h = handler();
    const { controller, aborted } = fakeController();
    h.onResponseStart(controller, 200, { 'content-length': '7' }, 'OK');
    h.onResponseEnd(controller, {});
    await assert.rejects(
      pending,
      (error: unknown) =>
        error instanceof TooLargeError && error.message === 'The file could not be loaded (too large).',
    );
    assert.equal(aborted.length, 1);
    assert.ok(aborted[0] instanceof TooLargeError);
  });

  it('refuses a body that grows past the limit without a declared length, at one byte over', async () => {
    const { dispatcher, handler } = fakeDispatcher<NewHandler>();
    const pending = dispatchBytes(dispatcher, OPTIONS, 6);
    const h = handler();
    const { controller, aborted } = fakeController();
    h.onResponseStart(controller, 200, {}, 'OK');
    h.onResponseData(controller, Buffer.from('abcd'));
    h.onResponseData(controller, Buffer.from('efg'));
    h.onResponseEnd(controller, {});
    await assert.rejects(pending, TooLargeError);
    assert.equal(aborted.length, 1);
  });

  it('rejects with the error of a failed response', async () => {
    const { dispatcher, handler } = fakeDispatcher<NewHandler>();
    const pending = dispatchBytes(dispatcher, OPTIONS, 6);
    const h = handler();
    const { controller } = fakeController();
    h.onResponseStart(controller, 200, {}, 'OK');
    const failure = new Error('socket closed');
    h.onResponseError(controller, failure);
    await assert.rejects(pending, (error: unknown) => error === failure);
  });
});
