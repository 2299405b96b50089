/**
 * Whether the API answers, as the transport last saw it: one state for the whole app, so that an
 * outage or a misconfigured API host is said once, as what it is, on every screen (the banner in
 * components/api-status), instead of reading as stale figures, a failed Salesforce connection or
 * a wrong password.
 *
 * - `ok`: the last call got an answer from the API (an error in the contract's shape counts: the
 *   API is there).
 * - `unreachable`: the last call got no answer at all (the network, or a gateway's own page for a
 *   backend that is down). It ends with the next answer.
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

/** Gateways' own statuses for a backend behind them that did not answer. */
const GATEWAY_NO_ANSWER = [502, 503, 504];

/**
 * Whether a failed call got no answer from the API at all (the network, or a gateway answering
 * for it), as opposed to an answer that refused: what a screen shows as "unknown", not "failed".
 */
export function gotNoAnswer(status: number): boolean {
  return status === 0 || GATEWAY_NO_ANSWER.includes(status);
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
 * What a reply says about the API's health. A gateway's own 502/503/504 page means the API
 * behind it is down; a non-JSON 2xx or 404 means the host is not the API at all. A proxy's 413
 * page, or any other error page, is left to the message of its status.
 */
export function healthOf(
  status: number,
  contentType: string | null,
  body: unknown,
): 'answered' | 'unreachable' | 'notTheApi' {
  if (status === 0) return 'unreachable';
  if (isApiShaped(contentType, body)) return 'answered';
  if (GATEWAY_NO_ANSWER.includes(status)) return 'unreachable';
  if ((status >= 200 && status < 300) || status === 404) return 'notTheApi';
  return 'answered';
}
