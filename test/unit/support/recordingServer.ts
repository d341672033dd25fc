// The one local HTTP server of the API client's unit tests: it records each request the client
// sends (method, path, query, form, raw body, headers) and answers JSON (or a raw status and body),
// so a test checks what goes on the wire without a chat server. Call it inside a `describe`.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChatClient, type ChatClientOptions } from '../../../src/api/client';

/** One request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** The request target as received, query included, e.g. `/api/v1/things?a=1`. */
  url: string;
  /** The path as received, without the query, e.g. `/api/v1/users/hamlet%40example.com`. */
  path: string;
  /** The query parameters. */
  query: Record<string, string>;
  /** The urlencoded form fields of the body ({} for a multipart body). */
  form: Record<string, string>;
  /** The parameters as the client sends them: the query of a GET, the form of other methods. */
  params: Record<string, string>;
  /** The raw body, read as latin1 (one character per byte). */
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** The JSON fields of an answer (over `{ result: 'success', msg: '' }`), or a function of the request giving them. */
export type Answer = Record<string, unknown> | ((request: RecordedRequest) => Record<string, unknown>);

/** Options of `client()`: any ChatClient option, plus the server facts and limits it starts with. */
export interface RecordingClientOptions extends Partial<Omit<ChatClientOptions, 'realmUrl'>> {
  /** The feature level of `client.server` (default 482). */
  featureLevel?: number;
  /** `client.limits` (default: none). */
  limits?: ChatClient['limits'];
}

interface RawAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export interface RecordingServer {
  /** `http://127.0.0.1:<port>`, known once the `before` hook ran. */
  readonly origin: string;
  /** The requests received since the test began (or since `last()`), oldest first. */
  readonly requests: RecordedRequest[];
  /** Answers the next requests with these JSON fields (default: none, i.e. plain success). */
  answer(answer: Answer): void;
  /** Answers the next requests with this raw status, body and headers (content-type JSON unless given). */
  respond(status: number, body: string, headers?: Record<string, string>): void;
  /** A client of this server without automatic retries; closed after the tests. */
  client(options?: RecordingClientOptions): ChatClient;
  /** The one request received since the test began or the last call; asserts there was exactly one. */
  last(): RecordedRequest;
}

/** Starts the server for the tests of the enclosing `describe` (mocha hooks); see the file comment. */
export function recordingServer(): RecordingServer {
  const requests: RecordedRequest[] = [];
  const clients: ChatClient[] = [];
  let reply: { json: Answer } | { raw: RawAnswer } = { json: {} };
  let origin = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('latin1');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const multipart = req.headers['content-type']?.startsWith('multipart/') === true;
      const method = req.method ?? '';
      const query = Object.fromEntries(url.searchParams);
      const form = Object.fromEntries(new URLSearchParams(multipart ? '' : body));
      const params = method === 'GET' ? query : form;
      const request: RecordedRequest = {
        method,
        url: req.url ?? '',
        path: url.pathname,
        query,
        form,
        params,
        body,
        headers: req.headers,
      };
      requests.push(request);
      if ('raw' in reply) {
        res.writeHead(reply.raw.status, { 'content-type': 'application/json', ...reply.raw.headers });
        res.end(reply.raw.body);
        return;
      }
      const fields = typeof reply.json === 'function' ? reply.json(request) : reply.json;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: 'success', msg: '', ...fields }));
    });
  });

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
    reply = { json: {} };
  });

  return {
    get origin() {
      return origin;
    },
    requests,
    answer(json) {
      reply = { json };
    },
    respond(status, body, headers = {}) {
      reply = { raw: { status, body, headers } };
    },
    client({ featureLevel = 482, limits, ...options } = {}) {
      assert.ok(origin, 'client() is called in a test or hook, after the server started');
      const c = new ChatClient({ realmUrl: origin, email: 'iago@example.com', apiKey: 'k', maxRetries: 0, ...options });
      c.server = { featureLevel, version: 'test', mergeBase: undefined, flavor: 'chat' };
      if (limits) c.limits = limits;
      clients.push(c);
      return c;
    },
    last() {
      assert.equal(requests.length, 1, 'one request sent');
      return requests.pop()!;
    },
  };
}

/** The method, path and parameters of a request, to compare with one `deepEqual`. */
export function brief({ method, path, params }: RecordedRequest): {
  method: string;
  path: string;
  params: Record<string, string>;
} {
  return { method, path, params };
}
