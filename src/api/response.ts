/**
 * An HTTP answer read as the API's: the success body, or the typed error it stands for (a redirect,
 * a 5xx, an API error with its code and extra fields, a body that is not JSON).
 */
import * as l10n from '@vscode/l10n';
import { ApiError, MalformedResponseError, RedirectError, ServerError } from './errors';
import type { TextResponse } from './transport';

/** The body of a successful answer to `route`; throws the error any other answer means. */
export function parseResponse(response: TextResponse, route: string): Record<string, unknown> {
  const { statusCode: status, text } = response;
  if (status >= 300 && status < 400) {
    const location = response.header('location');
    throw new RedirectError(status, Array.isArray(location) ? location[0] : location, route);
  }
  if (status >= 500) throw new ServerError(status, route, text.slice(0, 200));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (status >= 400 || (isObject && (body as Record<string, unknown>).result === 'error')) {
    if (!isObject && status !== 429 && status !== 401) {
      throw new MalformedResponseError(
        l10n.t('The server answered {0} with HTTP {1} and no error details.', route, status),
        route,
        status,
      );
    }
    const { result: _result, msg, code, ...data } = (isObject ? body : {}) as Record<string, unknown>;
    if (status === 429 && typeof data['retry-after'] !== 'number') {
      const fromHeader = parseRetryAfter(response.header('retry-after'));
      if (fromHeader !== undefined) data['retry-after'] = fromHeader;
    }
    const fallbackCode = status === 429 ? 'RATE_LIMIT_HIT' : status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST';
    throw new ApiError(
      typeof code === 'string' ? code : fallbackCode,
      typeof msg === 'string' ? msg : '',
      status,
      route,
      data,
    );
  }
  if (!isObject) {
    throw new MalformedResponseError(l10n.t("The server's answer to {0} was not JSON.", route), route, status);
  }
  return body as Record<string, unknown>;
}

/** `Retry-After`: seconds (fractions allowed) or an HTTP date. */
export function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === '') return undefined;
  const seconds = Number(v);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
