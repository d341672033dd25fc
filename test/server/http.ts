import busboy from 'busboy';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { ChatServer } from './core';
import { ApiError } from './errors';
import { stringify } from './json';
import { CompiledParams, compileParams, decodeParams } from './params';
import { compile, CompiledRoute, Ctx, RawResponse, Route, UploadedFile } from './router';
import { User } from './types';

export type Fault = (
  | { kind: 'delay'; ms: number }
  | {
      kind: 'status';
      status: number;
      body?: 'html' | 'json' | 'empty';
      /** A JSON body's `msg` and `code` (a refusal's reason). */ msg?: string;
      code?: string;
    }
  | { kind: 'drop' }
  | { kind: 'badBody' }
  | { kind: 'rateLimit'; retryAfter: number }
  /** A careless server or proxy: the request's Authorization header (and its decoded form) echoed in a 4xx `msg` or a 5xx HTML page. */
  | { kind: 'echoAuth'; status: number }
  /** The next `GET /events` also re-sends the events the client already acknowledged (a repeated batch). */
  | { kind: 'replayEvents' }
  /**
   * A frozen server: the request is accepted and never answered, until the client gives up and
   * closes the connection (or the server stops). A long-poll on it gets neither events nor heartbeats.
   */
  | { kind: 'hang' }
  /**
   * A reply lost on the way back: the request is carried out (a message is stored, its events
   * sent), then the connection is destroyed without an answer, so the client cannot know it worked.
   */
  | { kind: 'dropAfter' }
) & { route?: string; times?: number };

interface RawRequest {
  query: ReadonlyMap<string, string>;
  body: Map<string, string>;
  files: UploadedFile[];
}

type FrontRoute = CompiledRoute & { compiledParams: CompiledParams };

/** A route whose template matches a path, with the path's values for the template's parameters. */
interface RouteMatch {
  route: FrontRoute;
  values: string[];
}

/** Decoded `Authorization: Basic` credentials, or null when the header is not of that form. */
type Credentials = { email: string; key: string } | null;

/** Bound of the memo tables (pure functions of request strings); a full table is emptied. */
const MEMO_SIZE = 512;

const MAX_BODY = 30 * 1024 * 1024;

/** HTTP front end: routing, parameter decoding, auth, rate limits and fault injection. */
export class HttpFront {
  private readonly routes: FrontRoute[];
  /** The routes matching each recently requested API path, in routing order (see `routesFor`). */
  private readonly matches = new Map<string, RouteMatch[]>();
  /** Decoded credentials by `Authorization` header; the user is still looked up per request. */
  private readonly credentials = new Map<string, Credentials>();
  readonly faults: Fault[] = [];
  /** Requests held by `hang` faults whose connection is still open. */
  readonly hung = new Set<ServerResponse>();
  /** Requests of `dropAfter` faults: carried out, then their connection destroyed instead of the answer. */
  private readonly dropReplies = new Set<ServerResponse>();
  private readonly hits = new Map<number, HitWindow>();
  testControls?: (method: string, path: string, body: string) => Promise<{ status: number; json: unknown }>;
  rawPaths?: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;

  constructor(
    private readonly srv: ChatServer,
    routes: Route[],
  ) {
    this.routes = routes.map((r) => ({ ...compile(r), compiledParams: compileParams(r.params ?? {}, srv.fl) }));
  }

  /**
   * The routes (of this feature level) whose template matches `apiPath`, in routing order. A pure
   * function of the path, memoised: repeated requests skip trying every route's pattern.
   */
  private routesFor(apiPath: string): RouteMatch[] {
    let list = this.matches.get(apiPath);
    if (!list) {
      list = [];
      for (const route of this.routes) {
        const m = route.re.exec(apiPath);
        if (m && (route.since === undefined || this.srv.fl >= route.since)) list.push({ route, values: m.slice(1) });
      }
      if (this.matches.size >= MEMO_SIZE) this.matches.clear();
      this.matches.set(apiPath, list);
    }
    return list;
  }

