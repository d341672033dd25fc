/**
 * A response body as bytes, at most `maxBytes` of it: for files of the realm (images the
 * conversation view shows), through the client's own dispatcher so the credentials never leave
 * the realm's origin. As `dispatchText` (./transport.ts), undici's `dispatch` with a small handler.
 */
import * as l10n from '@vscode/l10n';
import type { Dispatcher } from 'undici';

export interface BytesResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

export class TooLargeError extends Error {
  constructor() {
    super(l10n.t('The file could not be loaded (too large).'));
  }
}

export function dispatchBytes(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  maxBytes: number,
): Promise<BytesResponse> {
  return new Promise((resolve, reject) => {
    let statusCode = 0;
    let headers: BytesResponse['headers'] = {};
    let chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (controller: Dispatcher.DispatchController | undefined, error: Error): void => {
      if (settled) return;
      settled = true;
      controller?.abort(error);
      reject(error);
    };
    dispatcher.dispatch(options, {
      onRequestStart() {
        // Nothing to do before the request goes out (no signal: the time limits are undici's).
      },
      onResponseStart(controller, status, head) {
        if (status < 200) return;
        statusCode = status;
        headers = head as BytesResponse['headers'];
        chunks = [];
        size = 0;
        if (Number(headers['content-length']) > maxBytes) fail(controller, new TooLargeError());
      },
      onResponseData(controller, chunk) {
        size += chunk.length;
        if (size > maxBytes) fail(controller, new TooLargeError());
        else chunks.push(chunk);
      },
      onResponseEnd() {
        if (settled) return;
        settled = true;
        resolve({ statusCode, headers, bytes: Buffer.concat(chunks) });
      },
      onResponseError(_controller, error) {
        fail(undefined, error);
      },
    });
  });
}
