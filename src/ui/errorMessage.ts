/**
 * The one translation from an error to what the user reads. No `vscode` import, so unit tests run
 * it in plain Node; `report.ts` shows its result. Errors arrive already free of credentials (the
 * API transport scrubs them), so nothing here rewrites text.
 */
import * as l10n from '@vscode/l10n';
import {
  ApiError,
  ChatError,
  MalformedResponseError,
  NetworkError,
  RedirectError,
  ServerError,
  ValidationError,
  type MoveTimeLimitDetails,
} from '../api/errors';

/** A refusal the user can act on (not permitted, nothing to do): shown as a warning, as written. */
export class UserFacingError extends Error {
  override readonly name: string = 'UserFacingError';
}

/** No account is signed in: the one "sign in first" wording, with a "Sign In" button. */
export class SignInRequiredError extends UserFacingError {
  override readonly name = 'SignInRequiredError';
  constructor() {
    super(signInFirst());
  }
}

/** Functions, so the translation is read when the text is shown (not when the module loads). */
export const signInFirst = (): string => l10n.t('Sign in to Team Chat first.');
export const stillConnecting = (): string =>
  l10n.t('Team Chat is still connecting to the chat server. Try again in a moment.');
/** The English texts, for callers and tests that compare with them; shown text uses the functions above. */
export const SIGN_IN_FIRST = 'Sign in to Team Chat first.';
export const STILL_CONNECTING = 'Team Chat is still connecting to the chat server. Try again in a moment.';

export type ErrorKind =
  | 'cancelled'
  | 'signIn'
  | 'refused'
  | 'validation'
  | 'auth'
  | 'rateLimit'
  | 'api'
  | 'timeout'
  | 'network'
  | 'server'
  | 'malformed'
  | 'redirect'
  | 'other';

/** Buttons a notification may offer; `report.ts` maps them to actions. */
export type ErrorAction = 'signIn' | 'signInAgain' | 'retry' | 'showLog';

export interface ErrorMessage {
  readonly kind: ErrorKind;
  /** `silent`: nothing is shown (a cancellation). */
  readonly severity: 'silent' | 'warning' | 'error';
  /** The notification's text: `"<failure>: <reason>"` for errors, the reason alone for refusals. */
  readonly text: string;
  /** The reason alone (a sentence), e.g. for a tooltip or a result a caller shows itself. */
  readonly reason: string;
  readonly actions: readonly ErrorAction[];
  /** For the output channel: the reason plus the class, route, code and status. */
  readonly detail: string;
}

/** True for user or programmatic cancellation (`AbortError`, VS Code's `Canceled`). */
export function isCancellation(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'Canceled');
}

/**
 * What to tell the user about `error`. `failure` says what did not happen ("Could not mute the
 * channel"); `retryable` adds a Retry button where retrying can help.
 */
export function errorMessage(error: unknown, failure?: string, retryable = false): ErrorMessage {
  const kind = errorKind(error);
  const reason = describeError(error);
  const refusal = kind === 'signIn' || kind === 'refused';
  const severity = kind === 'cancelled' ? 'silent' : refusal ? 'warning' : 'error';
  const actions: ErrorAction[] = [];
  if (kind === 'signIn') actions.push('signIn');
  if (kind === 'auth') actions.push('signInAgain');
  if (retryable && RETRYABLE.has(kind)) actions.push('retry');
  if (severity === 'error') actions.push('showLog');
  const text = failure && !refusal ? l10n.t('{0}: {1}', failure, reason) : reason;
  return {
    kind,
    severity,
    text,
    reason,
    actions,
    detail: `${failure ? `${failure}: ` : ''}${reason}${technical(error)}`,
  };
}

const RETRYABLE = new Set<ErrorKind>(['rateLimit', 'api', 'timeout', 'network', 'server', 'malformed', 'other']);

