/** A failed call: an HTTP status other than 2xx, or status 0 when the backend was unreachable. */
export class ApiError<TBody = unknown> extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: TBody;
  readonly url: string;
  /** The reply's `Retry-After` in whole seconds (a 429, a 503), when it had a valid one. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    statusText?: string;
    body?: TBody;
    url: string;
    /** The `Retry-After` header as received: seconds, or an HTTP date. */
    retryAfter?: string | null;
  }) {
    super(`${init.status} ${init.statusText ?? ''} ${init.url}`.trim());
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.body = init.body as TBody;
    this.url = init.url;
    this.retryAfter = retryAfterSeconds(init.retryAfter);
  }
}

/** `Retry-After` (RFC 9110: delay-seconds or an HTTP-date) in whole seconds from now. */
function retryAfterSeconds(header: string | null | undefined): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The session ended (no refresh token, or the refresh failed): the user must log in again. */
export class SessionExpiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionExpiredError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
