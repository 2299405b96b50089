import type { Page, Request, Route } from '@playwright/test';

import { PATHS } from '../scenarios';

/** The faults every call is held to (issue 9): six statuses and a backend that cannot be reached. */
export type Fault = 400 | 401 | 404 | 405 | 413 | 500 | 'network';
export const FAULTS: readonly Fault[] = [400, 401, 404, 405, 413, 500, 'network'];

/** What a 400 reply carries in its `error` field, which the toast shows as it is. */
export const REJECTED = 'The fault matrix rejected this request.';

/** The error toast each fault shows (a 400 shows the body's `error`). */
export const CATALOGUE: Record<Exclude<Fault, 401>, string> = {
  400: REJECTED,
  404: '404: URL Not Found..',
  405: 'Requested method not allowed..',
  413: 'File size too large..',
  500: 'Please contact the system Administrator or try again later..',
  network: 'Error connecting to the backend services',
};

/** A call of a screen: its method and a test on its path. */
export interface CallMatch {
  method: string;
  path: RegExp;
}

const matches = (call: CallMatch, request: Request) =>
  request.method() === call.method && call.path.test(new URL(request.url()).pathname);

/**
 * Answers the next `times` matching calls with the fault (every one when absent); a 401 answers
 * only the first and lets the retry, sent with the refreshed token, through to the mock.
 * Returns how many calls were answered with the fault.
 */
export async function injectFault(
  page: Page,
  call: CallMatch,
  fault: Fault,
  times = fault === 401 ? 1 : Number.POSITIVE_INFINITY,
): Promise<{ hits: () => number }> {
  let hits = 0;
  await page.route(
    (url) => call.path.test(url.pathname),
    async (route: Route) => {
      if (!matches(call, route.request()) || hits >= times) return route.fallback();
      hits += 1;
      if (fault === 'network') return route.abort('internetdisconnected');
      const body =
        fault === 400 ? { error: REJECTED } : fault === 401 ? { detail: 'Token expired' } : {};
      return route.fulfill({
        status: fault,
        contentType: 'application/json',
        body: JSON.stringify(body),
      });
    },
  );
  return { hits: () => hits };
}

/** Counts the token refresh calls the page makes. */
export function countRefreshes(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === PATHS.refresh) count += 1;
  });
  return () => count;
}
