/** An API error: serialised as `{result:'error', msg, code, ...extra}` with an HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    msg: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(msg);
  }
}

export function badRequest(msg: string, code = 'BAD_REQUEST', extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(400, code, msg, extra);
}

export const invalidMessage = (): ApiError => badRequest('Invalid message(s)');

/** The real service's ResourceNotFoundError: HTTP 404 with the generic code. */
export function notFound(msg: string): ApiError {
  return new ApiError(404, 'BAD_REQUEST', msg);
}
