import { env, loadedEnv } from '@/lib/env';

import { ApiError, SessionExpiredError } from './api-error';
import { apiHealth, healthOf, isProxyFetchFailure } from './api-health';
import { apiOrigin, isApiUrl, subdomainFromPageHost } from './base-url';
import { connectionStore, session } from './session';
import { announceSessionEnd, type SessionEndReason } from './session-sync';
import { fieldRefusalOf } from './validation-refusal';

/**
 * The one transport every generated call goes through (orval's mutator). It owns the base URL,
 * the Authorization and XSRF headers, the single-flight token refresh, and typed errors. It never
 * shows toasts or navigates: it reports a lost session through `onSessionEnded`, and the app
 * decides what the user sees.
 */

export const AUTH_PREFIX = '/api/v1/auth';
const LOGIN_PATH = `${AUTH_PREFIX}/login/`;
const LOGOUT_PATH = `${AUTH_PREFIX}/logout/`;
export const REFRESH_PATH = `${AUTH_PREFIX}/token/refresh/`;
const INVITE_VERIFY_PATH = '/api/v1/tenants/invite-users/verify/';
/**
 * getHealth's path. A backend built before the contract had it answers 404 there, maybe as a
 * web page: that says the API is up, not that the API host is wrong (any other call would).
 */
const HEALTH_PATH = '/api/v1/health/';
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

export { onSessionEnded, type SessionEndReason } from './session-sync';

/** The Web Lock that lets one tab at a time refresh the access token. */
export const REFRESH_LOCK = 'acebridge-refresh';

function endSession(reason: SessionEndReason): never {
  session.clear();
  // Announced once: when another tab ended the session first, it already was.
  announceSessionEnd(reason);
  throw new SessionExpiredError(
    reason.kind === 'refresh-failed'
      ? reason.message
      : 'Your session is invalid, please login again!',
  );
}

function pathOf(url: string): string {
  return url.startsWith('http') ? new URL(url).pathname : (url.split('?')[0] ?? url);
}

/** The tenant a call is for: the page's own for an invitation link, the stored one otherwise. */
function tenantOf(url: string): string | null | undefined {
  return pathOf(url) === INVITE_VERIFY_PATH
    ? subdomainFromPageHost(globalThis.location?.hostname ?? '')
    : connectionStore.getTenantSubdomain();
}

