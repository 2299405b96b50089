import type { Page } from '@playwright/test';

import { DEMO_PASSWORD, expect, expireAccessToken, signIn, test } from './fixtures';
import { toast } from './screens';

// People: an invitation that goes out by mail and becomes an account, a session whose access
// token expires in the middle of an edit, and two companies that never see each other.

const DANA = 'dana.whitfield@acme-cloud.com';
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

async function openInvite(page: Page) {
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Name').fill('Grace Hopper');
  await dialog.getByLabel('Email').fill('grace.hopper@acme-cloud.com');
  await dialog.getByLabel('Role').selectOption('User');
  return dialog;
}

test('an invitation goes out by mail, its link sets a password, and the new user signs in', async ({
  page,
  outbox,
}) => {
  await signIn(page, DANA, DEMO_PASSWORD);
  const dialog = await openInvite(page);
  await dialog.getByRole('button', { name: 'Invite User' }).click();
  await expect(toast(page, 'User Added Successfully')).toBeVisible();
  await expect(
    usersTable(page).getByRole('cell', { name: 'grace.hopper@acme-cloud.com' }),
  ).toBeVisible();

  // The sandbox's outbox holds the invitation; it links to the register screen.
  const mail = (await outbox()).find((item) => item.to === 'grace.hopper@acme-cloud.com');
  expect(mail?.link).toMatch(/^\/register\/[^/]+\/[^/?]+\?name=Grace/);
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Not yet active: the invitation's password does not exist yet.
  await page.getByLabel('Email').fill('grace.hopper@acme-cloud.com');
  await page.getByLabel('Password').fill('Amazing-Gr4ce!');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

  await page.goto(mail?.link ?? '');
  await expect(page.getByText('Hello Grace, choose a password')).toBeVisible();
  await page.getByLabel('New Password').fill('Amazing-Gr4ce!');
  await page.getByLabel('Confirm Password').fill('Amazing-Gr4ce!');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Your password has been set. You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The link is spent; the new password signs Grace in, as a user of Acme.
  await signIn(page, 'grace.hopper@acme-cloud.com', 'Amazing-Gr4ce!');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
  await page.goto('/accounts');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(
    'grace.hopper@acme-cloud.com',
  );
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace Hopper');
});

test('an access token that expires in the middle of an edit is refreshed, and nothing typed is lost', async ({
  page,
}) => {
  await signIn(page, DANA, DEMO_PASSWORD);
  const dialog = await openInvite(page);
  await expireAccessToken(page);
  const refreshed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/auth/token/refresh/',
  );
  await dialog.getByRole('button', { name: 'Invite User' }).click();
  expect((await refreshed).status()).toBe(200);
  await expect(toast(page, 'User Added Successfully')).toBeVisible();
  const grace = usersTable(page)
    .getByRole('row')
    .filter({ hasText: 'grace.hopper@acme-cloud.com' });
  await expect(grace).toContainText('Grace');
  await expect(grace).toContainText('Hopper');
  // Still signed in after a reload, on the new token.
  await page.reload();
  await expect(grace).toBeVisible();
  await expect(page).toHaveURL(/\/accounts$/);
});

test('one company never sees the other’s data', async ({ page }) => {
  await signIn(page, 'ops@globex.example', DEMO_PASSWORD);
  await page.goto('/accounts');
  const users = usersTable(page);
  await expect(users.getByRole('cell', { name: 'hank.scorpio@globex.example' })).toBeVisible();
  await expect(users.getByRole('cell', { name: /@acme-cloud\.com$/ })).toHaveCount(0);

  await page.goto('/dashboard');
  const errors = page.getByRole('table', { name: 'Errors' });
  await expect(errors.getByRole('row').nth(1)).toBeVisible();
  // Acme's example errors (Stark Industries, Umbrella Health…) are not Globex's.
  await expect(errors.getByText('Stark Industries')).toHaveCount(0);

  // Asked directly for Acme's company, user or a mapping, the API answers 404.
  const statuses = await page.evaluate(async () => {
    const token = localStorage.getItem('currentAccessToken');
    const ask = async (path: string) =>
      (await fetch(path, { headers: { authorization: `Bearer ${token}` } })).status;
    return [await ask('/api/v1/tenants/1/'), await ask('/api/v1/users/2/')];
  });
  expect(statuses).toEqual([404, 404]);
});
