import type { PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>;

/**
 * What every Playwright suite shares: a CI run forbids test.only and retries a failed test once
 * (a test that passes only on its retry is reported as flaky, not hidden); traces and screenshots
 * are kept for failures only. A suite that runs beside others (`outDir`) keeps its own results
 * and report.
 */
export function suiteDefaults(outDir?: string) {
  const results = outDir ? `../${outDir}-results` : '../test-results';
  // Results and report stay per suite (outDir names the suite), even when the build is shared.
  const report = outDir ? `../${outDir}-report` : '../playwright-report';
  return {
    outputDir: results,
    // Playwright's default, half the cores, in CI too: each worker's Chromium runs a browser, a
    // GPU and a renderer process, and two workers on a 2-core runner starved both (screens
    // such as /values-mapper took over 7 s to show, and tests timed out on their retry too).
    forbidOnly: Boolean(process.env.CI),
    retries: process.env.CI ? 1 : 0,
    expect: { timeout: 7_000 },
    reporter: process.env.CI
      ? [['list']]
      : [['list'], ['html', { open: 'never', outputFolder: report }]],
    // A failing test is retried in CI; its retry records the trace (recording every test's trace
    // costs every test, for the few that fail).
    // Pages ask for reduced motion, as a user may (app.css): no test watches an animation, a
    // dialog shows its final colours at once, and no moving progress bar or spinner keeps the
    // browser drawing while a test waits (a sync's bar alone took 0.4 of a core).
    use: {
      trace: 'on-first-retry',
      screenshot: 'only-on-failure',
      reducedMotion: 'reduce',
    },
  } satisfies PlaywrightTestConfig;
}

/** The Prism mock of openapi.yaml, refusing what breaks the contract (`--errors`). */
export function prismMock(port: number): WebServer {
  return {
    // Prism answers 404 on '/', so wait for its port rather than a URL.
    command: `npx prism mock openapi.yaml --host 127.0.0.1 --port ${port} --errors`,
    cwd: '..',
    port,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  };
}

/**
 * The build `npm run test:e2e` made once for its three suites (E2E_BUILD_DIR), else undefined:
 * a suite run on its own builds into its own folder, so that suites can run side by side.
 */
const sharedBuild = process.env.E2E_BUILD_DIR || undefined;

/** The folder a suite serves: the shared build when there is one, else its own `outDir`. */
export const buildDir = (outDir: string) => sharedBuild ?? outDir;

/** The shell command that builds into the suite's folder and then runs `serve` (none when shared). */
export function buildThen(outDir: string, serve: string): string {
  return sharedBuild ? serve : `npx vite build --outDir ${outDir} --emptyOutDir && ${serve}`;
}

/**
 * The production build in `outDir` (or the shared one), served by `vite preview` on `port` (with
 * the production headers), its `/api` proxied to `apiTarget`: e2e runs the build users get.
 */
export function previewBuild(outDir: string, port: number, apiTarget: string): WebServer {
  return {
    command: buildThen(outDir, `npx vite preview --outDir ${buildDir(outDir)} --port ${port}`),
    cwd: '..',
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: { API_PROXY_TARGET: apiTarget },
  };
}
