import type { Page } from '@playwright/test';

import { expect, networkSettled, test } from './fixtures';
import { expectNoLayoutProblems } from './layout';
import { PATHS, preferScenario } from './scenarios';
import { SIGNED_IN, SIGNED_OUT, type Screen } from './screen-list';
import { signIn } from './session';

// A phone held in one hand: every screen at 390 px shows all of itself without sideways scrolling,
// no text cut short and no control on top of another (layout.ts says what each check means).
// Only a browser lays pages out, so this is a browser test; one walk through all screens keeps
// the suite small. The dashboard is checked again at a laptop's 1366 px, where the 'By cause'
// view's headers once ran into each other. A phone user also walks the set-up wizard past step 1
// and opens dialogs: those are checked at 390 px too.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/** The views a screen has behind a tab of the URL, besides its first. */
const MORE_VIEWS: readonly Screen[] = [
  { path: '/dashboard?tab=logs', title: 'Update Feed', heading: 'Update Feed' },
  { path: '/dashboard?tab=causes', title: 'Update Feed', heading: 'Update Feed' },
  { path: '/values-mapper?tab=opportunities', title: 'Sync Settings', heading: 'Sync Settings' },
];

/** The contract's licence key, which the mock's key check accepts. */
const KEY = 'ACEB-7Q2M-K9XD-41PF';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Waits until nothing is loading any more: no skeleton, spinner or busy region. */
async function settled(page: Page) {
  await networkSettled(page);
  await expect(page.locator('[aria-busy="true"], .bp6-skeleton, .bp6-spinner')).toHaveCount(0);
}

/** Opens a screen and waits until what it loads has arrived (no skeleton, spinner or busy table). */
async function open(page: Page, screen: Screen) {
  await page.goto(screen.path);
  if (screen.lands) await expect(page).toHaveURL(screen.lands);
  await expect(heading(page, screen.heading)).toBeVisible();
  await settled(page);
}

/**
 * Opens a dialog (`opening`), checks it (with reduced motion it opens at its full size at once),
 * then closes it with `close` (a button's name: static dialogs ignore Escape, so a button is what
 * a user has).
 */
async function checkDialog(page: Page, name: RegExp, opening: () => Promise<void>, close: string) {
  await test.step(`dialog ${name.source}`, async () => {
    await opening();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await settled(page);
    await expectNoLayoutProblems(page, `the dialog ${name.source}`);
    await dialog.getByRole('button', { name: close, exact: true }).click();
    await expect(dialog).toBeHidden();
  });
}

async function checkEach(page: Page, screens: readonly Screen[]) {
  for (const screen of screens) {
    await test.step(screen.path, async () => {
      await open(page, screen);
      await expectNoLayoutProblems(page, screen.path);
    });
  }
}

/** Step 2, as a new partner reaches it: a licence key the mock accepts, then Next. */
async function checkWizardStep2(page: Page) {
  await test.step('/new-connection step 2', async () => {
    await page.goto('/new-connection');
    await page.getByLabel(/^Licence Key/).fill(KEY);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading(page, 'Step 2')).toBeVisible();
    await settled(page);
    await expectNoLayoutProblems(page, 'wizard step 2');
  });
}

/**
 * Steps 3 to 5 of a signed-in admin, each resumed where the mock says the tenant stands; step 4
 * with its policy toggle both ways (a file, or the bucket's details), step 5 with the mapper and
 * Finish's confirmation (the mock's counts leave required fields unmapped, so Finish asks).
 * Last: the mock then reports set-up unfinished, which keeps the dashboard away.
 */
const POLICY_QUESTION = 'Do you have AWS Assume Role Policy File?';

async function checkWizardSteps3To5(page: Page) {
  await page.addInitScript((key) => localStorage.setItem('newConnectionProductKey', key), KEY);
  for (const step of [3, 4, 5] as const) {
    await test.step(`/new-connection step ${step}`, async () => {
      // The newest route answers first: each step's scenario takes over from the one before.
      await preferScenario(page, PATHS.connectionStep, `example=incompleteStep${step}`);
      await page.goto('/new-connection');
      await expect(heading(page, `Step ${step}`)).toBeVisible();
      await settled(page);
      if (step !== 4) {
        await expectNoLayoutProblems(page, `wizard step ${step}`);
        return;
      }
      const toggle = page.getByRole('checkbox', { name: POLICY_QUESTION });
      await expect(toggle).toBeChecked();
      await expectNoLayoutProblems(page, 'wizard step 4 with a policy file');
      await page.getByText(POLICY_QUESTION).click();
      await expect(toggle).not.toBeChecked();
      await expectNoLayoutProblems(page, 'wizard step 4 without a policy file');
    });
  }
  await checkDialog(
    page,
    /^Finish with /,
    () => page.getByRole('button', { name: 'Finish' }).click(),
    'Keep mapping',
  );
}

/**
 * The dialogs of Company Settings and the dashboard, opened as a user would: inviting a user, the
 * inbox's Resolve, a sync run (from the Sync history's table). Changing one's password is a form
 * on My Account, not a dialog: /accounts has been checked with it.
 */
async function checkDialogs(page: Page) {
  await open(page, SIGNED_IN[2]!); // /accounts
  await checkDialog(
    page,
    /^Create Account/,
    () => page.getByRole('button', { name: 'Add New' }).click(),
    'Cancel',
  );
  await open(page, SIGNED_IN[0]!); // /dashboard
  await checkDialog(
    page,
    /^Mark every launch as read/,
    () => page.getByRole('button', { name: 'Resolve', exact: true }).click(),
    'Cancel',
  );
  const history = page.getByRole('region', { name: 'Sync history' });
  await history.getByRole('button', { name: 'Show as table' }).click();
  const runs = history.getByRole('table', { name: 'Sync runs' });
  await checkDialog(page, /^Sync of /, () => runs.getByRole('button').first().click(), 'Close');
}

test('every screen fits a phone, and the dashboard a laptop: no overflow, cut text or overlap', async ({
  page,
}) => {
  test.slow(); // every screen, the values mapper's hundreds of rows among them
  await page.setViewportSize(PHONE);
  await checkEach(page, SIGNED_OUT);
  await checkWizardStep2(page);
  await signIn(page, 'superAdmin');
  // The logout screen is the login screen again, already checked.
  await checkEach(page, [
    ...SIGNED_IN.filter((screen) => screen.path !== '/logout'),
    ...MORE_VIEWS,
  ]);
  await checkDialogs(page);
  await page.setViewportSize(LAPTOP);
  await checkEach(page, [SIGNED_IN[0]!, ...MORE_VIEWS.slice(0, 2)]);
  await page.setViewportSize(PHONE);
  await checkWizardSteps3To5(page);
});
