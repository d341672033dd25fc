import * as l10n from '@vscode/l10n';
import type { Readable } from 'node:stream';
import type { Dispatcher, Pool as UndiciPool } from 'undici';
import * as z from 'zod';
import { Backoff, sleep } from './backoff';
import { ApiError, ChatError, NetworkError, ServerError, ValidationError } from './errors';
import { encodeParams, fillPath } from './encode';
import { readServerInfo, type ServerInfo } from './features';
import type { CallContext, HttpMethod, Operation, RealmLimits } from './operation';
import { operations, type OperationKey, type Operations } from './operations';
import { parseResponse } from './response';
import { parseResult } from './result';
import { credentialSecrets, scrubError } from './scrub';
import { dispatchText, type TextResponse } from './transport';
import { dispatchBytes } from './download';
import { errorCode, toNetworkError } from './networkError';
import type { UploadBody } from './multipart';
import { parseParams, validateParams } from './validateParams';

export interface ChatClientOptions {
  /** The organisation's URL, e.g. `https://chat.example.com`. */
  realmUrl: string;
  email: string;
  apiKey: string;
  /** Per-request time limit in ms (default 30 s; long-polls pass their own). */
  timeoutMs?: number;
  /** Automatic retries of one call (default 3). */
  maxRetries?: number;
  /** Connections kept alive to the server (default 8). */
  connections?: number;
  userAgent?: string;
  /** Called before a retry, e.g. to show "rate limited, retrying in 3 s". */
  onRetry?: (info: RetryInfo) => void;
  /** Backoff bounds, for tests. */
  backoff?: { baseMs?: number; capMs?: number };
}

export interface RetryInfo {
  route: string;
  attempt: number;
  delayMs: number;
  error: ChatError;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Override the retry budget for this call (0: no automatic retry). */
  maxRetries?: number;
  /** A multipart body sent instead of the form (`POST /user_uploads`); opened anew for each attempt. */
  upload?: UploadBody;
}

/** The rate-limit headers of the last response. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** UNIX seconds when the window resets. */
  reset: number;
}

export type ParamsOf<K extends OperationKey> = z.input<Operations[K]['params']>;
export type ResultOf<K extends OperationKey> = z.output<Operations[K]['response']>;

// Only the connection pool: undici's index loads fetch, WebSocket, caches and more, which would
// double the bundle and its load time for nothing this client uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Pool = require('undici/lib/dispatcher/pool') as typeof UndiciPool;
const DEFAULT_TIMEOUT_MS = 30_000;
const USER_AGENT = 'TeamChatVSCode/0.1';

/**
 * The chat-service client: one `request()` core (Basic auth, form encoding, time limit,
 * cancellation, retries, error mapping) and `call()`, which validates parameters and parses
 * responses with the operation's schemas. Imports nothing from `vscode`.
 */
export class ChatClient {
  readonly realmUrl: string;
  readonly email: string;
  /** What is known of the server; learned from `/server_settings` or `/register`. */
  server: ServerInfo | undefined;
  /** Organisation limits; learned from `/register`. */
  limits: RealmLimits = {};
  rateLimit: RateLimitState | undefined;

  readonly #authorization: string;
  /** The key's forms that must never appear in an error (see scrub.ts). */
  readonly #secrets: readonly string[];
  readonly #origin: string;
  readonly #basePath: string;
  readonly #pool: Dispatcher;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #userAgent: string;
  /** The request headers as undici's flat list, without and with the credentials. */
  readonly #headers: readonly string[];
  readonly #authHeaders: readonly string[];
  readonly #onRetry: ((info: RetryInfo) => void) | undefined;
  readonly #backoff: { baseMs?: number; capMs?: number };
  #serverInfoPending: Promise<ServerInfo> | undefined;

