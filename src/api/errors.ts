/**
 * One error hierarchy for everything the client can throw. Callers switch on the class, and for
 * `ApiError` on `code` (never on `msg`, which the server translates).
 */
import * as l10n from '@vscode/l10n';

/** Base class: every error thrown by the API layer is a `ChatError`. */
export abstract class ChatError extends Error {
  /** The operation key, e.g. `"PATCH /messages/{message_id}"`, when the error belongs to a call. */
  readonly route: string | undefined;

  protected constructor(message: string, route: string | undefined, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.route = route;
  }
}

/** The input was refused before anything was sent. `message` is written for the user. */
export class ValidationError extends ChatError {
  constructor(
    message: string,
    route: string | undefined,
    /** The parameter at fault, when one is. */
    readonly field?: string,
  ) {
    super(message, route);
  }
}

/** Extra fields of `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED`. */
export interface MoveTimeLimitDetails {
  firstMessageIdAllowedToMove: number | null;
  totalMessagesInTopic: number;
  totalMessagesAllowedToMove: number;
}

/** The server answered with an error envelope (HTTP 4xx). */
export class ApiError extends ChatError {
  /** Extra fields of the envelope beyond `result`, `msg` and `code`, as sent. */
  readonly data: Readonly<Record<string, unknown>>;

  constructor(
    readonly code: string,
    /** The server's message (translated; show it, never switch on it). */
    readonly msg: string,
    readonly httpStatus: number,
    route: string | undefined,
    data: Record<string, unknown> = {},
  ) {
    super(msg || `${code} (HTTP ${httpStatus})`, route);
    this.data = data;
  }

  /** `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED` details, or undefined for other codes. */
  get moveTimeLimit(): MoveTimeLimitDetails | undefined {
    if (this.code !== 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED') return undefined;
    const d = this.data;
    return {
      firstMessageIdAllowedToMove:
        typeof d.first_message_id_allowed_to_move === 'number' ? d.first_message_id_allowed_to_move : null,
      totalMessagesInTopic: numberOr(d.total_messages_in_topic, 0),
      totalMessagesAllowedToMove: numberOr(d.total_messages_allowed_to_move, 0),
    };
  }

  /** `STREAM_DOES_NOT_EXIST` details: `stream_id` (scheduled messages) or `stream` (unsubscribe). */
  get missingStream(): { streamId?: number; streamName?: string } | undefined {
    if (this.code !== 'STREAM_DOES_NOT_EXIST') return undefined;
    const d = this.data;
    return {
      streamId: typeof d.stream_id === 'number' ? d.stream_id : undefined,
      streamName: typeof d.stream === 'string' ? d.stream : undefined,
    };
  }

  /** Seconds to wait for `RATE_LIMIT_HIT` (header or body `retry-after`). */
  get retryAfterSeconds(): number | undefined {
    if (this.code !== 'RATE_LIMIT_HIT') return undefined;
    const v = this.data['retry-after'];
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
  }

  /** True for the authentication failures of docs/API.md. */
  get isAuthError(): boolean {
    return this.httpStatus === 401 || AUTH_CODES.has(this.code);
  }
}

const AUTH_CODES = new Set(['UNAUTHORIZED', 'INVALID_API_KEY', 'USER_DEACTIVATED', 'REALM_DEACTIVATED']);

/** The request did not get an HTTP response: connection refused, reset, DNS, TLS, or time-out. */
export class NetworkError extends ChatError {
  constructor(
    message: string,
    route: string | undefined,
    /** A short machine-readable cause: `timeout`, `tls`, `dns`, `refused`, `reset`, `other`. */
    readonly kind: NetworkErrorKind,
    options?: { cause?: unknown },
  ) {
    super(message, route, options);
  }
}
export type NetworkErrorKind = 'timeout' | 'tls' | 'dns' | 'refused' | 'reset' | 'other';

/** The server failed (HTTP 5xx). */
export class ServerError extends ChatError {
  constructor(
    readonly httpStatus: number,
    route: string | undefined,
    readonly bodyExcerpt: string,
  ) {
    super(l10n.t('The server had an internal error (HTTP {0}).', httpStatus), route);
  }
}

/** A response that is not what the API promises (not JSON, wrong shape, unexpected status). */
export class MalformedResponseError extends ChatError {
  constructor(
    message: string,
    route: string | undefined,
    readonly httpStatus: number,
    options?: { cause?: unknown },
  ) {
    super(message, route, options);
  }
}

/** The server answered with a redirect; credentials are never sent after one. */
export class RedirectError extends ChatError {
  constructor(
    readonly httpStatus: number,
    readonly location: string | undefined,
    route: string | undefined,
  ) {
    super(
      location
        ? l10n.t('The server redirected to {0}. Use that address as the server URL.', location)
        : l10n.t('The server answered with a redirect (HTTP {0}).', httpStatus),
      route,
    );
  }
}

function numberOr(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}
