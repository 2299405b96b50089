import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { expectNoLayoutProblems } from './layout';
import { SIGNED_IN, SIGNED_OUT, type Screen } from './screen-list';
import { signIn } from './session';

// A phone held in one hand: every screen at 390 px shows all of itself without sideways scrolling,
// no text cut short and no control on top of another (layout.ts says what each check means).
// Only a browser lays pages out, so this is a browser test; one walk through all screens keeps
// the suite small. The dashboard is checked again at a laptop's 1366 px, where the 'By cause'
// view's headers once ran into each other.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/** The views a screen has behind a tab of the URL, besides its first. */
const MORE_VIEWS: readonly Screen[] = [
  { path: '/dashboard?tab=logs', title: 'Update Feed', heading: 'Update Feed' },
  { path: '/dashboard?tab=causes', title: 'Update Feed', heading: 'Update Feed' },
  { path: '/values-mapper?tab=opportunities', title: 'Sync Settings', heading: 'Sync Settings' },
];

/** Opens a screen and waits until what it loads has arrived (no skeleton, spinner or busy table). */
async function open(page: Page, screen: Screen) {
  await page.goto(screen.path);
  if (screen.lands) await expect(page).toHaveURL(screen.lands);
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], .bp6-skeleton, .bp6-spinner')).toHaveCount(0);
}

async function checkEach(page: Page, screens: readonly Screen[]) {
  for (const screen of screens) {
    await test.step(screen.path, async () => {
      await open(page, screen);
      await expectNoLayoutProblems(page, screen.path);
    });
  }
}

test('every screen fits a phone, and the dashboard a laptop: no overflow, cut text or overlap', async ({
  page,
}) => {
  test.slow(); // every screen, the values mapper's hundreds of rows among them
  await page.setViewportSize(PHONE);
  await checkEach(page, SIGNED_OUT);
  await signIn(page, 'superAdmin');
  // The logout screen is the login screen again, already checked.
  await checkEach(page, [
    ...SIGNED_IN.filter((screen) => screen.path !== '/logout'),
    ...MORE_VIEWS,
  ]);
  await page.setViewportSize(LAPTOP);
  await checkEach(page, [SIGNED_IN[0]!, ...MORE_VIEWS.slice(0, 2)]);
});
