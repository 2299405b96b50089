import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { SUPER_ADMIN } from './scenarios';
import { signIn } from './session';

const DELAY_MS = 3000;

/** Every API reply arrives three seconds late; returns a counter of requests per path. */
async function slowBackend(page: Page): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      const path = new URL(route.request().url()).pathname;
      counts.set(path, (counts.get(path) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      await route.continue().catch(() => undefined); // the page may have moved on
    },
  );
  return counts;
}

/**
 * Double-clicks a button that sends and checks it shows it is busy (disabled or spinning) until
 * the reply. The element is held directly: a spinning button hides its text, and so its name.
 */
async function doubleClickAndExpectBusy(button: Locator) {
  const element = await button.elementHandle();
  if (!element) throw new Error(`${button.toString()} is not on the page`);
  await button.dblclick();
  await expect
    .poll(() =>
      element.evaluate(
        (node) =>
          (node as HTMLButtonElement).disabled ||
          node.getAttribute('aria-disabled') === 'true' ||
          node.classList.contains('bp6-loading'),
      ),
    )
    .toBe(true);
}

test('login: the button is busy while the backend is slow, and a double click logs in once', async ({
  page,
}) => {
  const counts = await slowBackend(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(SUPER_ADMIN.email);
  await page.getByLabel('Password').fill(SUPER_ADMIN.password);
  const login = page.getByRole('button', { name: 'Login' });
  await doubleClickAndExpectBusy(login);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  expect(counts.get('/api/v1/auth/login/')).toBe(1);
});

test('wizard step 1: Authorize is busy until the key is checked, and checks it once', async ({
  page,
}) => {
  const counts = await slowBackend(page);
  await page.goto('/new-connection');
  await page.getByLabel(/Licence Key/).fill('ACEB-7Q2M-K9XD-41PF');
  const authorize = page.getByRole('button', { name: 'Authorize' });
  await doubleClickAndExpectBusy(authorize);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: 10_000 });
  expect(counts.get('/api/v1/auth/key/verify')).toBe(1);
});

test('dashboard: shows that it is loading until its data arrives', async ({ page }) => {
  await signIn(page);
  await slowBackend(page);
  await page.goto('/dashboard');
  // The set-up guard waits on the server: the router shows its pending state, then the blocks
  // show skeletons until their own replies.
  await expect(page.locator('.bp6-skeleton, .bp6-spinner').first()).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByText('14 Launches')).toBeVisible({ timeout: 20_000 });
});

test('dashboard: Save values for next Sync is busy and a double click saves once', async ({
  page,
}) => {
  await signIn(page);
  const counts = await slowBackend(page);
  await page.goto('/dashboard');
  // Values saved before fill the form: it can be saved as it is.
  await expect(
    page.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ12AAB' }),
  ).toHaveValue('10000', { timeout: 20_000 });
  await doubleClickAndExpectBusy(page.getByRole('button', { name: 'Save values for next Sync' }));
  await expect(
    page.getByText('Dummy values saved. They will be used on the next sync.'),
  ).toBeVisible({ timeout: 10_000 });
  expect(counts.get('/api/v1/salesforce/update-dummy-value-for-error/')).toBe(1);
});

