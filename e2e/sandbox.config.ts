import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { defineConfig } from '@playwright/test';

import mockSuite from './playwright.config';
import { previewBuild, suiteDefaults } from './suite-defaults';

// Journeys through the living sandbox (tests/sandbox): the production build, served by
// `vite preview`, whose /api goes to the sandbox stack's front door (Prism validating every
// exchange in front of the sandbox; requests with a Prefer header to the Prism mock). Every test
// starts from the seed and fails on any contract violation (e2e/sandbox/fixtures.ts).
// Its ports, build folder and data folder are its own, so it runs beside `npm start` and the mock
// suite.
const FRONT_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4510);
const PREVIEW_PORT = Number(process.env.E2E_SANDBOX_PREVIEW_PORT ?? 4573);
const OUT_DIR = process.env.E2E_SANDBOX_OUT_DIR ?? '.e2e-sandbox';
const PREVIEW_URL = `http://127.0.0.1:${PREVIEW_PORT}`;
// Seconds: short enough that tokens are refreshed in the middle of a journey.
const ACCESS_TTL = process.env.SANDBOX_ACCESS_TTL ?? '20';

// The same Chromium, with the same launch options, as the mock suite.
const chromium = mockSuite.projects?.[0]?.use;

// A data folder of the run's own: `--fresh` keeps the files it replaces, which a fixed folder would
// pile up run after run. Set once, in the process that loads the config first; its workers inherit
// it rather than making folders of their own.
process.env.E2E_SANDBOX_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'acebridge-sandbox-e2e-'));
const DATA_DIR = process.env.E2E_SANDBOX_DATA_DIR;

export default defineConfig({
  testDir: 'sandbox',
  testMatch: '**/*.spec.ts',
  ...suiteDefaults(OUT_DIR),
  // The journeys share one sandbox: one at a time.
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  use: { ...suiteDefaults().use, baseURL: PREVIEW_URL },
  projects: [{ name: 'sandbox', use: chromium }],
  webServer: [
    {
      // Listens once the sandbox, both Prisms and the front door answer.
      command: `node tests/sandbox/stack.mjs --port ${FRONT_PORT} --fresh --app-url ${PREVIEW_URL}`,
      cwd: '..',
      url: `http://127.0.0.1:${FRONT_PORT}/api/sandbox/violations`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'pipe',
      env: {
        SANDBOX_ACCESS_TTL: ACCESS_TTL,
        // Slower than `npm start` (60 a second): a run of the seeded org lasts about 15 s, long
        // enough to be watched from a reload and a second tab and checked by axe meanwhile.
        SANDBOX_SYNC_RATE: process.env.SANDBOX_SYNC_RATE ?? '25',
        // No scheduled run at 12:00 or 24:00 UTC: a journey that crossed one would meet a run
        // it did not start ("already in progress").
        SANDBOX_SCHEDULE: 'off',
        SANDBOX_DATA_DIR: DATA_DIR,
      },
    },
    previewBuild(OUT_DIR, PREVIEW_PORT, `http://127.0.0.1:${FRONT_PORT}`),
  ],
});
