import type { Dispatcher } from 'undici';

/** A response with its whole body as text. */
export interface TextResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
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

class TextHandler implements Dispatcher.DispatchHandler {
  #statusCode = 0;
  #headers: TextResponse['headers'] = {};
  #chunks: Buffer[] = [];
  #controller: Dispatcher.DispatchController | undefined;
  #settled = false;
  readonly #resolve: (response: TextResponse) => void;
  readonly #reject: (error: unknown) => void;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort: (() => void) | undefined;

  constructor(resolve: (response: TextResponse) => void, reject: (error: unknown) => void, signal: AbortSignal | undefined) {
    this.#resolve = resolve;
    this.#reject = reject;
    this.#signal = signal;
    if (signal) {
      this.#onAbort = () => {
        this.#controller?.abort(signal.reason as Error);
        this.#settle(undefined, signal.reason);
      };
      signal.addEventListener('abort', this.#onAbort, { once: true });
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    // Cancelled while waiting for a connection: never put it on the wire.
    if (this.#settled) controller.abort(this.#signal?.reason as Error);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: TextResponse['headers']): void {
    if (statusCode < 200) return; // 1xx informational heads precede the real one
    this.#statusCode = statusCode;
    this.#headers = headers;
    this.#chunks = [];
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    const chunks = this.#chunks;
    let text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    // As undici's body.text(): a UTF-8 byte-order mark is not part of the text.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    this.#settle({ statusCode: this.#statusCode, headers: this.#headers, text });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
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
