import type { Page, Request, Route } from '@playwright/test';

import { REJECTED, type Fault } from '../../tests/faults/catalogue';
import { PATHS } from '../scenarios';

export { CATALOGUE, FAULTS, type Fault } from '../../tests/faults/catalogue';

/**
 * A 413 as the reverse proxy in front of the backend sends it: the body never reached the backend,
 * so the reply is the proxy's own HTML page, not the backend's JSON.
 */
const PROXY_TOO_LARGE =
  '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n' +
  '<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n' +
  '</body>\r\n</html>\r\n';

/** A call of a screen: its method and a test on its path. */
export interface CallMatch {
  method: string;
  path: RegExp;
}

const matches = (call: CallMatch, request: Request) =>
  request.method() === call.method && call.path.test(new URL(request.url()).pathname);

/** The reply a fault gets from the network: a request aborted, a proxy's page, or JSON. */
function answer(route: Route, fault: Fault): Promise<void> {
  if (fault === 'network') return route.abort('internetdisconnected');
  if (fault === 413)
    return route.fulfill({ status: 413, contentType: 'text/html', body: PROXY_TOO_LARGE });
  const body =
    fault === 400 ? { error: REJECTED } : fault === 401 ? { detail: 'Token expired' } : {};
  return route.fulfill({
    status: fault,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
}

/**
 * Answers the matching calls with the fault; a 401 answers only the first and lets the retry, sent
 * with the refreshed token, through to the mock.
 */
export async function injectFault(page: Page, call: CallMatch, fault: Fault): Promise<void> {
  let left = fault === 401 ? 1 : Number.POSITIVE_INFINITY;
  await page.route(
    (url) => call.path.test(url.pathname),
    async (route: Route) => {
      if (!matches(call, route.request()) || left <= 0) return route.fallback();
      left -= 1;
      return answer(route, fault);
    },
  );
}

/** Counts the token refresh calls the page makes. */
export function countRefreshes(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === PATHS.refresh) count += 1;
  });
  return () => count;
}
