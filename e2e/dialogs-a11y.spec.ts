import type { Page } from '@playwright/test';

import {
  expect,
  expectGoodContrast,
  expectNoSeriousA11yViolations,
  networkSettled,
  test,
} from './fixtures';
import { signIn } from './session';

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
 * Opens a dialog, checks it, then closes it as a user would. The page under it has been checked
 * (screens.spec.ts, and its dark colours here): axe checks the dialog, with every rule in the
 * light theme and its colours in the dark one, which changes colours only. Pages ask for reduced
 * motion, so a dialog shows its final colours as soon as it is there.
 */
async function checkDialog(page: Page, dialog: DialogCase, scheme: 'light' | 'dark') {
  await dialog.open(page);
  const shown = page.getByRole('dialog', { name: new RegExp(`^${dialog.name}`) });
  await expect(shown).toBeVisible();
  if (scheme === 'light') await expectNoSeriousA11yViolations(page, '[role="dialog"]');
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
          await networkSettled(page);
          await expect.poll(() => isDark(page)).toBe(scheme === 'dark');
          // The light page's contrast is among the rules screens.spec.ts checks.
          if (scheme === 'dark') await expectGoodContrast(page);
          for (const dialog of DIALOGS.filter((each) => each.url === url)) {
            await test.step(dialog.name, () => checkDialog(page, dialog, scheme));
          }
        });
      }
    });

    test('the values mapper and its record preview, problems in their categories’ colours: no serious violation, good contrast', async ({
      page,
    }) => {
      // The values mapper has hundreds of mapping rows, which axe takes seconds over.
      test.slow();
      await page.goto('/values-mapper');
      const mapper = page.getByRole('region', { name: 'Field mapping' });
      await expect(mapper.getByRole('button', { name: 'Preview a record' })).toBeVisible();
      await expect.poll(() => isDark(page)).toBe(scheme === 'dark');
      await expect(page.getByText(/^Connection (OK|FAILED|CONNECTING|UNKNOWN)/)).toBeVisible();
      await networkSettled(page);
      // The whole page, the mapper side included (in the light theme, screens.spec.ts has).
      if (scheme === 'dark') await expectGoodContrast(page);
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
      await networkSettled(page);
      // As for a dialog: what the preview added, with every rule in the light theme and its
      // colours in the dark one.
      if (scheme === 'light')
        await expectNoSeriousA11yViolations(page, '[aria-label="Field mapping"]');
      else await expectGoodContrast(page, '[aria-label="Field mapping"]');
    });
  });
}