export function errorKind(error: unknown): ErrorKind {
  if (isCancellation(error)) return 'cancelled';
  if (error instanceof SignInRequiredError) return 'signIn';
  if (error instanceof UserFacingError) return 'refused';
  if (error instanceof ValidationError) return 'validation';
  if (error instanceof ApiError)
    return error.isAuthError ? 'auth' : error.code === 'RATE_LIMIT_HIT' ? 'rateLimit' : 'api';
  if (error instanceof NetworkError) return error.kind === 'timeout' ? 'timeout' : 'network';
  if (error instanceof ServerError) return 'server';
  if (error instanceof MalformedResponseError) return 'malformed';
  if (error instanceof RedirectError) return 'redirect';
  return 'other';
}

/** One sentence saying why; code-specific explanations first, then one wording per kind. */
export function describeError(error: unknown): string {
  switch (errorKind(error)) {
    case 'cancelled':
      return l10n.t('Cancelled.');
    case 'auth':
      return l10n.t('The chat server no longer accepts your API key. Sign in again.');
    case 'rateLimit':
      return l10n.t(
        'The chat server is rate-limiting requests. Try again in {0} s.',
        Math.ceil((error as ApiError).retryAfterSeconds ?? 10),
      );
    case 'api': {
      const e = error as ApiError;
      return explainApiError(e) ?? (e.msg || l10n.t('The chat server refused the request ({0}).', e.code));
    }
    case 'timeout':
      return l10n.t('The chat server did not answer in time. Try again.');
    case 'network':
      return l10n.t('The chat server could not be reached. Check your connection and the server URL.');
    case 'server':
      return l10n.t(
        'The chat server had an internal error (HTTP {0}). Try again later.',
        (error as ServerError).httpStatus,
      );
    case 'malformed':
      return l10n.t('The chat server sent a response Team Chat does not understand. Details are in the log.');
    default:
      // Validation, refusals, redirects and our own errors carry a message written for the user.
      return error instanceof Error ? error.message : String(error);
  }
}

/** The explanations of specific codes (switching on `code`, never on the translated `msg`). */
export function explainApiError(e: ApiError): string | undefined {
  switch (e.code) {
    case 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED':
      return e.moveTimeLimit ? explainTimeLimit(e.moveTimeLimit) : undefined;
    case 'STREAM_WILDCARD_MENTION_NOT_ALLOWED':
      return l10n.t(
        'Your text mentions everyone in the channel (@all, @everyone, @channel or @stream), and you are not ' +
          'allowed to notify a whole channel here. Remove that mention (or mention people by name) and send again; ' +
          'your draft is kept.',
      );
    case 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED':
      return l10n.t(
        'Your text mentions everyone in the topic (@topic), and you are not allowed to notify everyone in a ' +
          'topic this large. Remove that mention and send again; your draft is kept.',
      );
    default:
      return undefined;
  }
}

/** "You may move only the N most recent of M messages in this topic…" */
export function explainTimeLimit(d: MoveTimeLimitDetails): string {
  return d.firstMessageIdAllowedToMove === null
    ? l10n.t(
        'The time limit for moving messages has passed for every message in this topic ({0}), so none can be ' +
          'moved. A moderator or administrator can move them.',
        d.totalMessagesInTopic,
      )
    : l10n.t(
        'The time limit for moving messages has passed for part of this topic: you may move only the {0} most ' +
          'recent of its {1} messages. The older ones need a moderator or administrator.',
        d.totalMessagesAllowedToMove,
        d.totalMessagesInTopic,
      );
}

function technical(error: unknown): string {
  if (!(error instanceof Error)) return '';
  const parts = [error.name];
  if (error instanceof ChatError && error.route) parts.push(error.route);
  if (error instanceof ApiError) parts.push(error.code, `HTTP ${error.httpStatus}`);
  if (error instanceof ServerError || error instanceof MalformedResponseError) parts.push(`HTTP ${error.httpStatus}`);
  if (error instanceof NetworkError) parts.push(error.kind);
  // The malformed response's own message names what did not parse: useful in the log only.
  const own = error instanceof MalformedResponseError || error instanceof NetworkError ? ` ${error.message}` : '';
  return ` [${parts.join(', ')}]${own}`;
}
