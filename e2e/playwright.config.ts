import { defineConfig, devices } from '@playwright/test';

import { findChromium } from './find-chromium.mjs';
import { prismMock, previewBuild, suiteDefaults } from './suite-defaults';

// Headless runs get Debian's headless shell where there is one (find-chromium.mjs); a run that
// shows the browser (--headed, --ui, --debug) needs the whole one.
const shown =
  process.argv.some((arg) => /^--(headed|ui|debug)\b/.test(arg)) || !!process.env.PWDEBUG;
const executablePath = await findChromium({ headless: !shown });
if (!executablePath)
  throw new Error('No Chromium found: run `node e2e/find-chromium.mjs --headless --install`.');

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
  ...suiteDefaults(process.env.E2E_OUT_DIR),
  fullyParallel: true,
  timeout: 30_000,
  use: { ...suiteDefaults().use, baseURL: PREVIEW_URL },
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
    prismMock(MOCK_PORT),
    previewBuild(OUT_DIR, PREVIEW_PORT, `http://127.0.0.1:${MOCK_PORT}`),
  ],
});
