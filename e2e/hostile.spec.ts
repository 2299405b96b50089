import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { signIn } from './session';

/** Values people or servers may send: none may execute, break the layout, or open a bad URL. */
const LONG = 'x'.repeat(10_000);
const HOSTILE = [
  LONG,
  'مرحبا بالعالم — שלום עולם',
  '👩‍👩‍👧‍👦🇫🇷✨ emoji name',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
] as const;

/** Fails the test if any dialog (alert, confirm, prompt) opens: nothing may execute. */
function failOnDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

/**
 * The field holds what was typed: all of it, or, in a field bounded by the contract (its
 * maxlength), what fits: the 10,000 characters stop at the bound.
 */
async function expectKept(field: Locator, value: string) {
  const bound = Number((await field.getAttribute('maxlength')) ?? Infinity);
  await expect(field).toHaveValue(value.slice(0, bound));
}

/** The page scrolls sideways at most by a little: long values wrap or scroll in their own box. */
async function expectNoSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow of the page (px)').toBeLessThanOrEqual(16);
}

const ENTITY_URLS = [
  'javascript:alert(1)//acme.my.salesforce.com',
  'JaVaScRiPt:alert(document.domain)//x.com',
  ' javascript:alert(1)/.com',
  'data:text/html,<script>alert(1)</script>.com',
  'https://acme.my.salesforce.com/lightning/r/Lead/00Q5g00000AbCdEAAA/view',
];

test('sync errors with hostile values: nothing runs, no non-http(s) Go to SF, no overflow', async ({
  page,
}) => {
  const dialogs = failOnDialogs(page);
  await signIn(page, 'superAdmin');
  await page.route(
    (url) => url.pathname === '/api/v1/salesforce/data-mappings/sync-errors/',
    (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          count: ENTITY_URLS.length,
          next: null,
          previous: null,
          results: ENTITY_URLS.map((entity_url, index) => ({
            id: index + 1,
            error_type: 'General ACE Error',
            error_type_description: HOSTILE[index % HOSTILE.length],
            error_description: HOSTILE[(index + 1) % HOSTILE.length],
            salesforce_id: `00Q5g00000AbC${index}EAAA`,
            entity_url,
            sync_direction: 'salesforce_to_aws',
            created_at: '2026-03-02T12:00:41Z',
            name: HOSTILE[(index + 2) % HOSTILE.length],
          })),
        }),
      }),
  );
  await page.goto('/dashboard');
  const table = page.getByRole('table', { name: 'Errors' });
  await expect(table.getByText('<script>alert(1)</script>').first()).toBeVisible();
  await expect(table.getByText('<img src=x onerror=alert(1)>').first()).toBeVisible();
  const links = table.getByRole('link', { name: 'Go to SF' });
  await expect(links).toHaveCount(1); // only the https URL
  for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) {
    expect(href).toMatch(/^https?:\/\//);
  }
  await expectNoSidewaysOverflow(page);
  expect(dialogs, 'dialogs opened by hostile values').toEqual([]);
});

test('hostile text typed into the login and reset fields runs nothing, is kept and stays in its box', async ({
  page,
}) => {
  test.slow(); // two screens for each of five values, 10,000 characters among them
  const dialogs = failOnDialogs(page);
  for (const value of HOSTILE) {
    await test.step(value.slice(0, 24), async () => {
      await page.goto('/request-reset-password');
      // The mock signs in any e-mail it accepts (a value cut at the field's bound is one): each
      // value's login starts signed out, once the page of the previous one has gone.
      await page.evaluate(() => localStorage.clear());
      await page.getByLabel('Email').fill(value);
      await expectKept(page.getByLabel('Email'), value);
      await expectNoSidewaysOverflow(page);
      await page.goto('/login');
      await page.getByLabel('Email').fill(value);
      await page.getByLabel('Password').fill(value);
      await page.getByLabel('Password').press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'User Login' })).toBeVisible();
      await expectKept(page.getByLabel('Email'), value);
      await expectNoSidewaysOverflow(page);
    });
  }
  expect(dialogs).toEqual([]);
});

/** Text fields of the other screens, and how to reach them. */
const FIELD_SCREENS: ReadonlyArray<{
  name: string;
  url: string;
  /** Signed in first (the signed-out screens come before these). */
  signedIn?: boolean;
  open?: (page: Page) => Promise<void>;
  fields: readonly (string | RegExp)[];
}> = [
  { name: 'wizard step 1', url: '/new-connection', fields: [/Licence Key/] },
  {
    name: 'AWS registration',
    url: '/aws-onboarding',
    fields: [/Contact Person/, /^Email/, /Contact Phone/, /Company Name/],
  },
  {
    name: 'Company Settings',
    url: '/accounts',
    signedIn: true,
    fields: [/^Current Password/, /^New Password/, /^Confirm Password/],
  },
  {
    name: 'the invite dialog',
    url: '/accounts?invite=true',
    signedIn: true,
    open: (page) => expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible(),
    fields: ['Name', 'Email'],
  },
];

test('hostile text in every field of the other screens runs nothing, is kept and stays in its box', async ({
  page,
}) => {
  test.slow(); // four screens, five values in each field
  const dialogs = failOnDialogs(page);
  let signedIn = false;
  for (const screen of FIELD_SCREENS) {
    await test.step(screen.name, async () => {
      if (screen.signedIn && !signedIn) {
        await signIn(page);
        signedIn = true;
      }
      await page.goto(screen.url);
      await screen.open?.(page);
      const scope = screen.name === 'the invite dialog' ? page.getByRole('dialog') : page;
      for (const value of HOSTILE) {
        for (const label of screen.fields) {
          const field = scope.getByLabel(label);
          await field.fill(value);
          await field.blur();
          await expectKept(field, value);
        }
        await expectNoSidewaysOverflow(page);
      }
      await expect(page.getByRole('link', { name: 'AceBridge home' })).toBeVisible();
    });
  }
  expect(dialogs).toEqual([]);
});
