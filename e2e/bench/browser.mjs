// The bench's browser: the same Chromium the e2e tests use, with a debugging port for Lighthouse.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from '@playwright/test';

import { findChromium } from '../find-chromium.mjs';
import { ACCEPT_BENCH_CERTIFICATE } from './http2-front.mjs';
import { DANA } from './seed-users.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The bench's browser, as its default context (a fresh profile): the tab Lighthouse opens
 * through the debugging port shares that context's storage, and so the session seeded in it.
 * `viewport` sizes its pages (Playwright's default is 1280 × 720).
 */
export async function launchBrowser({ debuggingPort, viewport } = {}) {
  const executablePath = await findChromium();
  if (!executablePath)
    throw new Error('No Chromium found: run `node e2e/find-chromium.mjs --install`.');
  // It also accepts the HTTP/2 front's certificate, made for the run (http2-front.mjs).
  const args = [...CHROMIUM_ARGS, ACCEPT_BENCH_CERTIFICATE];
  if (debuggingPort) args.push(`--remote-debugging-port=${debuggingPort}`);
  const profile = mkdtempSync(join(tmpdir(), 'acebridge-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args,
    ignoreHTTPSErrors: true,
    ...(viewport ? { viewport } : {}),
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, executablePath, close };
}

/** Signs Dana in through the login form of the build at `baseUrl`; the page ends on /dashboard. */
export async function signInThroughForm(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(DANA.email);
  await page.getByLabel('Password').fill(DANA.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL(/\/dashboard/);
}

/** Signs in the way the e2e tests do: the mock's login reply, seeded into local storage. */
export async function seedSession(page, baseUrl, example = 'superAdmin') {
  const response = await page.request.post(`${baseUrl}/api/v1/auth/login/`, {
    data: DANA,
    headers: { prefer: `example=${example}` },
  });
  const reply = await response.json();
  await page.goto(`${baseUrl}/terms-and-conditions`);
  await page.evaluate((session) => {
    localStorage.setItem('currentUser', JSON.stringify(session.user));
    localStorage.setItem('currentAccessToken', session.access);
    localStorage.setItem('currentRefreshToken', session.refresh);
  }, reply);
}
