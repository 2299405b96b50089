import { defineConfig } from '@playwright/test';
import mockSuite from './playwright.config';
import { API_HOST, MOCK_PORT, OUT_DIR, SERVE_PORT, SERVE_URL } from './serve/settings';

// The production build as production serves it: `vite build`, then Caddy through the project's
// Caddyfile (`npm run serve`), with the API host given when the server starts. The app calls the
// Prism mock cross-origin, as it calls https://<tenant>.<API host> in production.
export default defineConfig({
  testDir: 'serve',
  testMatch: '**/*.spec.ts',
  outputDir: `../${OUT_DIR}-results`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: `../${OUT_DIR}-report` }]],
  use: {
    baseURL: SERVE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The same Chromium, with the same launch options, as the mock suite.
  projects: [{ name: 'serve', use: mockSuite.projects?.[0]?.use }],
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
      command: `npx vite build --outDir ${OUT_DIR} --emptyOutDir && node tests/serve/serve.mjs --port ${SERVE_PORT} --root ${OUT_DIR}`,
      cwd: '..',
      url: SERVE_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { API_HOST },
    },
  ],
});
