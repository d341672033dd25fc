import * as l10n from '@vscode/l10n';
import { NetworkError, type NetworkErrorKind } from './errors';

/** undici's and the system's failures of a request, as the client's `NetworkError` kinds. */

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/;

export function toNetworkError(error: unknown, origin: string, route: string): NetworkError {
  const code = errorCode(error);
  let kind: NetworkErrorKind = 'other';
  let message = l10n.t('Could not reach {0}.', origin);
  if (code === 'ECONNREFUSED') {
    kind = 'refused';
    message = l10n.t('Could not connect to {0}: the connection was refused. Is the server running?', origin);
  } else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    kind = 'dns';
    message = l10n.t('Could not find the server {0}. Check the address.', origin);
  } else if (code && TLS_CODES.test(code)) {
    kind = 'tls';
    message = l10n.t("The secure connection to {0} failed ({1}). Check the server's certificate.", origin, code);
  } else if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED') {
    kind = 'reset';
    message = l10n.t('The connection to {0} was lost.', origin);
  } else if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT') {
    kind = 'timeout';
    message = l10n.t('{0} did not answer in time.', origin);
  }
  return new NetworkError(message, route, kind, { cause: error });
}

export function errorCode(error: unknown): string | undefined {
  // undici wraps system errors (a SocketError around ECONNRESET): prefer the innermost code.
  let found: string | undefined;
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') found = code;
  }
  return found;
}
