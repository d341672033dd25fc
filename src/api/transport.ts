import type { Dispatcher } from 'undici';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseHeaders } = require('undici/lib/core/util') as {
  parseHeaders(headers: Buffer[]): Record<string, string | string[]>;
};

/** A response with its whole body as text. */
export interface TextResponse {
  statusCode: number;
  /** Every header, as undici's `parseHeaders` gives them (made on first use). */
  readonly headers: Record<string, string | string[] | undefined>;
  /** One header (names in lower case), without making the others. */
  header(name: string): string | string[] | undefined;
  text: string;
}

class RawTextResponse implements TextResponse {
  #headers: TextResponse['headers'] | undefined;
  constructor(
    readonly statusCode: number,
    readonly rawHeaders: Buffer[],
    readonly text: string,
  ) {}

  get headers(): TextResponse['headers'] {
    return (this.#headers ??= parseHeaders(this.rawHeaders) as TextResponse['headers']);
  }

  header(name: string): string | string[] | undefined {
    let found: string | string[] | undefined;
    const raw = this.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const key = raw[i]!;
      if (key.length !== name.length || key.toString('latin1').toLowerCase() !== name) continue;
      const value = raw[i + 1]!.toString('latin1');
      // As parseHeaders: a repeated header is the list of its values.
      found = found === undefined ? value : typeof found === 'string' ? [found, value] : [...found, value];
    }
    return found;
  }
}

/**
 * Sends one request through `dispatcher` and collects the body as text.
 *
 * This is undici's `dispatch` with a handler of its own rather than `request()`: API bodies are
 * small JSON documents read whole, so the readable stream, the async resource and the body mixin
 * that `request()` builds for every response are pure overhead here (about a sixth of the client's
 * CPU per request in `npm run bench`). Time limits stay undici's (`headersTimeout`,
 * `bodyTimeout` in `options`). The signal cancels a request at once, whether it is still queued
 * for a connection or already on the wire.
 */
export function dispatchText(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  signal: AbortSignal | undefined,
): Promise<TextResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    dispatcher.dispatch(options, new TextHandler(resolve, reject, signal));
  });
}

/**
 * undici's own handler interface (the one its client calls; a handler of the newer
 * `onRequestStart`/`onResponseStart` form is wrapped in an adapter that parses every response
 * header into an object, per request): here the raw header list is kept and read on demand.
 */
class TextHandler implements Dispatcher.DispatchHandler {
  #statusCode = 0;
  #rawHeaders: Buffer[] = [];
  #chunks: Buffer[] = [];
  #abort: ((error?: Error) => void) | undefined;
  #settled = false;
  readonly #resolve: (response: TextResponse) => void;
  readonly #reject: (error: unknown) => void;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort: (() => void) | undefined;

  constructor(
    resolve: (response: TextResponse) => void,
    reject: (error: unknown) => void,
    signal: AbortSignal | undefined,
  ) {
    this.#resolve = resolve;
    this.#reject = reject;
    this.#signal = signal;
    if (signal) {
      this.#onAbort = () => {
        this.#abort?.(signal.reason as Error);
        this.#settle(undefined, signal.reason);
      };
      signal.addEventListener('abort', this.#onAbort, { once: true });
    }
  }

  onConnect(abort: (error?: Error) => void): void {
    this.#abort = abort;
    // Cancelled while waiting for a connection: never put it on the wire.
    if (this.#settled) abort(this.#signal?.reason as Error);
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    if (statusCode < 200) return true; // 1xx informational heads precede the real one
    this.#statusCode = statusCode;
    this.#rawHeaders = rawHeaders;
    this.#chunks = [];
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.#chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    const chunks = this.#chunks;
    let text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    // As undici's body.text(): a UTF-8 byte-order mark is not part of the text.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    this.#settle(new RawTextResponse(this.#statusCode, this.#rawHeaders, text));
  }

  onError(error: Error): void {
    this.#settle(undefined, error);
  }

  #settle(response: TextResponse | undefined, error?: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    if (this.#onAbort) this.#signal!.removeEventListener('abort', this.#onAbort);
    if (response) this.#resolve(response);
    else this.#reject(error);
  }
}
