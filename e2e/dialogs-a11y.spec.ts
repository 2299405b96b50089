import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './session';

/** Fails on any colour-contrast violation, in whichever theme shows. */
async function expectGoodContrast(page: Page, only?: string) {
  const builder = new AxeBuilder({ page }).withRules(['color-contrast']);
  const results = await (only ? builder.include(only) : builder).analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
  expect(found, 'color-contrast violations').toEqual([]);
}

const isDark = (page: Page) => page.evaluate(() => document.body.classList.contains('bp6-dark'));

/** Each dialog of the app: how to open it, and its accessible name. */
interface DialogCase {
  url: string;
  name: string;
  open: (page: Page) => Promise<void>;
  /** Static dialogs (the invite/edit modal) ignore Escape: only Cancel closes them. */
  isStatic?: boolean;
}

const DIALOGS: readonly DialogCase[] = [
  {
    url: '/accounts',
    name: 'Create Account',
    isStatic: true,
    open: (page) => page.getByRole('button', { name: 'Add New' }).click(),
  },
  {
    url: '/accounts',
    name: 'Edit Account',
    isStatic: true,
    open: (page) =>
      page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click(),
  },
  {
    url: '/accounts',
    name: 'Update your Salesforce Account',
    open: (page) => page.getByRole('button', { name: 'Update your Salesforce Account' }).click(),
  },
  {
    url: '/accounts',
    name: 'Delete User',
    open: (page) =>
      page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click(),
  },
  {
    url: '/dashboard',
    name: 'Are you sure you want to switch to Prod?',
    open: (page) => page.getByRole('button', { name: 'Switch to Prod' }).click(),
  },
];

/**
 * Opens a dialog, checks it, then closes it as a user would. In the light theme axe checks the
 * whole page with the dialog open, every rule (colour contrast is one of them); the dark theme
 * changes colours only, so there the dialog's contrast is what is new. (axe's other rules over
 * the whole page took about 2.5 s a dialog, the same in both themes.)
 */
async function checkDialog(page: Page, dialog: DialogCase, scheme: 'light' | 'dark') {
  await dialog.open(page);
  const shown = page.getByRole('dialog', { name: new RegExp(`^${dialog.name}`) });
  await expect(shown).toBeVisible();
  await page.waitForTimeout(400); // the opening transition, so axe sees final colours
  if (scheme === 'light') await expectNoSeriousA11yViolations(page);
  else await expectGoodContrast(page, '[role="dialog"]');
  // Static dialogs (the invite/edit modal) ignore Escape; the others close on it.
  await page.keyboard.press('Escape');
  if (dialog.isStatic) {
    await expect(shown).toBeVisible();
    await shown.getByRole('button', { name: 'Cancel' }).click();
  }
  await expect(shown).toBeHidden();
}

// Colour contrast needs a browser's computed colours: each theme, each page with dialogs and each
// of its dialogs, in one visit per page.
for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} system theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, 'superAdmin');
    });

    test('Company Settings and the dashboard, and each of their dialogs: no serious violation, good contrast', async ({
      page,
    }) => {
      test.slow();
      for (const url of ['/accounts', '/dashboard']) {
        await test.step(url, async () => {
          await page.goto(url);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expect.poll(() => isDark(page)).toBe(scheme === 'dark');
          await expectGoodContrast(page);
          for (const dialog of DIALOGS.filter((each) => each.url === url)) {
            await test.step(dialog.name, () => checkDialog(page, dialog, scheme));
          }
        });
      }
    });

    test('the values mapper and its record preview, problems in their categories’ colours: no serious violation, good contrast', async ({
      page,
    }) => {
      // axe checks the whole values mapper (hundreds of mapping rows) here: about 15 s on a quiet
      // 2-core machine, over 30 s when that machine is loaded.
      test.slow();
      await page.goto('/values-mapper');
      const mapper = page.getByRole('region', { name: 'Field mapping' });
      await expect(mapper.getByRole('button', { name: 'Preview a record' })).toBeVisible();
      await expect.poll(() => isDark(page)).toBe(scheme === 'dark');
      await expect(page.getByText(/^Connection (OK|FAILED|CONNECTING|UNKNOWN)/)).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The whole page, the mapper side included.
      await expectGoodContrast(page);
      // By keyboard, as everywhere else: open the panel, search, pick the record.
      await mapper.getByRole('button', { name: 'Preview a record' }).focus();
      await page.keyboard.press('Enter');
      const record = mapper.getByRole('button', { name: /^Globex Retail - Data Lake Migration/ });
      await expect(record).toBeVisible();
      await record.focus();
      await page.keyboard.press('Enter');
      await expect(
        mapper.getByRole('table', { name: /^What ACE would receive for / }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      // As for a dialog: every rule in the light theme, the new colours in the dark one.
      if (scheme === 'light') await expectNoSeriousA11yViolations(page);
      else await expectGoodContrast(page, '[aria-label="Field mapping"]');
    });
  });
}
