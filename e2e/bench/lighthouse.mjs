// Lighthouse scores for a page, in the bench's Chromium (desktop preset, simulated throttling).
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

/** One Lighthouse run of `url`; throws when it scored another page (a redirect to /login). */
async function runOnce(url, port) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keep the local storage the bench seeded (the dashboard needs a session).
      disableStorageReset: true,
    },
    // AceBridge is a desktop tool for partner admins: Lighthouse's desktop preset.
    desktopConfig,
  );
  const { categories, audits, finalDisplayedUrl, environment } = result.lhr;
  // A redirect (to /login, for want of a session) would score another page.
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse was sent to ${url} but scored ${finalDisplayedUrl}.`);
  }
  const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    // The host's speed as Lighthouse measured it for this run: the simulation scales by it, so a
    // score reads against it (mapper-bench.mjs, benchmarkIndex).
    benchmarkIndex: Math.round(environment.benchmarkIndex),
  };
}

/** How many times each page is scored: one run's score moves by a point or two between runs. */
export const LIGHTHOUSE_RUNS = 3;

/**
 * The median of LIGHTHOUSE_RUNS Lighthouse runs of `url` (by performance score, then LCP), as
 * Lighthouse's own guidance advises over a single run; `prepare` runs before each (to empty the
 * HTTP cache, so that every run is a first visit).
 */
export async function runLighthouse(url, port, { prepare = async () => {} } = {}) {
  const runs = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) {
    await prepare();
    runs.push(await runOnce(url, port));
  }
  runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return runs[Math.floor(runs.length / 2)];
}
