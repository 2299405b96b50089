import type { BrowserContext, Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { PATHS, SUPER_ADMIN } from './scenarios';
import { signIn } from './session';

// Tabs that agree about who is signed in: two pages of one browser context share the session in
// localStorage, as two tabs of one browser do.

async function secondTab(context: BrowserContext, path: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(path);
  return tab;
}

/** Signed in, Company Settings open in this tab and in a second one. */
async function twoTabsOnCompanySettings(page: Page, context: BrowserContext): Promise<Page> {
  await signIn(page);
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { name: 'Company Settings' })).toBeVisible();
  const other = await secondTab(context, '/accounts');
  await expect(other.getByRole('heading', { name: 'Company Settings' })).toBeVisible();
  return other;
}

test('signing out in one tab ends the session in the other within a second', async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { name: 'Company Settings' })).toBeVisible();
  const other = await secondTab(context, '/dashboard');
  await expect(other.getByRole('heading', { level: 1, name: 'Update Feed' })).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  // The other tab's screen goes along, to come back to after signing in again.
  await expect(other).toHaveURL(/\/login\?returnUrl=%2Fdashboard$/, { timeout: 1_000 });
  await expect(other.getByRole('heading', { name: 'User Login' })).toBeVisible();
  // Nothing of the old user stays on screen, and no error is toasted for a deliberate sign-out.
  await expect(other.getByRole('heading', { level: 1, name: 'Update Feed' })).toHaveCount(0);
  await expect(other.locator('.bp6-toast')).toHaveCount(0);
});

test('a session ended by a failed refresh in one tab ends in the other', async ({
  page,
  context,
}) => {
  const other = await twoTabsOnCompanySettings(page, context);

  // This tab's next call is refused and so is its refresh.
  await page.route('**/api/v1/users/**', (route) =>
    route.fulfill({ status: 401, json: { detail: 'Given token not valid for any token type' } }),
  );
  await page.route(`**${PATHS.refresh}`, (route) =>
    route.fulfill({ status: 401, json: { message: 'Token is blacklisted' } }),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Faccounts$/);
  await expect(
    page.locator('.bp6-toast').filter({ hasText: 'Token is blacklisted' }),
  ).toBeVisible();
  await expect(other).toHaveURL(/\/login\?returnUrl=%2Faccounts$/, { timeout: 1_000 });
});

test('a sign-in in one tab lets a tab waiting on /login go on', async ({ page, context }) => {
  await page.goto('/login?returnUrl=%2Faccounts');
  await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
  const other = await secondTab(context, '/login');

  await other.getByLabel('Email').fill(SUPER_ADMIN.email);
  await other.getByLabel('Password').fill(SUPER_ADMIN.password);
  await other.getByRole('button', { name: 'Login' }).click();
  await expect(other).toHaveURL(/\/dashboard/);
  // The waiting tab goes where it was asked to go.
  await expect(page).toHaveURL(/\/accounts/);
  await expect(page.getByRole('heading', { name: 'Company Settings' })).toBeVisible();
});

test('tabs whose access token is refused together make one refresh between them', async ({
  page,
  context,
}) => {
  const other = await twoTabsOnCompanySettings(page, context);

  // The access token both tabs hold is now refused, and the refresh is answered only once both
  // tabs have met their 401: they meet it together whatever the machine's load, which a fixed
  // delay on the refresh could not promise.
  const stale = await page.evaluate(() => localStorage.getItem('currentAccessToken'));
  let refreshes = 0;
  const refused = new Set<Page>();
  let openRefresh = () => {};
  const bothRefused = new Promise<void>((resolve) => (openRefresh = resolve));
  await context.route('**/api/v1/**', async (route) => {
    const request = route.request();
    if (new URL(request.url()).pathname === PATHS.refresh) {
      refreshes += 1;
      await bothRefused;
      return route.continue();
    }
    if (request.headers().authorization === `Bearer ${stale}`) {
      refused.add(request.frame().page());
      if (refused.size === 2) openRefresh();
      return route.fulfill({ status: 401, json: { detail: 'Token is invalid or expired' } });
    }
    return route.continue();
  });

  await Promise.all([page.reload(), other.reload()]);
  await expect(page.getByRole('heading', { name: 'Company Settings' })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Company Settings' })).toBeVisible();
  await expect(page.getByText('Dana Whitfield').first()).toBeVisible();
  await expect(other.getByText('Dana Whitfield').first()).toBeVisible();
  expect(refreshes, 'refreshes between the two tabs').toBe(1);
  // Both tabs go on with the one new token.
  const tokens = await Promise.all(
    [page, other].map((tab) => tab.evaluate(() => localStorage.getItem('currentAccessToken'))),
  );
  expect(tokens[0]).not.toBe(stale);
  expect(tokens[1]).toBe(tokens[0]);
});
