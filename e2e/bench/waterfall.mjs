// How many sequential rounds of API requests a screen needs before its content shows.

/**
 * Rounds: a request that starts after another API request has finished may depend on it, so it
 * is one round later than the latest such request. Round 1 is what starts with the page.
 */
export function countRounds(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const rounds = [];
  for (const request of sorted) {
    const before = rounds.filter((done) => done.end <= request.start);
    const round = 1 + Math.max(0, ...before.map((done) => done.round));
    rounds.push({ ...request, round });
  }
  return rounds;
}

/**
 * Loads `path` signed in, waits for `readySelector`, and reports the API request rounds:
 * in all, and after the route guard's own requests (`guardPaths`).
 */
export async function measureWaterfall(page, baseUrl, { path, readySelector, guardPaths = [] }) {
  const requests = [];
  const started = new Map();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/'))
      started.set(request, { path: url.pathname, start: Date.now() });
  });
  page.on('requestfinished', (request) => {
    const entry = started.get(request);
    if (entry) requests.push({ ...entry, end: Date.now() });
  });
  await page.goto(`${baseUrl}${path}`);
  await page.locator(readySelector).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const rounds = countRounds(requests);
  const guardRound = Math.max(
    0,
    ...rounds.filter((r) => guardPaths.includes(r.path)).map((r) => r.round),
  );
  const total = Math.max(0, ...rounds.map((r) => r.round));
  return {
    requests: rounds.length,
    rounds: total,
    roundsAfterGuard: total - guardRound,
    detail: rounds.map((r) => `${r.round}:${r.path}`),
  };
}
