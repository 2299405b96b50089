import { vi } from 'vitest';

/**
 * What each front the app is served behind answers while the API behind it is down, as measured
 * with curl (2026-11-29: `vite`, `vite preview` and Prism with API_PROXY_TARGET or the upstream on
 * a closed port; the door's replies read from tests/contract/contract-proxy.mjs and door-guard.mjs).
 * The app must tell each the same way: the banner within 5 s, no toast, and every screen back by
 * itself once the API answers (src/api/api-health.ts, components/api-status, decision 0033).
 */
export interface Front {
  name: string;
  /** The reply to any API call while the API is down; a rejection is no reply at all. */
  reply: () => Promise<Response>;
}

const page = (status: number, html: string) =>
  Promise.resolve(
    new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
  );
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    }),
  );

/** `npm start`, `npm run dev` and `npm run preview`: Vite's proxy (server.proxy, preview.proxy). */
export const VITE_PROXY: Front = {
  name: 'the dev server’s or vite preview’s proxy (an empty 502)',
  reply: () =>
    Promise.resolve(new Response(null, { status: 502, headers: { 'Content-Type': 'text/plain' } })),
};

/** The API host called directly (production: `https://<tenant>.<API_HOST>`), nothing listening. */
const DIRECT: Front = {
  name: 'a direct call to the API host (no reply)',
  reply: () => Promise.reject(new TypeError('Failed to fetch')),
};

export const FRONTS: readonly Front[] = [
  VITE_PROXY,
  DIRECT,
  // Caddy's reverse_proxy (a front that routes /api to the API): an empty 502, no Content-Type.
  {
    name: 'a reverse proxy (an empty 502)',
    reply: () => Promise.resolve(new Response(null, { status: 502 })),
  },
  // nginx, a load balancer: their own page.
  {
    name: 'a load balancer’s 503 page',
    reply: () => page(503, '<h1>503 Service Unavailable</h1>'),
  },
  { name: 'a gateway’s 504 page', reply: () => page(504, '<h1>504 Gateway Time-out</h1>') },
  // The sandbox stack's door while Prism restarts: the contract's own 503, ErrorBody and Retry-After.
  {
    name: 'the contract’s 503 (restarting, with Retry-After)',
    reply: () =>
      json(
        503,
        { detail: 'Prism (proxy) is restarting; try again in 2 s.' },
        { 'Retry-After': '2' },
      ),
  },
  // `npm start --proxy`, `npm run proxy`: Prism validating in front of a backend that is down.
  {
    name: 'a validating proxy whose backend is down (Prism’s FetchError 500)',
    reply: () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            type: 'FetchError',
            title:
              'request to http://127.0.0.1:4999/api/v1/health/ failed, reason: connect ECONNREFUSED 127.0.0.1:4999',
            status: 500,
            detail: '',
          }),
          { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
  },
];

/**
 * Puts the API behind `front`, in front of whatever answers `fetch` now (the in-process sandbox of
 * setupSandboxBackend): `stop()` and every API call gets the front's reply for a stopped API,
 * `start()` and calls reach the API again. Undone with the test's other stubbed globals.
 */
export function apiBehind(front: Front): { stop(): void; start(): void } {
  const api = globalThis.fetch;
  let down = false;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (!down) return api(input, init);
      if (init?.signal?.aborted) return Promise.reject(init.signal.reason);
      return front.reply();
    }),
  );
  return {
    stop: () => void (down = true),
    start: () => void (down = false),
  };
}
