import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './find-chromium.mjs';

const executablePath = await findChromium();
if (!executablePath)
  throw new Error('No Chromium found: run `node e2e/find-chromium.mjs --install`.');

// Ports and build folder can be moved so that several suites can run side by side.
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4010);
const PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? 4173);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist';
const PREVIEW_URL = `http://127.0.0.1:${PREVIEW_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The sandbox journeys and the production server's suite have configs of their own
  // (sandbox.config.ts, serve.config.ts).
  testIgnore: ['sandbox/**', 'serve/**'],
  // Side-by-side suites keep their own results too.
  outputDir: process.env.E2E_OUT_DIR ? `../${process.env.E2E_OUT_DIR}-results` : '../test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI: a test that passes only on its retry is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list']]
    : [
        ['list'],
        [
          'html',
          {
            open: 'never',
            outputFolder: process.env.E2E_OUT_DIR
              ? `../${process.env.E2E_OUT_DIR}-report`
              : '../playwright-report',
          },
        ],
      ],
  use: {
    baseURL: PREVIEW_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // Prism answers 404 on '/', so wait for its port rather than a URL.
      command: `npx prism mock openapi.yaml --host 127.0.0.1 --port ${MOCK_PORT} --errors`,
      cwd: '..',
      port: MOCK_PORT,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // e2e runs the production build, as users get it.
      command: `npx vite build --outDir ${OUT_DIR} --emptyOutDir && npx vite preview --outDir ${OUT_DIR} --port ${PREVIEW_PORT}`,
      cwd: '..',
      url: PREVIEW_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { API_PROXY_TARGET: `http://127.0.0.1:${MOCK_PORT}` },
    },
  ],
});