/** The full URL for a contract path, with the tenant's origin on the API host when there is one. */
export function resolveUrl(
  url: string,
  apiHost: string | undefined,
  subdomain: string | null | undefined,
): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${apiOrigin(apiHost, subdomain)}${url}`;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

function isRelative(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:|^\/\//i.test(url);
}

/**
 * Headers for one attempt; the token and cookie are read afresh every time. The XSRF token goes
 * with every write to the API (this origin's `/api`, or the API host and its tenants), and never
 * to another origin.
 */
function buildHeaders(
  url: string,
  init: RequestInit,
  access: string | null,
  apiHost: string | undefined,
): Headers {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  // The refresh call is authenticated by the refresh token in its body; every other call by the
  // access token, whatever words its path or query happen to contain. (Logout is authenticated by
  // its refresh token too; the access token it carries, live or expired, is ignored there.)
  if (access && pathOf(url) !== REFRESH_PATH) headers.set('Authorization', `Bearer ${access}`);
  else headers.delete('Authorization');
  if (method !== 'GET' && (isRelative(url) || isApiUrl(url, apiHost))) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  const extra = decorateHeaders?.(pathOf(url), method);
  if (extra) for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  // A FormData body must let the browser write its multipart boundary.
  if (init.body instanceof FormData) headers.delete('Content-Type');
  else if (typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function send(
  url: string,
  init: RequestInit,
  access: string | null,
  apiHost: string | undefined,
): Promise<Response> {
  const headers = buildHeaders(url, init, access, apiHost);
  // The API host is another origin than the page's: its cookies (the XSRF cookie, the session's)
  // go along only when asked for.
  const credentials = isApiUrl(url, apiHost) ? 'include' : init.credentials;
  try {
    return await fetch(url, { ...init, headers, credentials });
  } catch (error) {
    // A call the app gave up on (a refetch replacing it, a screen left) says nothing about the API.
    // By its name, not its class: a DOMException of another realm (a test's fetch) is no instance
    // of this one's, and taking it for an outage would make every refetch look like one.
    if (init.signal?.aborted || (error as { name?: unknown } | null)?.name === 'AbortError')
      throw error;
    apiHealth.unreachable();
    throw new ApiError({ status: 0, statusText: 'Network error', url });
  }
}

/** Extra headers for one request (the development scenario switcher's `Prefer`); none in production. */
export type RequestHeadersDecorator = (
  path: string,
  method: string,
) => Record<string, string> | undefined;
let decorateHeaders: RequestHeadersDecorator | undefined;

export function setRequestHeadersDecorator(decorator: RequestHeadersDecorator | undefined): void {
  decorateHeaders = decorator;
}

let decoratorLoading: Promise<void> | undefined;

/**
 * Calls made while a decorator is still loading (the scenario switcher, a chunk of its own) wait
 * until `loading` settles, so the app's very first requests already carry its headers, while the
 * app itself starts at once. The app must not wait for that chunk at start-up instead (a top-level
 * await): the chunk imports the entry chunk back, and the build would wait for itself, showing a
 * blank page. If `loading` fails, the calls go out undecorated (the caller reports the failure).
 */
export function awaitRequestHeadersDecorator(loading: Promise<unknown>): void {
  const settled = loading.then(
    () => undefined,
    () => undefined,
  );
  decoratorLoading = settled;
  void settled.then(() => {
    if (decoratorLoading === settled) decoratorLoading = undefined;
  });
}

let refreshInFlight: Promise<string> | undefined;

/** The browser's Web Locks, shared by every tab of the origin; absent in jsdom and old browsers. */
function webLocks(): LockManager | undefined {
  const nav = globalThis.navigator as Navigator | undefined;
  return nav?.locks ?? undefined;
}

/**
 * One refresh at a time. In this tab every 401 awaits the same promise; across tabs the refresh
 * runs under a Web Lock, so tabs that meet a 401 together make one refresh between them: the tab
 * that gets the lock second finds the access token already replaced and uses it. Without Web Locks
 * the refresh is single-flight within the tab only.
 */
function refreshAccessToken(rejected: string | null): Promise<string> {
  refreshInFlight ??= underRefreshLock(() => refreshUnlessDone(rejected)).finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

/** A token to use, and whether this tab fetched it (rather than found it from another tab). */
interface RefreshOutcome {
  token: string;
  refreshed: boolean;
}

/**
 * How long a tab keeps the refresh lock after storing a new token. A write to localStorage reaches
 * other tabs (other renderer processes) asynchronously: a tab that took the lock at once could
 * still read the old token and refresh a second time (seen on a loaded machine).
 */
const REFRESH_LOCK_HOLD_MS = 250;

/**
 * Runs `task` holding the cross-tab refresh lock, if there is one. Its token is used at once; after
 * a refresh of its own, the lock is kept a moment longer, for the new token to reach the other
 * tabs (a tab that found the token already replaced has nothing to pass on).
 */
function underRefreshLock(task: () => Promise<RefreshOutcome>): Promise<string> {
  const locks = webLocks();
  if (!locks) return task().then((outcome) => outcome.token);
  return new Promise<string>((resolve, reject) => {
    void locks.request(REFRESH_LOCK, async () => {
      let outcome: RefreshOutcome;
      try {
        outcome = await task();
      } catch (error) {
        reject(error);
        return;
      }
      resolve(outcome.token);
      if (outcome.refreshed) {
        await new Promise((settled) => setTimeout(settled, REFRESH_LOCK_HOLD_MS));
      }
    });
  });
}

/** Refreshes the access token unless another tab already replaced the one that was rejected. */
async function refreshUnlessDone(rejected: string | null): Promise<RefreshOutcome> {
  const refresh = session.getRefreshToken();
  if (!refresh) endSession({ kind: 'no-refresh-token' });
  const stored = session.getAccessToken();
  if (stored && stored !== rejected) return { token: stored, refreshed: false };
  const { apiHost } = loadedEnv() ?? (await env());
  const url = resolveUrl(REFRESH_PATH, apiHost, tenantOf(REFRESH_PATH));
  let response: Response;
  try {
    response = await send(
      url,
      { method: 'POST', body: JSON.stringify({ refresh }) },
      null,
      apiHost,
    );
  } catch {
    endSession({ kind: 'refresh-failed', message: 'Error connecting to the backend services' });
  }
  const body = (await readBody(response)) as
    { access?: unknown; refresh?: unknown; message?: unknown } | undefined;
  if (!response.ok || typeof body?.access !== 'string') {
    const message =
      (typeof body?.message === 'string' && body.message) || response.statusText || 'Unauthorized';
    endSession({ kind: 'refresh-failed', message });
  }
  const access = body.access as string;
  // The backend rotates refresh tokens: the one just sent is retired, and reusing it after a few
  // seconds would end the session. The new pair is stored in one write, which the other tabs see
  // before they can take the lock (REFRESH_LOCK_HOLD_MS). A backend that does not rotate sends no
  // `refresh`: the stored one stays.
  if (typeof body.refresh === 'string' && body.refresh !== '')
    session.setTokens({ access, refresh: body.refresh });
  else session.setAccessToken(access);
  return { token: access, refreshed: true };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const NEVER_REFRESHED = new Set([LOGIN_PATH, LOGOUT_PATH, REFRESH_PATH]);

/**
 * orval's mutator: `apiFetch<T>(url, init)` resolves with the parsed body of a 2xx reply and
 * rejects with an `ApiError` otherwise (status 0 when the backend is unreachable).
 */
export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  // The tenant and the token are read before any wait: a sign-out makes its call, then clears
  // both at once.
  const tenant = tenantOf(url);
  const sentWith = session.getAccessToken();
  // Calls made before the runtime configuration is read (at start-up) wait for it; later ones go
  // out in the same task they are made in, as a save on pagehide or a sign-out needs.
  const { apiHost } = loadedEnv() ?? (await env());
  if (decoratorLoading) await decoratorLoading;
  const target = resolveUrl(url, apiHost, tenant);
  let response = await send(target, init, sentWith, apiHost);

  if (response.status === 401 && !NEVER_REFRESHED.has(pathOf(url))) {
    const current = session.getAccessToken();
    // A late 401 for a token that was already replaced is just replayed with the new one.
    const fresh =
      current && current !== sentWith && !refreshInFlight
        ? current
        : await abortable(refreshAccessToken(sentWith), init.signal);
    response = await send(target, init, fresh, apiHost);
  }

  const body = await readBody(response);
  const health =
    response.status === 404 && pathOf(url) === HEALTH_PATH
      ? 'answered'
      : healthOf(response.status, response.headers.get('Content-Type'), body);
  if (health === 'answered') apiHealth.answered();
  else if (health === 'unreachable') apiHealth.unreachable();
  else {
    apiHealth.notTheApi(target, response.status);
    // Never handed on as data: an HTML page is no reply a screen can read.
    throw new ApiError({ status: response.status, statusText: response.statusText, body, url });
  }
  if (!response.ok) {
    const { headers } = response;
    let { status, statusText } = response;
    let reply = body;
    if (isProxyFetchFailure(status, body)) {
      // A validating proxy that could not reach the API is handed on as the 502 a gateway answers
      // for that: every reader of the status (the catalogue, "unknown" rather than "failed") reads
      // it as no answer, whatever front the app is behind.
      status = 502;
      statusText = 'Bad Gateway';
    } else if (status === 422) {
      // A validating proxy's refusal reads as the API's own refusal of a field would (a 400 body
      // by dotted field), so each form places it under its field (validation-refusal.ts).
      reply = fieldRefusalOf(body) ?? body;
    }
    const retryAfter = headers.get('Retry-After');
    throw new ApiError({ status, statusText, body: reply, url, retryAfter });
  }
  return body as T;
}

/** The error type of every generated hook. */
export type ErrorType<TBody> = ApiError<TBody>;
/** The request-body type of every generated hook. */
export type BodyType<TBody> = TBody;
