import type { Page, Response } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, networkSettled, test } from './fixtures';
import { SIGNED_IN, SIGNED_OUT, type Screen } from './screen-list';
import { signIn } from './session';

// Every screen of the route table, once, as the production build behind the Prism mock shows it:
// its title in the tab ("{Screen} · AceBridge", WCAG 2.4.2), its level-1 heading inside the shell,
// no serious axe violation, the strict Content-Security-Policy on the document, and no console
// error or CSP violation (fixtures.ts). What a screen does is tested in Vitest; this is what only a
// browser running the real build shows.

/** The production headers on the document: a strict CSP and its companions. */
function expectStrictHeaders(response: Response | null) {
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
}

async function visitEach(page: Page, screens: readonly Screen[]) {
  for (const screen of screens) {
    await test.step(`${screen.path}: "${screen.title} · AceBridge"`, async () => {
      expectStrictHeaders(await page.goto(screen.path));
      if (screen.lands) await expect(page).toHaveURL(screen.lands);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'AceBridge home' })).toBeVisible();
      await expect(page).toHaveTitle(`${screen.title} · AceBridge`);
      await networkSettled(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
}

test('every signed-out screen: its title, heading, shell, axe and CSP', async ({ page }) => {
  test.slow(); // a dozen screens, each checked by axe
  await visitEach(page, SIGNED_OUT);
});

test('every signed-in screen: its title, heading, shell, axe and CSP', async ({ page }) => {
  test.slow(); // axe on the values mapper's hundreds of rows takes seconds
  await signIn(page, 'superAdmin');
  await visitEach(page, SIGNED_IN);
});