  listen(port: number, host: string): Promise<Server> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent)
          sendJson(res, 500, { result: 'error', msg: 'Internal server error', code: 'BAD_REQUEST' });

        console.error('test server error', err);
      });
    });
    server.keepAliveTimeout = 5000;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, search } = splitUrl(req.url ?? '/');
    const method = (req.method ?? 'GET').toUpperCase();
    if (req.headers.authorization !== undefined) this.srv.credentialedRequests++;
    if (path.startsWith('/__test__/') && this.testControls) {
      const body = await readBody(req);
      const r = await this.testControls(method, path, body.toString('utf8'));
      return sendJson(res, r.status, r.json);
    }
    if (!path.startsWith('/api/v1/')) {
      if (this.rawPaths && (await this.rawPaths(req, res, path))) return;
      return sendJson(res, 404, { result: 'error', msg: 'Not Found', code: 'NOT_FOUND' });
    }
    const apiPath = path.slice('/api/v1'.length);
    const matching = this.routesFor(apiPath);
    const match = matching.find((x) => x.route.method === method);
    // Only awaited when a fault is queued: each await costs a microtask turn per request.
    if (this.faults.length && (await this.applyFault(req, res, method, apiPath, match?.route.template))) return;
    if (!match) {
      if (matching.length)
        return sendJson(res, 405, { result: 'error', msg: 'Method Not Allowed', code: 'BAD_REQUEST' });
      return sendJson(res, 404, { result: 'error', msg: 'Not Found', code: 'NOT_FOUND' });
    }
    const { route, values } = match;
    const headers: Record<string, string> = {};
    try {
      let user: User | null = null;
      if (route.auth !== false) {
        user = this.authenticate(req);
        Object.assign(headers, this.rateLimit(user));
      }
      const read = readParams(req, search, method);
      const raw = read instanceof Promise ? await read : read;
      let merged = raw.query;
      if (raw.body.size) {
        const both = new Map(raw.query);
        for (const [k, v] of raw.body) both.set(k, v);
        merged = both;
      }
      const { values: p, ignored } = decodeParams(route.compiledParams, merged);
      const pathParams: Record<string, string> = {};
      route.keys.forEach((k, i) => (pathParams[k] = decodeURIComponent(values[i])));
      const ctx: Ctx = { srv: this.srv, user: user as User, p, path: pathParams, req, res, files: raw.files };
      const pending = route.handler(ctx);
      const result = pending instanceof Promise ? await pending : pending;
      if (this.dropReplies.size && this.dropReplies.delete(res)) return void req.socket.destroy();
      if (res.destroyed || res.headersSent) return;
      if (result instanceof RawResponse) {
        res.writeHead(result.status, { ...headers, ...result.headers });
        res.end(result.body);
        return;
      }
      const body: Record<string, unknown> = { result: 'success', msg: '', ...result };
      if (ignored.length && this.srv.fl >= 167) body.ignored_parameters_unsupported = ignored;
      const violation = this.srv.opts.checkResponse?.(
        method,
        route.template,
        JSON.parse(stringify(body)) as Record<string, unknown>,
        { featureLevel: this.srv.fl, flavor: this.srv.prefix },
      );
      if (violation) {
        console.error(`test server: response shape violation: ${violation}`);
        return sendJson(res, 500, {
          result: 'error',
          msg: `Response shape violation: ${violation}`,
          code: 'STRICT_SHAPE',
        });
      }
      sendJson(res, 200, body, headers);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (this.dropReplies.size && this.dropReplies.delete(res)) return void req.socket.destroy();
      if (res.destroyed) return;
      sendJson(
        res,
        err.status,
        { result: 'error', msg: err.message, code: err.code, ...err.extra },
        { ...headers, ...err.headers },
      );
    }
  }

  private authenticate(req: IncomingMessage): User {
    const header = req.headers.authorization ?? '';
    const unauthorized = (): ApiError =>
      new ApiError(
        401,
        'UNAUTHORIZED',
        'Not logged in: API authentication or user session required',
        {},
        { 'WWW-Authenticate': 'Basic realm="zulip"' },
      );
    let creds = this.credentials.get(header);
    if (creds === undefined) {
      creds = decodeBasic(header);
      if (this.credentials.size >= MEMO_SIZE) this.credentials.clear();
      this.credentials.set(header, creds);
    }
    if (!creds) throw unauthorized();
    const { email, key } = creds;
    const user = this.srv.state.userByAnyEmail(email);
    if (!user || user.isSystemBot) throw unauthorized();
    if (user.apiKey !== key)
      throw new ApiError(401, 'INVALID_API_KEY', 'Invalid API key', {}, { 'WWW-Authenticate': 'Basic realm="zulip"' });
    if (!user.isActive) throw new ApiError(401, 'USER_DEACTIVATED', 'Account is deactivated');
    return user;
  }

  /** Sliding-window limiter per user; headers are always sent. */
  private rateLimit(user: User): Record<string, string> {
    const cfg = this.srv.opts.rateLimit;
    const limit = cfg ? cfg.limit : 200000;
    const window = cfg ? cfg.windowSeconds : 60;
    const nowMs = Date.now();
    let hits = this.hits.get(user.id);
    if (!hits) this.hits.set(user.id, (hits = new HitWindow()));
    hits.expire(nowMs - window * 1000);
    const count = hits.count;
    const reset = count ? (hits.oldest + window * 1000) / 1000 : nowMs / 1000 + window;
    if (cfg && count >= limit) {
      const retryAfter = Math.max(0.001, (hits.oldest + window * 1000 - nowMs) / 1000);
      throw new ApiError(
        429,
        'RATE_LIMIT_HIT',
        'API usage exceeded rate limit',
        { 'retry-after': retryAfter },
        {
          'Retry-After': String(Math.ceil(retryAfter)),
          'X-RateLimit-Limit': String(limit),
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': String(Math.ceil(reset)),
        },
      );
    }
    hits.push(nowMs);
    return {
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - hits.count)),
      'X-RateLimit-Reset': String(Math.ceil(reset)),
    };
  }

  private faultMatches(f: Fault, method: string, apiPath: string, template?: string): boolean {
    if (!f.route) return true;
    const spec = f.route.trim();
    const sp = spec.indexOf(' ');
    const fMethod = sp > 0 ? spec.slice(0, sp).toUpperCase() : null;
    let fPath = sp > 0 ? spec.slice(sp + 1).trim() : spec;
    if (fPath.startsWith('/api/v1/')) fPath = fPath.slice('/api/v1'.length);
    if (fMethod && fMethod !== method) return false;
    if (template && fPath === template) return true;
    return (
      apiPath === fPath ||
      apiPath.startsWith(fPath.endsWith('/') ? fPath : fPath + '/') ||
      (!fMethod && apiPath.startsWith(fPath))
    );
  }

  private async applyFault(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    apiPath: string,
    template?: string,
  ): Promise<boolean> {
    const i = this.faults.findIndex((f) => this.faultMatches(f, method, apiPath, template));
    if (i < 0) return false;
    const f = this.faults[i];
    f.times = (f.times ?? 1) - 1;
    if (f.times <= 0) this.faults.splice(i, 1);
    switch (f.kind) {
      case 'delay':
        await new Promise((r) => setTimeout(r, f.ms));
        return false;
      case 'drop':
        req.socket.destroy();
        return true;
      case 'dropAfter':
        this.dropReplies.add(res);
        return false;
      case 'hang':
        // No timer, nothing sent: the connection ends when the client closes it or `stop()` closes them all.
        this.hung.add(res);
        res.once('close', () => this.hung.delete(res));
        return true;
      case 'badBody':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"result": "success", "msg": "", "truncated');
        return true;
      case 'rateLimit':
        sendJson(
          res,
          429,
          {
            result: 'error',
            msg: 'API usage exceeded rate limit',
            code: 'RATE_LIMIT_HIT',
            'retry-after': f.retryAfter,
          },
          { 'Retry-After': String(Math.ceil(f.retryAfter)) },
        );
        return true;
      case 'replayEvents':
        this.srv.replayEvents = true;
        return false;
      case 'echoAuth': {
        const header = req.headers.authorization ?? '';
        const creds = decodeBasic(header);
        const decoded = creds ? `${creds.email}:${creds.key}` : '';
        if (f.status >= 500) {
          res.writeHead(f.status, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(`<html><body><h1>Error</h1><pre>Authorization: ${header}\nuser ${decoded}</pre></body></html>\n`);
        } else {
          sendJson(res, f.status, {
            result: 'error',
            msg: `Malformed header Authorization: ${header} (${decoded})`,
            code: 'BAD_REQUEST',
            header,
            key: creds?.key,
          });
        }
        return true;
      }
      case 'status': {
        const html = f.body ? f.body === 'html' : f.status >= 502;
        if (f.body === 'empty') {
          res.writeHead(f.status, { 'Content-Length': 0 });
          res.end();
        } else if (html) {
          res.writeHead(f.status, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(
            `<html><head><title>${f.status} Error</title></head><body><h1>${f.status} Error</h1><hr><center>nginx</center></body></html>\n`,
          );
        } else {
          sendJson(res, f.status, {
            result: 'error',
            msg: f.msg ?? 'Internal server error',
            code: f.code ?? 'INTERNAL_SERVER_ERROR',
          });
        }
        return true;
      }
    }
  }
}

/** `user:key` of an `Authorization: Basic` header. */
function decodeBasic(header: string): Credentials {
  const m = /^Basic\s+(.+)$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { email: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

/**
 * Path and query string of a request target, as `new URL(target, base)` reads them. Targets of
 * plain printable ASCII whose path needs no normalisation (no dot segments, nothing the URL
 * parser would percent-encode) are split at `?`; anything else goes through `URL`.
 */
export function splitUrl(target: string): { path: string; search: string } {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  if (PLAIN_TARGET.test(target) && PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path)) {
    return { path, search: q < 0 ? '' : target.slice(q + 1) };
  }
  const url = new URL(target, 'http://127.0.0.1');
  return { path: url.pathname, search: url.search.slice(1) };
}

const PLAIN_TARGET = /^\/(?!\/)[^#\\\x00-\x20\x7f-\uffff]*$/;
const PLAIN_PATH = /^[^"<>`{}]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * A user's request times (ms, ascending) within the rate-limit window: a queue whose expired
 * head is skipped by an index, so each request costs O(1) instead of a filter over the window.
 */
class HitWindow {
  private times: number[] = [];
  private head = 0;

  get count(): number {
    return this.times.length - this.head;
  }
  get oldest(): number {
    return this.times[this.head];
  }

  /** Drop the hits at or before `cutoffMs`. */
  expire(cutoffMs: number): void {
    const times = this.times;
    while (this.head < times.length && times[this.head] <= cutoffMs) this.head++;
    if (this.head > 1024 && this.head * 2 > times.length) {
      this.times = times.slice(this.head);
      this.head = 0;
    }
  }

  push(ms: number): void {
    this.times.push(ms);
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new ApiError(413, 'BAD_REQUEST', 'Request too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Decoded query strings: a pure function of the string, memoised; the maps are only read. */
const queries = new Map<string, ReadonlyMap<string, string>>();

function readQuery(search: string): ReadonlyMap<string, string> {
  let query = queries.get(search);
  if (!query) {
    const decoded = new Map<string, string>();
    if (search) for (const [k, v] of new URLSearchParams(search)) decoded.set(k, v);
    if (queries.size >= MEMO_SIZE) queries.clear();
    queries.set(search, (query = decoded));
  }
  return query;
}

/** The query and, for methods with a body, the form or multipart body; GETs never wait. */
function readParams(req: IncomingMessage, search: string, method: string): RawRequest | Promise<RawRequest> {
  const out: RawRequest = { query: readQuery(search), body: new Map(), files: [] };
  return method === 'GET' ? out : readBodyParams(req, out);
}

async function readBodyParams(req: IncomingMessage, out: RawRequest): Promise<RawRequest> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    await readMultipart(req, out);
    return out;
  }
  const body = await readBody(req);
  if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(body.toString('utf8'))) out.body.set(k, v);
  }
  // Any other body (e.g. JSON) is not read, as the real service does: its fields are simply absent.
  return out;
}

function readMultipart(req: IncomingMessage, out: RawRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: MAX_BODY }, defParamCharset: 'utf8' });
    } catch {
      reject(new ApiError(400, 'BAD_REQUEST', 'Malformed multipart body'));
      return;
    }
    bb.on('field', (name, value) => out.body.set(name, value));
    bb.on('file', (field, stream, info) => {
      const filename = info.filename ?? 'file';
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => out.files.push({ field, filename, mimeType: info.mimeType, data: Buffer.concat(chunks) }));
    });
    bb.on('close', () => resolve());
    bb.on('error', () => reject(new ApiError(400, 'BAD_REQUEST', 'Malformed multipart body')));
    req.pipe(bb);
  });
}
