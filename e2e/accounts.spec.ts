import type { Page } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { preferScenario } from './scenarios';
import { signIn } from './session';

const PATH = {
  users: '/api/v1/users/',
  invite: '/api/v1/tenants/invite-users/',
  resend: '/api/v1/tenants/resend-user-invite/',
  checkConnection: '/api/v1/tenants/check-connection/',
  passwordChange: '/api/v1/auth/password/change/',
  register: '/api/v1/auth/aws/marketplace/fulfill/register-purchase',
} as const;

/**
 * The mock refuses a request that breaks the contract (401, 404, 422) and answers 500 when its
 * own example is wrong; the scenarios here only ever ask for 400. Anything else fails the test.
 */
const refused = new WeakMap<Page, string[]>();
test.beforeEach(({ page }) => {
  const seen: string[] = [];
  refused.set(page, seen);
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && response.status() > 400) {
      seen.push(`${response.request().method()} ${pathname} → ${response.status()}`);
    }
  });
});
test.afterEach(({ page }) => {
  expect(refused.get(page), 'requests the mock refused').toEqual([]);
});

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const row = (page: Page, name: string) =>
  usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Resolves with the JSON body of the next request of `method` to `path`, and its reply status. */
function nextCall(page: Page, method: string, path: string) {
  return page
    .waitForResponse(
      (response) =>
        response.request().method() === method && new URL(response.url()).pathname === path,
    )
    .then((response) => ({
      status: response.status(),
      body: response.request().postDataJSON() as unknown,
    }));
}

