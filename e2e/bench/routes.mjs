// What each screen costs to download as a user loads it: Chromium (a fresh profile, so a cold
// cache) opens the route in a 1366 × 768 window (the most common laptop screen) and every JS and
// CSS file it requests from the app's origin is counted at its gzip size (level 9 of the file in
// dist/, as bytes.mjs counts, whatever the server sends):
//   jsInitialGzip, cssInitialGzip  until the screen is ready: its heading (or main content)
//                                  visible and the network quiet for 500 ms
//   jsAllGzip, cssAllGzip          also what loads after that, until the network has been quiet
//                                  for 1 s more: everything the first glance downloads, the parts
//                                  loaded when their card comes on screen included (a user who
//                                  sees the card downloads them; the budget is on this figure)
//   jsOnSightGzip, cssOnSightGzip  of those, the chunks a route loads only when their card comes
//                                  on screen (the dashboard's history chart), so a change of the
//                                  layout that moves a card in or out of the window shows here
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { launchBrowser, seedSession } from './browser.mjs';

const heading = (name) => (page) => page.getByRole('heading', { level: 1, name });

/** Step 5 of a set-up in progress: a stored licence key and the server at step 5 (see bench.mjs). */
async function atStepFive(page) {
  await page.evaluate(() => localStorage.setItem('newConnectionProductKey', 'KEY-BENCH'));
  await page.route(
    (url) => url.pathname === '/api/v1/connection-step-status/',
    (route) =>
      route.continue({
        headers: { ...route.request().headers(), prefer: 'example=incompleteStep5' },
      }),
  );
}

/** The window every route is opened in: what a user sees without scrolling decides what loads. */
export const VIEWPORT = { width: 1366, height: 768 };

/** The routes measured: figures.routes.<name>. */
export const ROUTES = [
  { name: 'login', path: '/login', ready: heading('User Login') },
  {
    name: 'dashboard',
    path: '/dashboard',
    signedIn: true,
    ready: heading('Update Feed'),
    onSight: /\/history-chart-[^/]+\.(js|css)$/,
  },
  { name: 'newConnection', path: '/new-connection', ready: heading('Step 1') },
  {
    name: 'wizardStep5',
    path: '/new-connection',
    signedIn: true,
    setUp: atStepFive,
    ready: (page) => page.locator('input[aria-label^="Salesforce Fields for"]'),
  },
  { name: 'valuesMapper', path: '/values-mapper', signedIn: true, ready: heading('Sync Settings') },
  { name: 'accounts', path: '/accounts', signedIn: true, ready: heading('Company Settings') },
];

/** Requests in flight and when the network last moved, for waiting on a quiet network. */
function trackNetwork(page) {
  const inFlight = new Set();
  const state = { lastActivity: Date.now(), inFlight };
  page.on('request', (request) => {
    inFlight.add(request);
    state.lastActivity = Date.now();
  });
  const done = (request) => {
    inFlight.delete(request);
    state.lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

/** Resolves once nothing has been in flight for `quietMs` (counted from `since` at the earliest). */
async function waitForQuiet(network, quietMs, { since = 0, timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const quietFor = Date.now() - Math.max(network.lastActivity, since);
    if (network.inFlight.size === 0 && quietFor >= quietMs) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

export async function measureRoutes(baseUrl, dist) {
  const origin = new URL(baseUrl).origin;
  const gzipOf = new Map();
  const gzip = (file) => {
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
    return gzipOf.get(file);
  };
  const figures = {};
  const notes = [];
  for (const route of ROUTES) {
    // A browser of its own for each route: a cold cache, and no session unless seeded.
    const { context, close } = await launchBrowser({ viewport: VIEWPORT });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      if (route.signedIn) await seedSession(page, baseUrl);
      await route.setUp?.(page);
      // Seeding loaded the app once: forget what it cached.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();

      const requested = []; // [pathname, loaded before ready]
      let ready = false;
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === origin && /^\/assets\/.+\.(js|css)$/.test(url.pathname))
          requested.push([url.pathname, !ready]);
      });
      const network = trackNetwork(page);
      await page.goto(`${baseUrl}${route.path}`);
      await route.ready(page).first().waitFor({ timeout: 30_000 });
      if (!(await waitForQuiet(network, 500)))
        notes.push(`${route.name}: the network never went quiet before ready`);
      ready = true;
      const readyAt = Date.now();
      if (!(await waitForQuiet(network, 1_000, { since: readyAt })))
        notes.push(`${route.name}: the network never went quiet after ready`);
      if (new URL(page.url()).pathname !== route.path)
        notes.push(
          `${route.name}: asked for ${route.path}, ended on ${new URL(page.url()).pathname}`,
        );

      const files = new Map(); // pathname → { initial }
      for (const [pathname, initial] of requested) {
        files.set(pathname, { initial: initial || Boolean(files.get(pathname)?.initial) });
      }
      const sums = {
        jsInitialGzip: 0,
        jsAllGzip: 0,
        cssInitialGzip: 0,
        cssAllGzip: 0,
        ...(route.onSight ? { jsOnSightGzip: 0, cssOnSightGzip: 0 } : {}),
      };
      const list = [];
      for (const [pathname, { initial }] of files) {
        const file = join(dist, pathname);
        let size;
        try {
          size = gzip(file);
        } catch {
          notes.push(`${route.name}: ${pathname} is not in dist/`);
          continue;
        }
        const kind = pathname.endsWith('.js') ? 'js' : 'css';
        if (initial) sums[`${kind}InitialGzip`] += size;
        sums[`${kind}AllGzip`] += size;
        const onSight = Boolean(route.onSight?.test(pathname));
        if (onSight) sums[`${kind}OnSightGzip`] += size;
        list.push({
          file: pathname.slice(1),
          gzip: size,
          initial,
          ...(onSight ? { onSight } : {}),
        });
      }
      figures[route.name] = { path: route.path, ...sums, files: list };
    } finally {
      await close();
    }
  }
  return { figures, notes };
}
