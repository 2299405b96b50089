import { DEMO_PASSWORD, expect, signInThroughForm, test } from './fixtures';

// The harness itself: a real sign-in through the login screen against the sandbox's store (the
// one journey that signs in through the form), the users it keeps, and a wrong
// password refused — with Prism judging every exchange.

test('a demo account signs in and sees its own company’s users, from the store', async ({
  page,
}) => {
  await signInThroughForm(page, 'dana.whitfield@acme-cloud.com', DEMO_PASSWORD);
  await page.goto('/accounts');
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('cell', { name: 'marcus.oyelaran@acme-cloud.com' })).toBeVisible();
  await expect(users.getByRole('cell', { name: 'priya.raman@acme-cloud.com' })).toBeVisible();
  // Globex's users are another tenant's.
  await expect(users.getByRole('cell', { name: 'ops@globex.example' })).toHaveCount(0);
});

test('a wrong password is refused', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('dana.whitfield@acme-cloud.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login/);
});
