import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { PATHS, SUPER_ADMIN, usePreset } from './scenarios';
import { signIn } from './session';

// The journeys of the development scenario panel's presets, applied through the same Prefer
// header to the production build.

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(SUPER_ADMIN.email);
  await page.getByLabel('Password').fill(SUPER_ADMIN.password);
  await page.getByLabel('Password').press('Enter');
}

test('preset "user with set-up incomplete": after login the user is told to wait', async ({
  page,
}) => {
  await usePreset(page, 'user with set-up incomplete');
  await logIn(page);
  await expect(page).toHaveURL(/\/incomplete-setup/);
  await expect(page.getByText(/^Account Setup is incomplete\./)).toBeVisible();
});

test('preset "new company at step 3": after login the company admin is sent to the wizard', async ({
  page,
}) => {
  await usePreset(page, 'new company at step 3');
  const step = page.waitForResponse(PATHS.connectionStep);
  await logIn(page);
  expect(await (await step).json()).toEqual({ current_step: 3, message: null });
  await expect(page).toHaveURL(/\/new-connection/);
});

test('preset "session expired": one 401, one refresh, and the user stays on the dashboard', async ({
  page,
}) => {
  await signIn(page, 'superAdmin');
  await usePreset(page, 'session expired');
  const refused = page.waitForResponse(
    (response) => response.url().endsWith(PATHS.connectionStep) && response.status() === 401,
  );
  const refreshed = page.waitForResponse(PATHS.refresh);
  await page.goto('/dashboard');
  await refused;
  const { access } = (await (await refreshed).json()) as { access: string };
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('currentAccessToken'))).toBe(access);
});

test('preset "session ended (refresh refused)": the session ends on the login screen', async ({
  page,
}) => {
  await signIn(page, 'superAdmin');
  await usePreset(page, 'session ended (refresh refused)');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('currentAccessToken'))).toBeNull();
});
