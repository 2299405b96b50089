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
    use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
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
 * The production build in `outDir`, served by `vite preview` on `port` (with the production
 * headers), its `/api` proxied to `apiTarget`: e2e runs the build users get.
 */
export function previewBuild(outDir: string, port: number, apiTarget: string): WebServer {
  return {
    command: `npx vite build --outDir ${outDir} --emptyOutDir && npx vite preview --outDir ${outDir} --port ${port}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: { API_PROXY_TARGET: apiTarget },
  };
}
