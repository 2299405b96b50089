import { defineConfig } from '@playwright/test';

import mockSuite from './playwright.config';
import { API_HOST, MOCK_PORT, OUT_DIR, SERVE_PORT, SERVE_URL, SERVED_DIR } from './serve/settings';
import { buildThen, prismMock, suiteDefaults } from './suite-defaults';

// The production build as production serves it: `vite build`, then Caddy through the project's
// Caddyfile (`npm run serve`), with the API host given when the server starts. The app calls the
// Prism mock cross-origin, as it calls https://<tenant>.<API host> in production.
export default defineConfig({
  testDir: 'serve',
  testMatch: '**/*.spec.ts',
  ...suiteDefaults(OUT_DIR),
  fullyParallel: true,
  timeout: 30_000,
  use: { ...suiteDefaults().use, baseURL: SERVE_URL },
  // The same Chromium, with the same launch options, as the mock suite.
  projects: [{ name: 'serve', use: mockSuite.projects?.[0]?.use }],
  webServer: [
    prismMock(MOCK_PORT),
    {
      command: buildThen(
        OUT_DIR,
        `node tests/serve/serve.mjs --port ${SERVE_PORT} --root ${SERVED_DIR}`,
      ),
      cwd: '..',
      url: SERVE_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { API_HOST },
    },
  ],
});