test('dashboard: Resolve, and Confirm of the switch to Prod, each sent once on a double click', async ({
  page,
}) => {
  await signIn(page);
  const counts = await slowBackend(page);
  await page.goto('/dashboard');
  await expect(page.getByText('14 Launches')).toBeVisible({ timeout: 20_000 });
  await doubleClickAndExpectBusy(page.getByRole('button', { name: 'Resolve' }));
  await expect(page.getByText('All launches marked as resolved.')).toBeVisible({ timeout: 10_000 });
  expect(counts.get('/api/v1/salesforce/resolve-launched-data')).toBe(1);

  await page.getByRole('button', { name: 'Switch to Prod' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to switch to Prod?' });
  await doubleClickAndExpectBusy(dialog.getByRole('button', { name: 'Confirm' }));
  await expect(page).toHaveURL(/\/new-connection/, { timeout: 20_000 });
  expect(counts.get('/api/v1/tenants/1/')).toBe(2); // the dashboard's read, then one PATCH
});

test('Company Settings: Resend invitation, double-clicked, sends one e-mail', async ({ page }) => {
  await signIn(page);
  const counts = await slowBackend(page);
  await page.goto('/accounts');
  const resend = page.getByRole('button', { name: 'Resend invitation to Tomás Rivera' });
  await resend.waitFor({ timeout: 20_000 });
  await resend.dblclick();
  await expect(page.getByText('User Re-invite email sent Successfully')).toBeVisible({
    timeout: 10_000,
  });
  expect(counts.get('/api/v1/tenants/resend-user-invite/')).toBe(1);
});

test('values mapper: AutoMatch is busy and a double click matches once', async ({ page }) => {
  await signIn(page);
  const counts = await slowBackend(page);
  await page.goto('/values-mapper');
  const autoMatch = page.getByRole('button', { name: 'AutoMatch' });
  await autoMatch.waitFor({ timeout: 20_000 });
  await doubleClickAndExpectBusy(autoMatch);
  await expect
    .poll(() => counts.get('/api/v1/salesforce/auto-match') ?? 0, { timeout: 10_000 })
    .toBe(1);
  await page.waitForTimeout(500); // a second request would have left by now
  expect(counts.get('/api/v1/salesforce/auto-match')).toBe(1);
});

test('AWS registration: Register is busy and a double click registers once', async ({ page }) => {
  const counts = await slowBackend(page);
  await page.goto('/aws-onboarding');
  await page.getByLabel(/Contact Person/).fill('Dana Whitfield');
  await page.getByLabel(/^Email/).fill('dana.whitfield@acme-cloud.com');
  await page.getByLabel(/Contact Phone/).fill('+1 206 555 0100');
  await page.getByLabel(/Company Name/).fill('Acme Cloud Solutions');
  const register = page.getByRole('button', { name: 'Register' });
  await doubleClickAndExpectBusy(register);
  await expect(page.getByText('Successfully send register request.')).toBeVisible({
    timeout: 10_000,
  });
  expect(counts.get('/api/v1/auth/aws/marketplace/fulfill/register-purchase')).toBe(1);
});

test('Company Settings: Change Password is busy and a double click sends once', async ({
  page,
}) => {
  await signIn(page);
  const counts = await slowBackend(page);
  await page.goto('/accounts');
  await page.getByLabel('Current Password').fill('Sup3r-Secret!', { timeout: 20_000 });
  await page.getByLabel('New Password').fill('Even-M0re-Secret!');
  await page.getByLabel('Confirm Password').fill('Even-M0re-Secret!');
  const change = page.getByRole('button', { name: 'Change Password' });
  await doubleClickAndExpectBusy(change);
  await expect(page.getByText('Password updated successfully.')).toBeVisible({ timeout: 10_000 });
  expect(counts.get('/api/v1/auth/password/change/')).toBe(1);
});

test('values mapper: a spinner shows while the attributes load', async ({ page }) => {
  await signIn(page);
  await slowBackend(page);
  await page.goto('/values-mapper');
  await expect(page.locator('.bp6-spinner').first()).toBeVisible({ timeout: 10_000 });
  await expect(
    page.getByRole('region', { name: 'Sync Settings' }).getByRole('group', { name: 'OR block 1' }),
  ).toBeVisible({ timeout: 30_000 });
});

test('wizard step 2: Next is busy and a double click creates the company once', async ({
  page,
}) => {
  const counts = await slowBackend(page);
  await page.addInitScript(() =>
    localStorage.setItem('newConnectionProductKey', 'ACEB-7Q2M-K9XD-41PF'),
  );
  await page.goto('/new-connection');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2' })).toBeVisible({
    timeout: 10_000,
  });
  await page.getByLabel(/Company Name/).fill('Acme Cloud Solutions');
  await page.getByLabel(/Company Email/).fill('info@acme-cloud.com');
  await page.getByLabel(/Admin Name/).fill('Dana Whitfield');
  await page.getByLabel(/Admin Email/).fill('dana.whitfield@acme-cloud.com');
  await page.getByLabel(/Admin Password/).fill('Sup3r-Secret!');
  await page.getByText('I accept the', { exact: false }).click({ position: { x: 5, y: 5 } });
  await doubleClickAndExpectBusy(page.getByRole('button', { name: 'Next' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3' })).toBeVisible({
    timeout: 20_000,
  });
  expect(counts.get('/api/v1/tenants/')).toBe(1);
});

test('reset password and invitation: Save is busy and a double click sends once', async ({
  page,
}) => {
  const counts = await slowBackend(page);
  for (const [url, path] of [
    [
      '/password/reset/Mg/c3v8kq-7f1e0d2b9a4c6e8f0a1b2c3d4e5f6a7b',
      '/api/v1/auth/password/reset/confirm/',
    ],
    [
      '/register/NA/c3v9aa-1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e?name=Tomas',
      '/api/v1/tenants/invite-users/verify/',
    ],
  ] as const) {
    await page.goto(url);
    await page.getByLabel('New Password').fill('N3w-Passw0rd!');
    await page.getByLabel('Confirm Password').fill('N3w-Passw0rd!');
    await doubleClickAndExpectBusy(page.getByRole('button', { name: 'Save' }));
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    expect(counts.get(path)).toBe(1);
  }
});