  constructor(options: ChatClientOptions) {
    const url = parseRealmUrl(options.realmUrl);
    this.realmUrl = url.origin + url.pathname.replace(/\/+$/, '');
    this.email = options.email;
    this.#origin = url.origin;
    this.#basePath = url.pathname.replace(/\/+$/, '') + '/api/v1';
    this.#authorization = 'Basic ' + Buffer.from(`${options.email}:${options.apiKey}`, 'utf8').toString('base64');
    this.#secrets = credentialSecrets(options.email, options.apiKey);
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxRetries = options.maxRetries ?? 3;
    this.#userAgent = options.userAgent ?? USER_AGENT;
    this.#headers = Object.freeze(['user-agent', this.#userAgent, 'accept', 'application/json']);
    this.#authHeaders = Object.freeze([...this.#headers, 'authorization', this.#authorization]);
    this.#onRetry = options.onRetry;
    this.#backoff = options.backoff ?? {};
    // One pool per client, bound to the realm's origin: nothing else can ever receive the credentials.
    this.#pool = new Pool(this.#origin, {
      connections: options.connections ?? 8,
      keepAliveTimeout: 30_000,
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  }

  /**
   * `GET` of a file on the realm's own origin (an upload, a custom emoji, an avatar) with the
   * account's credentials: `path` is the URL's path and query. Refuses a body over `maxBytes`, a
   * content type `accept` refuses, and anything but a 200 (redirects are not followed).
   */
  async download(
    path: string,
    options: { maxBytes: number; accept: (contentType: string) => boolean },
  ): Promise<{ contentType: string; bytes: Buffer }> {
    if (!path.startsWith('/') || path.startsWith('//'))
      throw new Error(l10n.t('Only files on the server itself can be downloaded.'));
    const timeoutMs = this.#timeoutMs;
    const response = await dispatchBytes(
      this.#pool,
      {
        origin: this.#origin,
        path,
        method: 'GET',
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        headers: { 'user-agent': this.#userAgent, authorization: this.#authorization },
      },
      options.maxBytes,
    );
    const type = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (response.statusCode !== 200)
      throw new Error(l10n.t('The file could not be loaded (status {0}).', response.statusCode));
    if (!options.accept(type)) throw new Error(l10n.t('The file could not be loaded (type {0}).', type || 'unknown'));
    return { contentType: type, bytes: response.bytes };
  }

  /** Closes the kept-alive connections. */
  async close(): Promise<void> {
    await this.#pool.close();
  }

  /**
   * Calls one operation by its docs/API.md key: validates `params`, sends, parses the response.
   * Throws `ValidationError` before sending when the input is refused.
   */
  async call<K extends OperationKey>(key: K, params: ParamsOf<K>, options: CallOptions = {}): Promise<ResultOf<K>> {
    const op = operations[key] as unknown as Operation;
    if (!op) throw new Error(`Unknown operation ${String(key)}`);
    let values = parseParams(op, key, params);
    let ctx: CallContext | undefined;
    if (op.check || op.encode) {
      ctx = { route: key, server: this.server ?? (await this.ensureServerInfo(options.signal)), limits: this.limits };
      op.check?.(values, ctx);
      if (op.encode) values = op.encode(values, ctx);
    }
    const { path, rest } = fillPath(op.path, values, key);
    const body = await this.#request(op.method, path, rest, options, key, op.auth !== false, false);
    this.learn(key, body);
    if (op.normalize) {
      ctx ??= { route: key, server: this.server ?? (await this.ensureServerInfo(options.signal)), limits: this.limits };
    }
    try {
      return parseResult(key, body, ctx);
    } catch (error) {
      throw scrubError(error, this.#secrets);
    }
  }

  /**
   * `call()`'s checks of `params` with nothing sent: throws the `ValidationError` `call()` would
   * (see validateParams: checks that read the server's version wait for it to be known). With
   * `'some'`, only the parameters given: commands refuse one field before asking for the rest.
   */
  validate<K extends OperationKey>(key: K, params: ParamsOf<K>): void;
  validate<K extends OperationKey>(key: K, params: Partial<ParamsOf<K>>, scope: 'some'): void;
  validate<K extends OperationKey>(key: K, params: Partial<ParamsOf<K>>, scope?: 'some'): void {
    validateParams(key, params, this, scope === 'some');
  }

  /** The server's version facts, fetching `GET /server_settings` once when not yet known. */
  async ensureServerInfo(signal?: AbortSignal): Promise<ServerInfo> {
    if (this.server) return this.server;
    this.#serverInfoPending ??= this.#request(
      'GET',
      '/server_settings',
      {},
      { signal },
      'GET /server_settings',
      false,
      false,
    ).then(
      (body) => (this.server = readServerInfo(body)),
      (error: unknown) => {
        this.#serverInfoPending = undefined;
        throw error;
      },
    );
    return this.#serverInfoPending;
  }

  /**
   * The transport core: sends one request with the realm's credentials, maps every failure to a
   * `ChatError`, and retries what is safe to retry (GETs on network errors, 5xx and 429; other
   * methods only after a 429, which guarantees the request was not processed).
   */
  request(
    method: HttpMethod,
    path: string,
    params: Record<string, unknown>,
    options: CallOptions & { route: string; auth?: boolean; retryUnsafe?: boolean },
  ): Promise<Record<string, unknown>> {
    return this.#request(
      method,
      path,
      params,
      options,
      options.route,
      options.auth !== false,
      options.retryUnsafe === true,
    );
  }

