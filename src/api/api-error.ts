/** A failed call: an HTTP status other than 2xx, or status 0 when the backend was unreachable. */
export class ApiError<TBody = unknown> extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: TBody;
  readonly url: string;

  constructor(init: { status: number; statusText?: string; body?: TBody; url: string }) {
    super(`${init.status} ${init.statusText ?? ''} ${init.url}`.trim());
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.body = init.body as TBody;
    this.url = init.url;
  }
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
