import { CATALOGUE, countRefreshes, FAULTS, injectFault } from './faults/faults';
import { SCREEN_CALLS } from './faults/screens';
import { expect, test } from './fixtures';
import { signIn } from './session';

/**
 * The fault matrix (issue 9): every call of every screen, answered 400, 401, 404, 405, 413, 500
 * and network down, gives the spec's message, keeps the screen usable and what was typed, and
 * never a blank page. A screen is one entry of SCREEN_CALLS (e2e/faults/screens.ts).
 */
for (const entry of SCREEN_CALLS) {
  test.describe(entry.name, () => {
    for (const fault of FAULTS) {
      // 401 refreshes only for a signed-in user (login, reset and register have no session).
      if (fault === 401 && !entry.signIn) continue;
      if (fault === 401 && !entry.success) continue;

      test(`${fault}`, async ({ page }) => {
        // Reads retry network faults and 5xx twice with back-off before they show.
        test.slow(entry.onLoad === true && (fault === 500 || fault === 'network'));
        if (entry.signIn) await signIn(page, entry.signIn);
        await entry.before?.(page);
        const refreshes = countRefreshes(page);
        if (entry.onLoad) await injectFault(page, entry.call, fault);
        await page.goto(entry.url);
        await entry.ready?.(page);
        if (!entry.onLoad) await injectFault(page, entry.call, fault);
        for (const [field, value] of entry.typed ?? []) await field(page).fill(value);
        await entry.submit?.(page);

        if (fault === 401) {
          await entry.success?.(page);
          expect(refreshes(), 'one token refresh').toBe(1);
        } else if (entry.shows) {
          await entry.shows(page, fault);
        } else {
          await expect(page.getByText(CATALOGUE[fault], { exact: true }).first()).toBeVisible({
            timeout: 12_000,
          });
        }

        // No blank page: the shell and the screen's heading are still there.
        await expect(page.getByRole('link', { name: 'AceBridge home' })).toBeVisible();
        const heading =
          fault === 401 ? (entry.headingAfterSuccess ?? entry.heading) : entry.heading;
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // Nothing typed is lost (after a 401 the call went through, and a form may clear).
        if (fault === 401) return;
        for (const [field, value] of entry.typed ?? [])
          await expect(field(page)).toHaveValue(value);
      });
    }
  });
}
