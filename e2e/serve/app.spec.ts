import type { Page } from '@playwright/test';

import { expect, test } from '../fixtures';
import { API_ORIGIN, SERVE_URL } from './settings';

// The app as production serves it. The fixture fails a test on any console error or CSP violation,
// so each journey also shows that the policy Caddy sends lets the app work.

/** The origins every API call of the page went to. */
function apiOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) origins.add(url.origin);
  });
  return origins;
}

test('signs in, then opens the dashboard and the values mapper, calling the API host cross-origin', async ({
  page,
}) => {
  const origins = apiOrigins(page);
  await page.goto('/login');
  // The mock signs in any e-mail and password.
  await page.getByLabel('Email').fill('dana.whitfield@acme-cloud.com');
  await page.getByLabel('Password').fill('any password');
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Update Feed' })).toBeVisible();
  await expect(page.getByText('TOTAL SYNCED', { exact: false })).toBeVisible();

  await page.getByRole('link', { name: 'Values Mapper' }).click();
  await expect(page).toHaveURL(/\/values-mapper$/);
  await expect(page.getByRole('heading', { name: 'Sync Settings' })).toBeVisible();
  await expect(page.getByText(/Required Fields of leads Matched/)).toBeVisible();

  // Every call went to the API host named at start-up, none to the page's own origin.
  expect([...origins]).toEqual([API_ORIGIN]);
});

test('a reload on /values-mapper opens the values mapper again', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('dana.whitfield@acme-cloud.com');
  await page.getByLabel('Password').fill('any password');
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/values-mapper');
  await expect(page.getByRole('heading', { name: 'Sync Settings' })).toBeVisible();

  const reload = await page.reload();
  expect(reload?.status()).toBe(200);
  expect(reload?.headers()['cache-control']).toBe('no-cache');
  await expect(page).toHaveURL(`${SERVE_URL}/values-mapper`);
  await expect(page.getByRole('heading', { name: 'Sync Settings' })).toBeVisible();
  await expect(page.getByText(/Required Fields of leads Matched/)).toBeVisible();
});

test('a deep link opens its screen (the server answers the app for every app route)', async ({
  page,
}) => {
  const reply = await page.goto('/password/reset/MQ/abc');
  expect(reply?.status()).toBe(200);
  await expect(page).toHaveTitle('Reset Password · AceBridge');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
});
