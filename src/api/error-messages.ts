import { ApiError, SessionExpiredError } from './api-error';
import { apiHealth, gotNoAnswer } from './api-health';
import { InvalidTenantError } from './base-url';
import { refusalSentences } from './validation-refusal';

/** The error toasts' texts: by HTTP status, then the session's and the tenant's. */
export const ERROR_TEXT = {
  notFound: '404: URL Not Found..',
  methodNotAllowed: 'Requested method not allowed..',
  tooLarge: 'File size too large..',
  server: 'Please contact the system Administrator or try again later..',
  network: 'Error connecting to the backend services',
  sessionInvalid: 'Your session is invalid, please login again!',
  unauthorized: 'Unauthorized',
  noTenant: 'Could not find the tenant details',
  /** A validating proxy's 422 whose body names nothing the app can read. */
  invalidRequest: 'The request was refused as invalid, and nothing was changed.',
} as const;

/** Up to this many seconds the wait reads in seconds; a longer one, in whole minutes. */
const WAIT_IN_SECONDS_UP_TO = 90;

/**
 * The message of a refusal for too many attempts (429): how long to wait, from its `Retry-After`.
 * Undefined for any other error. Each form that can meet one shows it where it shows its errors.
 * A long wait (an hourly limit) reads in minutes, rounded up so that trying again at the time
 * shown is never too early: "3598 s" helps nobody.
 */
export function tooManyAttemptsMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  if (error.retryAfter === undefined) return 'Too many attempts. Try again later.';
  const seconds = Math.max(1, error.retryAfter);
  return seconds <= WAIT_IN_SECONDS_UP_TO
    ? `Too many attempts. Try again in ${seconds} s.`
    : `Too many attempts. Try again in ${Math.ceil(seconds / 60)} min.`;
}

/** Paths whose errors never toast. None so far: this is where one would go. */
const EXCLUDED_PATHS: readonly string[] = [];

function texts(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

function bodyError(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const [first] = texts((body as { error: unknown }).error);
    return first;
  }
  return undefined;
}

/**
 * The toast texts an error deserves, in order; empty when it deserves none (an aborted request,
 * an excluded path, an ended session, or an API that cannot be reached while the banner says so:
 * each is announced once elsewhere).
 *
 * No answer (the network, or a gateway's 502, 503 or 504: api-health.ts) reads as the catalogue's
 * "Error connecting to the backend services", never as the server's fault. While the transport
 * holds the API for unreachable, the banner (components/api-status) is that message, said once
 * for every call that failed: a toast per failed call would repeat it, and name an outage as if
 * the action had been refused. Once something has answered again, a call that got no answer is
 * told as any failure is (a flaky network, where no banner shows). A block that shows its own
 * error in place reads an empty list as that same text (components/block-error).
 */
export function errorMessages(error: unknown): string[] {
  if (error instanceof SessionExpiredError) return [];
  if (error instanceof DOMException && error.name === 'AbortError') return [];
  if (error instanceof InvalidTenantError) return [ERROR_TEXT.noTenant];
  if (!(error instanceof ApiError)) return [ERROR_TEXT.network];
  if (EXCLUDED_PATHS.some((path) => error.url.includes(path))) return [];

  const { status, body, statusText } = error;
  if (gotNoAnswer(status))
    return apiHealth.get().state === 'unreachable' ? [] : [ERROR_TEXT.network];
  // No API answers 422: a validating proxy refused what was sent. Its findings in plain
  // sentences, one each, never its problem's type URL (validation-refusal.ts).
  if (status === 422) return refusalSentences(body) ?? [ERROR_TEXT.invalidRequest];
  if (status === 400) {
    const message = bodyError(body);
    if (message) return [message];
    if (typeof body === 'string' && body) return [body];
    const each = texts(body);
    return each.length > 0 ? each : [statusText || ERROR_TEXT.server];
  }
  if (status === 404) return [ERROR_TEXT.notFound];
  if (status === 405) return [ERROR_TEXT.methodNotAllowed];
  if (status === 413) return [ERROR_TEXT.tooLarge];
  if (status === 429) return [tooManyAttemptsMessage(error) ?? ERROR_TEXT.server];
  if (status >= 500) return [ERROR_TEXT.server];
  const fromBody = bodyError(body) ?? (typeof body === 'string' ? body : texts(body)[0]);
  return [fromBody || statusText || (status === 401 ? ERROR_TEXT.unauthorized : ERROR_TEXT.server)];
}
