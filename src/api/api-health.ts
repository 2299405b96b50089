/**
 * Whether the API answers, as the transport last saw it: one state for the whole app, so that an
 * outage or a misconfigured API host is said once, as what it is, on every screen (the banner in
 * components/api-status), instead of reading as stale figures, a failed Salesforce connection or
 * a wrong password.
 *
 * - `ok`: the last call got an answer from the API (an error in the contract's shape counts: the
 *   API is there).
 * - `unreachable`: the last call got no answer from the API (the network, or a gateway's 502, 503
 *   or 504 for a backend that is down or restarting, with a body or without). It ends with the
 *   next answer.
 * - `notTheApi`: the call got an answer that no AceBridge API gives: a page where JSON always
 *   comes (the app's own HTML served for `/api/...`), or a 404 that is not the API's own. The
 *   API host the app was given is wrong; only whoever runs the site can fix it.
 */
export type ApiHealth =
  | { state: 'ok'; lastAnswerAt: number | null }
  | { state: 'unreachable'; lastAnswerAt: number | null }
  | { state: 'notTheApi'; lastAnswerAt: number | null; url: string; status: number };

const OK: ApiHealth = { state: 'ok', lastAnswerAt: null };

let current: ApiHealth = OK;
const listeners = new Set<() => void>();

function set(next: ApiHealth): void {
  current = next;
  for (const listener of listeners) listener();
}

export const apiHealth = {
  get: (): ApiHealth => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The API answered (any status in its own shape). */
  answered(at: number = Date.now()): void {
    if (current.state === 'ok' && current.lastAnswerAt !== null && at - current.lastAnswerAt < 1000)
      return; // nothing a reader would see changes: no re-render for every call
    set({ state: 'ok', lastAnswerAt: at });
  },
  /** No answer: the network, or a gateway answering for a backend that is down. */
  unreachable(): void {
    if (current.state === 'unreachable') return;
    set({ state: 'unreachable', lastAnswerAt: current.lastAnswerAt });
  },
  /** An answer no AceBridge API gives: the API host is wrong. */
  notTheApi(url: string, status: number): void {
    if (current.state === 'notTheApi' && current.url === url) return;
    set({ state: 'notTheApi', lastAnswerAt: current.lastAnswerAt, url, status });
  },
  /** Forgets what was seen (a retry the user asked for; tests). */
  reset(): void {
    set(OK);
  },
};

/**
 * The statuses a gateway answers with for a backend behind it that did not answer: 502 (nothing
 * listens, or the connection broke), 503 (down, or restarting), 504 (no answer in time). Every
 * front the app is served behind answers one of them, with a body or without: the dev server's
 * and `vite preview`'s proxy an empty 502, a reverse proxy (Caddy, nginx, a load balancer) an
 * empty or HTML 502/503/504, the sandbox stack's door a JSON 503 with `Retry-After` while Prism
 * restarts. The API itself declares no 502 or 504, and its one 503 (openapi.yaml's description:
 * "briefly unavailable (restarting)", with `Retry-After`) means the same for a user: it cannot
 * serve now, and will again. So the body is not looked at: each of them is "unreachable", told
 * once by the banner and asked again until it answers, never a toast per call that blames the
 * server ("contact the administrator") for an outage.
 */
const GATEWAY_NO_ANSWER = [502, 503, 504];

/**
 * Whether a failed call got no answer from the API at all (the network, or a gateway answering
 * for it), as opposed to an answer that refused: what a screen shows as "unknown", not "failed".
 */
export function gotNoAnswer(status: number): boolean {
  return status === 0 || GATEWAY_NO_ANSWER.includes(status);
}

/**
 * A validating proxy (Prism, in front of the API under `npm start --proxy` and `npm run proxy`)
 * that could not reach the API answers 500, with node-fetch's error as its problem:
 * `{"type":"FetchError","title":"request to … failed, reason: connect ECONNREFUSED …"}`. No API
 * answers that; it is the gateway's "no answer" in another status.
 */
export function isProxyFetchFailure(status: number, body: unknown): boolean {
  return (
    status === 500 &&
    typeof body === 'object' &&
    body !== null &&
    (body as { type?: unknown }).type === 'FetchError'
  );
}

/**
 * A reply's body is the API's own: JSON (the contract's every body but one), CSV (the activity
 * log's export, `text/csv`), or none at all. A web page (`text/html`) never is.
 */
function isApiShaped(contentType: string | null, body: unknown): boolean {
  if (body === undefined) return true;
  const type = contentType ?? '';
  return type.includes('json') || type.includes('text/csv');
}

/**
 * What a reply says about the API's health. A gateway's 502/503/504, whatever its body (none, a
 * page, JSON), means the API behind it cannot be reached (see GATEWAY_NO_ANSWER), as does a
 * validating proxy's failed fetch; a non-JSON 2xx or 404 means the host is not the API at all. A
 * proxy's 413 page, or any other error page, is left to the message of its status.
 */
export function healthOf(
  status: number,
  contentType: string | null,
  body: unknown,
): 'answered' | 'unreachable' | 'notTheApi' {
  if (gotNoAnswer(status) || isProxyFetchFailure(status, body)) return 'unreachable';
  if (isApiShaped(contentType, body)) return 'answered';
  if ((status >= 200 && status < 300) || status === 404) return 'notTheApi';
  return 'answered';
}
