import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { SUPER_ADMIN } from './scenarios';
import { signIn } from './session';

/**
 * Keyboard only: no click anywhere in this file. `tabTo` presses Tab until the target has focus,
 * as a keyboard user would, and checks that the focus is visible on the way.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element shows a focus ring (outline or box-shadow), not nothing. */
async function expectFocusVisible(page: Page) {
  const ring = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'none';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none'
      ? 'visible'
      : `none on ${element.outerHTML.slice(0, 80)}`;
  });
  expect(ring).toBe('visible');
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('logs in with the keyboard alone, and the success toast is announced', async ({ page }) => {
  await page.goto('/login');
  await typeInto(page, page.getByLabel('Email'), SUPER_ADMIN.email);
  await typeInto(page, page.getByLabel('Password'), SUPER_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Login successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('passes wizard steps 1 and 2 with the keyboard alone', async ({ page }) => {
  await page.goto('/new-connection');
  await typeInto(page, page.getByLabel(/Licence Key/), 'ACEB-7Q2M-K9XD-41PF');
  await tabTo(page, page.getByRole('button', { name: 'Authorize' }));
  await page.keyboard.press('Enter');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2' })).toBeVisible();

  await typeInto(page, page.getByLabel(/Company Name/), 'Acme Cloud Solutions');
  await tabTo(page, page.getByLabel(/AWS Partner Status/));
  await page.keyboard.press('ArrowDown'); // a native select changes with the arrows
  await typeInto(page, page.getByLabel(/Company Email/), 'info@acme-cloud.com');
  await typeInto(page, page.getByLabel(/Admin Name/), 'Dana Whitfield');
  await typeInto(page, page.getByLabel(/Admin Email/), 'dana.whitfield@acme-cloud.com');
  await typeInto(page, page.getByLabel(/Admin Password/), 'Sup3r-Secret!');
  await tabTo(page, page.getByRole('checkbox'));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox')).toBeChecked();
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/tenants/',
  );
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3' })).toBeVisible();
});

test('adds a sync filter with the keyboard alone', async ({ page }) => {
  await signIn(page);
  await page.goto('/values-mapper');
  const block = page.getByRole('group', { name: 'OR block 1' });
  await expect(block).toBeVisible();
  const saved = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === '/api/v1/salesforce/data-mappings/sync-settings/',
  );
  await tabTo(page, page.getByRole('button', { name: 'Add OR block' }));
  await page.keyboard.press('Enter');
  const added = page.getByRole('group', { name: /OR block \d/ }).last();
  const attribute = added.getByRole('combobox', { name: 'Attribute', exact: true });
  await tabTo(page, attribute, { backwards: true });
  // Native selects: a keyboard user types the first letters of the option.
  await page.keyboard.type('stage');
  await expect(attribute).not.toHaveValue('');
  const value = added.getByRole('combobox', { name: 'Attribute value' });
  await tabTo(page, value);
  await page.keyboard.press('ArrowDown');
  expect((await saved).postDataJSON()).toMatchObject({ sync_type: 'or' });
});

test('invites a user with the keyboard alone; focus returns to the opener', async ({ page }) => {
  await signIn(page);
  await page.goto('/accounts');
  const addNew = page.getByRole('button', { name: 'Add New' });
  await tabTo(page, addNew);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByLabel('Name'), 'Tomas Rivera');
  await typeInto(page, dialog.getByLabel('Email'), 'tomas.rivera@acme-cloud.com');
  await tabTo(page, dialog.getByLabel('Role'));
  await page.keyboard.press('ArrowDown');
  const invited = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/tenants/invite-users/',
  );
  await tabTo(page, dialog.getByRole('button', { name: 'Invite User' }));
  await page.keyboard.press('Enter');
  expect((await invited).status()).toBe(201);
  await expect(
    page.getByRole('alert').filter({ hasText: 'User Added Successfully' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(addNew).toBeFocused();
});

test('a dialog closed with its Cancel button gives the focus back to what opened it', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/accounts');
  const pencil = page.getByRole('button', { name: 'Update your Salesforce Account' });
  await tabTo(page, pencil);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Update your Salesforce Account' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(pencil).toBeFocused();
});
