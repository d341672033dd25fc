import busboy from 'busboy';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { ChatServer } from './core';
import { ApiError } from './errors';
import { parseParams } from './params';
import { compile, CompiledRoute, Ctx, RawResponse, Route, UploadedFile } from './router';
import { User } from './types';

export type Fault = ({ kind: 'delay'; ms: number } | { kind: 'status'; status: number; body?: 'html' | 'json' }
  | { kind: 'drop' } | { kind: 'badBody' } | { kind: 'rateLimit'; retryAfter: number }) & { route?: string; times?: number };

interface RawRequest { query: Map<string, string>; body: Map<string, string>; files: UploadedFile[] }

const MAX_BODY = 30 * 1024 * 1024;

/** HTTP front end: routing, parameter decoding, auth, rate limits and fault injection. */
export class HttpFront {
  private readonly routes: CompiledRoute[];
  readonly faults: Fault[] = [];
  private readonly hits = new Map<number, number[]>();
  testControls?: (method: string, path: string, body: string) => Promise<{ status: number; json: unknown }>;
  rawPaths?: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;

  constructor(private readonly srv: ChatServer, routes: Route[]) {
    this.routes = routes.map(compile);
  }

  listen(port: number): Promise<Server> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { result: 'error', msg: 'Internal server error', code: 'BAD_REQUEST' });
        // eslint-disable-next-line no-console
        console.error('test server error', err);
      });
    });
    server.keepAliveTimeout = 5000;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname;
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
    let match: { route: CompiledRoute; values: string[] } | null = null;
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.re.exec(apiPath);
      if (!m || (route.since !== undefined && this.srv.fl < route.since)) continue;
      pathMatched = true;
      if (route.method === method) {
        match = { route, values: m.slice(1) };
        break;
      }
    }
    if (await this.applyFault(req, res, method, apiPath, match?.route.template)) return;
    if (!match) {
      if (pathMatched) return sendJson(res, 405, { result: 'error', msg: 'Method Not Allowed', code: 'BAD_REQUEST' });
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
      const raw = await readParams(req, url, method);
      const merged = new Map(raw.query);
      for (const [k, v] of raw.body) merged.set(k, v);
      const { values: p, ignored } = parseParams(route.params ?? {}, merged, this.srv.fl);
      const pathParams: Record<string, string> = {};
      route.keys.forEach((k, i) => (pathParams[k] = decodeURIComponent(values[i])));
      const ctx: Ctx = { srv: this.srv, user: user as User, p, path: pathParams, req, res, files: raw.files };
      const result = await route.handler(ctx);
      if (res.destroyed || res.headersSent) return;
      if (result instanceof RawResponse) {
        res.writeHead(result.status, { ...headers, ...result.headers });
        res.end(result.body);
        return;
      }
      const body: Record<string, unknown> = { result: 'success', msg: '', ...result };
      if (ignored.length && this.srv.fl >= 167) body.ignored_parameters_unsupported = ignored;
      sendJson(res, 200, body, headers);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (res.destroyed) return;
      sendJson(res, err.status, { result: 'error', msg: err.message, code: err.code, ...err.extra }, { ...headers, ...err.headers });
    }
  }

  private authenticate(req: IncomingMessage): User {
    const header = req.headers.authorization ?? '';
    const m = /^Basic\s+(.+)$/i.exec(header);
    const unauthorized = (): ApiError => new ApiError(401, 'UNAUTHORIZED',
      'Not logged in: API authentication or user session required', {}, { 'WWW-Authenticate': 'Basic realm="zulip"' });
    if (!m) throw unauthorized();
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw unauthorized();
    const email = decoded.slice(0, colon);
    const key = decoded.slice(colon + 1);
    const user = this.srv.state.userByAnyEmail(email);
    if (!user || user.isSystemBot) throw unauthorized();
    if (user.apiKey !== key) throw new ApiError(401, 'INVALID_API_KEY', 'Invalid API key', {}, { 'WWW-Authenticate': 'Basic realm="zulip"' });
    if (!user.isActive) throw new ApiError(401, 'USER_DEACTIVATED', 'Account is deactivated');
    return user;
  }

  /** Sliding-window limiter per user; headers are always sent. */
  private rateLimit(user: User): Record<string, string> {
    const cfg = this.srv.opts.rateLimit;
    const limit = cfg ? cfg.limit : 200000;
    const window = cfg ? cfg.windowSeconds : 60;
    const nowMs = Date.now();
    const list = (this.hits.get(user.id) ?? []).filter((t) => t > nowMs - window * 1000);
    this.hits.set(user.id, list);
    const reset = list.length ? (list[0] + window * 1000) / 1000 : nowMs / 1000 + window;
    if (cfg && list.length >= limit) {
      const retryAfter = Math.max(0.001, (list[0] + window * 1000 - nowMs) / 1000);
      throw new ApiError(429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': retryAfter }, {
        'Retry-After': String(Math.ceil(retryAfter)), 'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(Math.ceil(reset)),
      });
    }
    list.push(nowMs);
    return {
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - list.length)),
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
    return apiPath === fPath || apiPath.startsWith(fPath.endsWith('/') ? fPath : fPath + '/') || (!fMethod && apiPath.startsWith(fPath));
  }

  private async applyFault(req: IncomingMessage, res: ServerResponse, method: string, apiPath: string, template?: string): Promise<boolean> {
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
      case 'badBody':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"result": "success", "msg": "", "truncated');
        return true;
      case 'rateLimit':
        sendJson(res, 429, { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': f.retryAfter },
          { 'Retry-After': String(Math.ceil(f.retryAfter)) });
        return true;
      case 'status': {
        const html = f.body ? f.body === 'html' : f.status >= 502;
        if (html) {
          res.writeHead(f.status, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(`<html><head><title>${f.status} Error</title></head><body><h1>${f.status} Error</h1><hr><center>nginx</center></body></html>\n`);
        } else {
          sendJson(res, f.status, { result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
        }
        return true;
      }
    }
  }
}

/** Pre-serialised JSON spliced into a response as-is (large cached sections of `/register`). */
export class RawJson {
  constructor(readonly text: string) {}
}

function stringify(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_k, v: unknown) => (v instanceof RawJson ? `\u0000raw${raws.push(v.text) - 1}\u0000` : v));
  if (!raws.length) return text;
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_, i: string) => raws[Number(i)]);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
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

async function readParams(req: IncomingMessage, url: URL, method: string): Promise<RawRequest> {
  const query = new Map<string, string>();
  for (const [k, v] of url.searchParams) query.set(k, v);
  const out: RawRequest = { query, body: new Map(), files: [] };
  if (method === 'GET') return out;
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
      bb = busboy({ headers: req.headers, limits: { fileSize: MAX_BODY } });
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
