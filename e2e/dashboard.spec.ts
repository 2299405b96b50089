import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './session';

// What the dashboard does is tested in Vitest against the sandbox (src/features/dashboard); this
// is what needs a browser's layout: the navigation on a phone-sized screen.

test('a user on a phone finds the navigation in a menu, Logout included', async ({ page }) => {
  await signIn(page, 'user');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Update Feed', 'Logout']);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
