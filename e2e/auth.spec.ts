import type { Page } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { PATHS, preferScenario, SUPER_ADMIN, usePreset } from './scenarios';

async function logIn(page: Page, email = SUPER_ADMIN.email, password = SUPER_ADMIN.password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

test.describe('login', () => {
  test('a super_admin with set-up complete lands on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const sent = page.waitForRequest(PATHS.login);
    await logIn(page, '  Dana.Whitfield@ACME-cloud.com ');
    expect((await sent).postDataJSON()).toEqual(SUPER_ADMIN); // e-mail trimmed and lower-cased
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Login successful')).toBeHidden(); // hidden after one second
    const stored = await page.evaluate(() => [
      localStorage.getItem('currentAccessToken'),
      localStorage.getItem('currentRefreshToken'),
      JSON.parse(localStorage.getItem('currentUser') ?? '{}').role,
    ]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toBeTruthy();
    expect(stored[2]).toBe('super_admin');
  });

  test('a super_admin with set-up incomplete lands on the wizard', async ({ page }) => {
    await usePreset(page, 'new company at step 3');
    await page.goto('/login');
    await logIn(page);
    await expect(page).toHaveURL(/\/new-connection$/);
  });

  test('a user lands on the dashboard', async ({ page }) => {
    await preferScenario(page, PATHS.login, 'example=user');
    await page.goto('/login');
    await logIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a user whose company set-up is incomplete is told to wait', async ({ page }) => {
    await usePreset(page, 'user with set-up incomplete');
    await page.goto('/login');
    await logIn(page);
    await expect(page).toHaveURL(/\/incomplete-setup/);
    await expect(page.getByText(/Account Setup is incomplete\./)).toBeVisible();
  });

  test('a refused login marks both fields invalid, without a message, and keeps what was typed', async ({
    page,
  }) => {
    await preferScenario(page, PATHS.login, 'code=401');
    await page.goto('/login');
    await logIn(page, SUPER_ADMIN.email, 'wrong-password');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveValue(SUPER_ADMIN.email);
    await expect(page.locator('.bp6-toast')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a logged-in visitor of /login goes straight to the dashboard', async ({ page }) => {
    await page.goto('/login');
    await logIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('a guarded route visited logged out asks to log in, then returns there', async ({ page }) => {
  await page.goto('/accounts');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Faccounts$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/accounts$/);
});

test('a hostile returnUrl is ignored after login', async ({ page, baseURL }) => {
  await page.goto('/login?returnUrl=%2F%2Fevil.example%2Fx');
  await logIn(page);
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
});

test('logout clears the session, calls logout, and goes to /login', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const call = page.waitForRequest(PATHS.logout);
  await page.goto('/logout');
  await call;
  await expect(page).toHaveURL(/\/login$/);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys).not.toContain('currentAccessToken');
  expect(keys).not.toContain('currentUser');
});

test.describe('invitation', () => {
  const url = '/register/NA/c3v9aa-1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e?name=Tomas';

  test('an invited user sets a password and goes to login', async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'New Account' })).toBeVisible();
    await expect(page.getByText(/Hello Tomas/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await page.getByLabel('New Password').fill('Welc0me-Tomas!');
    await page.getByLabel('Confirm Password').fill('Welc0me-Tomas');
    await page.getByLabel('Confirm Password').blur();
    await expect(page.getByText('New password and Confirm password should match.')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.getByLabel('Confirm Password').fill('Welc0me-Tomas!');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired invitation shows the server error as a toast', async ({ page }) => {
    await preferScenario(page, PATHS.inviteVerify, 'code=400, example=expired');
    await page.goto(url);
    await page.getByLabel('New Password').fill('Welc0me-Tomas!');
    await page.getByLabel('Confirm Password').fill('Welc0me-Tomas!');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The invitation link is invalid or has expired.')).toBeVisible();
    await expect(page).toHaveURL(/\/register\//);
  });

  test('empty fields say they are required once touched', async ({ page }) => {
    await page.goto(url);
    await page.getByLabel('New Password').focus();
    await page.getByLabel('Confirm Password').focus();
    await page.getByLabel('New Password').focus();
    await expect(page.getByText('New password field is required.')).toBeVisible();
    await expect(page.getByText('Confirm password field is required.')).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('requesting a reset shows the server reply as valid feedback', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/request-reset-password$/);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Email Field is required')).toBeVisible();
    await page.getByLabel('Email').fill('marcus.oyelaran@acme-cloud.com');
    await page.getByLabel('Email').press('Enter');
    await expect(page.getByText('Password reset e-mail has been sent.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  // An unknown address gets the same reply as a known one (no account enumeration): only a
  // malformed one is refused.
  test('a malformed e-mail shows the server email error as invalid feedback', async ({ page }) => {
    await preferScenario(page, PATHS.resetRequest, 'code=400, example=invalidEmail');
    await page.goto('/request-reset-password');
    await page.getByLabel('Email').fill('nobody@acme-cloud');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  });

  test('setting a new password shows the message, then goes to login', async ({ page }) => {
    await page.goto('/password/reset/Mg/c3v8kq-7f1e0d2b9a4c6e8f0a1b2c3d4e5f6a7b');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('New Password').fill('N3w-Passw0rd!');
    await page.getByLabel('Confirm Password').fill('N3w-Passw0rd!');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Password has been reset with the new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a rejected reset names the field, and typing clears the message', async ({ page }) => {
    await preferScenario(page, PATHS.resetConfirm, 'code=400, example=passwordMismatch');
    await page.goto('/password/reset/Mg/c3v8kq-7f1e0d2b9a4c6e8f0a1b2c3d4e5f6a7b');
    await page.getByLabel('New Password').fill('N3w-Passw0rd!');
    await page.getByLabel('Confirm Password').fill('N3w-Passw0rd!');
    await page.getByRole('button', { name: 'Save' }).click();
    const message = page.getByText('Confirm password field must match the new password.');
    await expect(message).toBeVisible();
    await page.getByLabel('New Password').press('End');
    await page.getByLabel('New Password').pressSequentially('x');
    await expect(message).toBeHidden();
  });
});