test.describe('Company Settings as a super_admin', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('shows the company, its connections and the users', async ({ page }) => {
    await page.goto('/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Company Settings' })).toBeVisible();
    await expect(page.getByText('Professional')).toBeVisible();
    await expect(page.getByText('OK')).toHaveCount(2);
    await expect(row(page, 'Dana Whitfield')).toContainText('super admin');
    await expect(row(page, 'Tomás Rivera').getByRole('button')).toHaveCount(3);
    await expect(row(page, 'Priya Raman').getByRole('button')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });

  test('shows a failed Salesforce connection in red, and the pencil opens its modal', async ({
    page,
  }) => {
    await preferScenario(page, PATH.checkConnection, 'example=salesforceFailed');
    await page.goto('/accounts');
    const tag = (text: string) =>
      page.locator('.bp6-tag').filter({ hasText: new RegExp(`^${text}$`) });
    await expect(tag('FAILED')).toHaveClass(/bp6-intent-danger/);
    await expect(tag('OK')).toHaveClass(/bp6-intent-success/);
    await page.getByRole('button', { name: 'Update your Salesforce Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update your Salesforce Account' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('invites a user', async ({ page }) => {
    await page.goto('/accounts');
    await page.getByRole('button', { name: 'Add New' }).click();
    await expect(page).toHaveURL(/\/accounts\?invite=true$/);
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    const invite = dialog.getByRole('button', { name: 'Invite User' });
    await expect(invite).toBeDisabled();
    await dialog.getByLabel('Name').fill('T');
    await dialog.getByLabel('Email').fill('tomas.rivera@');
    await dialog.getByLabel('Role').focus();
    await dialog.getByLabel('Role').blur();
    await expect(
      dialog.getByText('The full name must contains at least first name and last name'),
    ).toBeVisible();
    await expect(
      dialog.getByText('The each part of the full name must contains at least 2 characters'),
    ).toBeVisible();
    await expect(dialog.getByText('Email is not valid')).toBeVisible();
    await expect(dialog.getByText('Please choose the proper role')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible(); // static: Escape does not close it

    await dialog.getByLabel('Name').fill('Tomás Rivera');
    await dialog.getByLabel('Email').fill('tomas.rivera@acme-cloud.com');
    await dialog.getByLabel('Role').selectOption('User');
    const sent = nextCall(page, 'POST', PATH.invite);
    const reload = nextCall(page, 'GET', PATH.users);
    await invite.click();
    expect(await sent).toEqual({
      status: 201,
      body: {
        first_name: 'Tomás',
        middle_name: null,
        last_name: 'Rivera',
        email: 'tomas.rivera@acme-cloud.com',
        role: 'user',
      },
    });
    await expect(page.getByText('User Added Successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await reload;
    await expect(page).toHaveURL(/\/accounts$/);
  });

  test('a taken e-mail shows under the field', async ({ page }) => {
    await preferScenario(page, PATH.invite, 'code=400, example=emailTaken');
    await page.goto('/invite-user');
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    await dialog.getByLabel('Name').fill('Marcus Oyelaran');
    await dialog.getByLabel('Email').fill('marcus.oyelaran@acme-cloud.com');
    await dialog.getByLabel('Role').selectOption('Super Admin');
    await dialog.getByRole('button', { name: 'Invite User' }).click();
    await expect(dialog.getByText('user with this email already exists.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Invite User' })).toBeDisabled();
  });

  test('edits a user’s name', async ({ page }) => {
    await page.goto('/accounts');
    await row(page, 'Marcus Oyelaran')
      .getByRole('button', { name: 'Edit Marcus Oyelaran' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Account' });
    await expect(dialog.getByLabel('Email')).toBeDisabled();
    await expect(dialog.getByLabel('Role')).toBeDisabled();
    await dialog.getByLabel('Name').fill('Marcus Adebayo Oyelaran Senior');
    const sent = nextCall(page, 'PATCH', '/api/v1/users/2/');
    const reload = nextCall(page, 'GET', PATH.users);
    await dialog.getByRole('button', { name: 'Update User' }).click();
    expect(await sent).toEqual({
      status: 200,
      body: { first_name: 'Marcus', middle_name: 'Adebayo', last_name: 'Oyelaran Senior' },
    });
    await expect(page.getByText('User Update Successfully')).toBeVisible();
    await reload;
  });

  test('re-sends a pending invitation', async ({ page }) => {
    await page.goto('/accounts');
    const sent = nextCall(page, 'POST', PATH.resend);
    await row(page, 'Tomás Rivera')
      .getByRole('button', { name: 'Resend invitation to Tomás Rivera' })
      .click();
    expect(await sent).toEqual({ status: 200, body: { user_id: 4 } });
    await expect(page.getByText('User Re-invite email sent Successfully')).toBeVisible();
  });

  test('deletes a user once confirmed', async ({ page }) => {
    await page.goto('/accounts');
    const remove = row(page, 'Marcus Oyelaran').getByRole('button', {
      name: 'Delete Marcus Oyelaran',
    });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete User Marcus Oyelaran?' });
    await expect(
      dialog.getByText(
        'You are going to delete this user. The process is irreversible. Are you sure you want to delete this user?',
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await remove.click();
    const deleted = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && response.url().endsWith('/users/2/'),
    );
    const reload = nextCall(page, 'GET', PATH.users);
    await dialog.getByRole('button', { name: 'Are you sure?' }).click();
    expect((await deleted).status()).toBe(204);
    await expect(page.getByText('User deleted Successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await reload;
  });
});

test.describe('Company Settings as a user', () => {
  test('shows only My Account', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/invite-user');
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Marcus Oyelaran');
    await expect(page.getByRole('textbox', { name: 'Role' })).toHaveValue('user');
    await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Update your Salesforce Account' })).toHaveCount(
      0,
    );
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('password change', () => {
  async function fill(page: Page, current: string, fresh: string, confirm: string) {
    await page.getByLabel('Current Password').fill(current);
    await page.getByLabel('New Password').fill(fresh);
    await page.getByLabel('Confirm Password').fill(confirm);
    await page.getByRole('button', { name: 'Change Password' }).click();
  }

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'user');
  });

  test('asks for every field, then for matching passwords, then shows the server’s message', async ({
    page,
  }) => {
    await page.goto('/accounts');
    await fill(page, 'Us3r-Secret!', '', '');
    await expect(page.getByRole('alert')).toHaveText(
      'New password, old password and confirm password are mandatory.',
    );
    await fill(page, 'Us3r-Secret!', 'Even-M0re-Secret!', 'Even-M0re-Secret');
    await expect(page.getByRole('alert')).toHaveText(
      'New password and confirm password should match.',
    );
    const sent = nextCall(page, 'POST', PATH.passwordChange);
    await fill(page, 'Us3r-Secret!', 'Even-M0re-Secret!', 'Even-M0re-Secret!');
    expect((await sent).status).toBe(200);
    await expect(page.getByText('Password updated successfully.')).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');
  });

  test('shows a wrong current password under its field', async ({ page }) => {
    await preferScenario(page, PATH.passwordChange, 'code=400, example=wrongOldPassword');
    await page.goto('/accounts');
    await fill(page, 'wrong', 'Even-M0re-Secret!', 'Even-M0re-Secret!');
    await expect(
      page.getByText('Your old password was entered incorrectly. Please enter it again.'),
    ).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('shows the server’s mismatch under the confirmation', async ({ page }) => {
    await preferScenario(page, PATH.passwordChange, 'code=400, example=mismatch');
    await page.goto('/accounts');
    await fill(page, 'Us3r-Secret!', 'Even-M0re-Secret!', 'Even-M0re-Secret!');
    await expect(page.getByText('New password and confirm password should match.')).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('AWS Marketplace registration', () => {
  async function fillValid(page: Page) {
    await page.getByLabel('Contact Person').fill('Dana Whitfield');
    await page.getByLabel('Email').fill('dana.whitfield@acme-cloud.com');
    await page.getByLabel('Contact Phone').fill('+1 206 555 0142');
    await page.getByLabel('Company Name').fill('Acme Cloud Solutions');
  }

  test('marks every field on Register, checks the e-mail, then registers and goes home', async ({
    page,
  }) => {
    await page.goto('/aws-onboarding');
    await expect(page.getByText(/licence keys/)).toBeVisible();
    await page.getByLabel('Contact Person').focus();
    await page.getByLabel('Email').focus();
    await expect(page.getByText('Required Field')).toHaveCount(1);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Required Field')).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);
    await fillValid(page);
    await page.getByLabel('Email').fill('dana.whitfield@');
    await expect(page.getByText('Invalid Email')).toBeVisible();
    await page.getByLabel('Email').fill('dana.whitfield@acme-cloud.com');
    const sent = nextCall(page, 'POST', PATH.register);
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await sent).toEqual({
      status: 200,
      body: {
        contact_person: 'Dana Whitfield',
        email: 'dana.whitfield@acme-cloud.com',
        contact_phone: '+1 206 555 0142',
        company_name: 'Acme Cloud Solutions',
      },
    });
    await expect(page.getByText('Successfully send register request.')).toBeVisible();
    await expect(page).not.toHaveURL(/\/aws-onboarding/);
  });

  test('shows the server’s field errors', async ({ page }) => {
    await preferScenario(page, PATH.register, 'code=400, example=fieldErrors');
    await page.goto('/aws-onboarding');
    await fillValid(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page).toHaveURL(/\/aws-onboarding$/);
  });
});