  /**
   * `request()` with its route and flags as arguments (no options object copied per call). One
   * async function for the whole exchange: the common case (an answer at the first attempt)
   * awaits only undici's dispatch.
   */
  async #request(
    method: HttpMethod,
    path: string,
    params: Record<string, unknown>,
    options: CallOptions,
    route: string,
    auth: boolean,
    retryUnsafe: boolean,
  ): Promise<Record<string, unknown>> {
    // Made on the first retry only: almost every call succeeds at once.
    let backoff: Backoff | undefined;
    const maxRetries = options.maxRetries ?? this.#maxRetries;
    const signal = options.signal;
    for (let attempt = 0; ; attempt++) {
      let failure: unknown;
      try {
        let response: TextResponse;
        const sending = this.#dispatch(method, path, params, options, auth);
        try {
          response = await sending;
        } catch (error) {
          if (signal?.aborted) throw signal.reason ?? error;
          // Transport failures carry a code (ECONNREFUSED, UND_ERR_…); anything else is a bug, not the network.
          if (errorCode(error) === undefined) throw error;
          throw toNetworkError(error, this.#origin, route);
        }
        this.#readRateLimit(response);
        return parseResponse(response, route);
      } catch (error) {
        failure = error;
      }
      scrubError(failure, this.#secrets);
      if (!(failure instanceof ChatError) || attempt >= maxRetries || signal?.aborted) throw failure;
      backoff ??= new Backoff(this.#backoff.baseMs ?? 250, this.#backoff.capMs ?? 10_000);
      const delayMs = retryDelay(failure, method === 'GET' || retryUnsafe, backoff);
      if (delayMs === undefined) throw failure;
      this.#onRetry?.({ route, attempt: attempt + 1, delayMs, error: failure });
      await sleep(delayMs, signal);
    }
  }

  /** Puts one attempt on the wire: the text response's promise. */
  #dispatch(
    method: HttpMethod,
    path: string,
    params: Record<string, unknown>,
    options: CallOptions,
    auth: boolean,
  ): Promise<TextResponse> {
    const form = encodeParams(params);
    let fullPath = this.#basePath + path;
    let body: string | Readable | undefined;
    let headers: readonly string[];
    if (options.upload) {
      body = options.upload.open();
      headers = [
        ...(auth ? this.#authHeaders : this.#headers),
        'content-type',
        options.upload.contentType,
        'content-length',
        String(options.upload.length),
      ];
    } else if (method === 'GET' || !form) {
      // The common case: one shared, flat header list (undici reads it, never keeps or changes it).
      if (form && method === 'GET') fullPath += '?' + form;
      headers = auth ? this.#authHeaders : this.#headers;
    } else {
      body = form;
      headers = [...(auth ? this.#authHeaders : this.#headers), 'content-type', 'application/x-www-form-urlencoded'];
    }
    // The time limit is undici's own (time to the response head, then between body chunks): an
    // AbortSignal.timeout per request costs a timer and listeners on the hot path.
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    return dispatchText(
      this.#pool,
      {
        origin: this.#origin,
        path: fullPath,
        method,
        headers: headers as string[],
        body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      options.signal,
    );
  }

  #readRateLimit(response: TextResponse): void {
    const limit = Number(response.header('x-ratelimit-limit'));
    const remaining = Number(response.header('x-ratelimit-remaining'));
    const reset = Number(response.header('x-ratelimit-reset'));
    if (Number.isFinite(limit) && Number.isFinite(remaining)) {
      const resetAt = Number.isFinite(reset) ? reset : 0;
      const known = this.rateLimit;
      // A new object only when something changed: callers may keep the one they read.
      if (!known || known.limit !== limit || known.remaining !== remaining || known.reset !== resetAt) {
        this.rateLimit = { limit, remaining, reset: resetAt };
      }
    }
  }

  /** Keeps server facts and limits current from the bodies that carry them. */
  private learn(key: string, body: Record<string, unknown>): void {
    if (key === 'GET /server_settings' || key === 'POST /register') {
      this.server = readServerInfo(body);
    }
    if (key === 'POST /register') {
      this.limits = { ...this.limits, ...readLimits(body) };
    }
  }

  /** Adopts limits from a `/register` snapshot or a `realm` event. */
  updateLimits(source: Record<string, unknown>): void {
    this.limits = { ...this.limits, ...readLimits(source) };
  }
}

function parseRealmUrl(realmUrl: string): URL {
  let url: URL;
  try {
    url = new URL(realmUrl.trim());
  } catch {
    throw new ValidationError(
      l10n.t('"{0}" is not a valid server URL (e.g. https://chat.example.com).', realmUrl),
      undefined,
      'realmUrl',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ValidationError(
      l10n.t('The server URL must start with https:// (or http:// for a local server).'),
      undefined,
      'realmUrl',
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ValidationError(
      l10n.t('The server URL must not contain credentials, a query or a fragment.'),
      undefined,
      'realmUrl',
    );
  }
  return url;
}

/** The wait before retrying, or undefined when the error must not be retried. */
function retryDelay(error: ChatError, idempotent: boolean, backoff: Backoff): number | undefined {
  if (error instanceof ApiError && (error.httpStatus === 429 || error.code === 'RATE_LIMIT_HIT')) {
    const seconds = error.retryAfterSeconds;
    return seconds !== undefined ? Math.ceil(seconds * 1000) : backoff.next();
  }
  if (!idempotent) return undefined;
  if (error instanceof NetworkError || error instanceof ServerError) return backoff.next();
  return undefined;
}

function readLimits(source: Record<string, unknown>): RealmLimits {
  const limits: RealmLimits = {};
  const num = (k: string) => (typeof source[k] === 'number' ? (source[k] as number) : undefined);
  limits.maxTopicLength = num('max_topic_length');
  limits.maxMessageLength = num('max_message_length');
  limits.maxReminderNoteLength = num('max_reminder_note_length');
  // `realm_…`: the plan-type `update_dict` event's field, prefixed by the event queue.
  limits.maxFileUploadSizeMib = num('max_file_upload_size_mib') ?? num('realm_max_file_upload_size_mib');
  if (typeof source.realm_mandatory_topics === 'boolean') limits.mandatoryTopics = source.realm_mandatory_topics;
  if (typeof source.realm_topics_policy === 'string') limits.topicsPolicy = source.realm_topics_policy;
  if (typeof source.realm_empty_topic_display_name === 'string') {
    limits.emptyTopicDisplayName = source.realm_empty_topic_display_name;
  }
  for (const k of Object.keys(limits) as (keyof RealmLimits)[]) if (limits[k] === undefined) delete limits[k];
  return limits;
}
