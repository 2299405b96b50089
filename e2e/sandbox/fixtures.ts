import type { APIRequestContext, Page } from '@playwright/test';

import type { ViolatingExchange } from '../../tests/sandbox/stack.mjs';
import { test as appTest, expect } from '../fixtures';
import { PATHS } from '../scenarios';
import { seedSession, type LoginReply } from '../session';

export { expect };
export { DEMO_PASSWORD } from '../../tests/sandbox/stack-banner.mjs';

/** A mail the sandbox would have sent (GET /api/sandbox/outbox). */
export interface Mail {
  id: number;
  at: string;
  to: string;
  subject: string;
  /** The app path it links to, e.g. /register/NA/abc?name=Grace. */
  link: string;
}

export interface SandboxFixtures {
  /** Before each test: the sandbox back to its seed. After: the test fails on any contract violation. */
  sandbox: void;
  /** The sandbox's outbox, oldest mail first. */
  outbox: () => Promise<Mail[]>;
}

/** Through the preview's /api proxy to the stack's front door (e2e/sandbox.config.ts). */
async function readOutbox(request: APIRequestContext): Promise<Mail[]> {
  const reply = await request.get('/api/sandbox/outbox', {
    headers: { accept: 'application/json' },
  });
  expect(reply.ok(), 'the sandbox outbox answers').toBe(true);
  return ((await reply.json()) as { mails: Mail[] }).mails;
}

const describe = (exchange: ViolatingExchange) =>
  [
    `${exchange.method} ${exchange.url} -> ${exchange.status} [${exchange.operation}]`,
    ...exchange.violations.map((v) => `    ${v.severity} ${v.location}: ${v.message}`),
  ].join('\n');

/** The console-error and CSP checks of e2e/fixtures.ts, plus the sandbox's. */
export const test = appTest.extend<SandboxFixtures>({
  sandbox: [
    async ({ request }, use, testInfo) => {
      // e2e/playwright.config.ts (the mock suite) sees these files too: they run only here.
      testInfo.skip(
        testInfo.project.name !== 'sandbox',
        'a sandbox journey (npm run test:e2e:sandbox)',
      );
      // The header the reset requires (tests/sandbox/server.ts): a cross-site form cannot send it.
      const reset = await request.post('/api/sandbox/reset', {
        headers: { 'x-sandbox-reset': 'yes' },
      });
      expect(reset.ok(), 'the sandbox resets to its seed').toBe(true);
      await request.delete('/api/sandbox/violations');
      await use();
      const reply = await request.get('/api/sandbox/violations');
      const violations = (await reply.json()) as ViolatingExchange[];
      expect(
        violations.map(describe),
        'contract violations (Prism, in front of the sandbox)',
      ).toEqual([]);
    },
    { auto: true },
  ],
  outbox: async ({ request }, provide) => {
    await provide(() => readOutbox(request));
  },
});

/**
 * Signs in through the login screen, as a person would; resolves once the app has left /login.
 * One journey does (smoke.spec.ts); the others sign in through the API (`signIn`).
 */
export async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs in through the sandbox's login API (the browser keeps its XSRF cookie) and stores the
 * session as the login screen would; then opens /login, which sends a signed-in user where the
 * login screen would have. Resolves once the app has left /login.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const reply = await page.request.post(PATHS.login, { data: { email, password } });
  expect(reply.status(), `the sandbox signs ${email} in`).toBe(200);
  await seedSession(page, (await reply.json()) as LoginReply);
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Makes the page's access token one that has already expired, for the same session (the sandbox's
 * own route): the next call gets a 401 and the app refreshes, with no wait for the real lifetime.
 */
export async function expireAccessToken(page: Page): Promise<void> {
  const refresh = await page.evaluate(() => localStorage.getItem('currentRefreshToken'));
  const reply = await page.request.post('/api/sandbox/access-token', {
    data: { refresh, lifetime: 0 },
  });
  expect(reply.status(), 'the sandbox hands out an expired access token').toBe(200);
  const { access } = (await reply.json()) as { access: string };
  await page.evaluate((token) => localStorage.setItem('currentAccessToken', token), access);
}
