import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export interface AppFixtures {
  /** Console errors and uncaught page errors seen during the test; the test fails if any remain. */
  consoleErrors: string[];
  /** Counts the page's requests in flight, for `networkSettled`. */
  requestsInFlight: void;
}

/** A page's requests in flight, and when one last started or ended. */
interface Traffic {
  open: number;
  changed: number;
}

const traffic = new WeakMap<Page, Traffic>();

export const test = base.extend<AppFixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // The browser logs every non-2xx reply; API errors are scenarios the tests ask for and
        // assert on screen. Anything else (a missing asset, an app error) fails the test.
        const apiReply =
          message.text().startsWith('Failed to load resource') &&
          new URL(message.location().url || 'about:blank', 'http://x').pathname.startsWith('/api/');
        if (!apiReply) errors.push(`${message.text()} ${message.location().url}`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // Any Content-Security-Policy violation fails the test too.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  requestsInFlight: [
    async ({ page }, use) => {
      const seen: Traffic = { open: 0, changed: Date.now() };
      const change = (by: number) => () => {
        seen.open += by;
        seen.changed = Date.now();
      };
      // A redirect ends its request with 'requestfinished' and starts the next with 'request'.
      page.on('request', change(1));
      page.on('requestfinished', change(-1));
      page.on('requestfailed', change(-1));
      traffic.set(page, seen);
      await use();
    },
    { auto: true },
  ],
});

/**
 * Resolves once the test's page has had no request in flight for `quietMs`: what it loads has
 * arrived, and nothing it asked for in return is still coming. Playwright's 'networkidle' waits
 * 500 ms after every document load, and not at all after a change within the page.
 */
export async function networkSettled(page: Page, quietMs = 150): Promise<void> {
  const seen = traffic.get(page);
  if (!seen) throw new Error('networkSettled watches the page of the `page` fixture only');
  await expect
    .poll(() => seen.open === 0 && Date.now() - seen.changed >= quietMs, {
      message: 'requests still in flight',
      intervals: [50],
    })
    .toBe(true);
}

export { expect };

/** The axe run of the page, or only of what `scope` (a CSS selector) matches. */
const axe = (page: Page, scope?: string) =>
  scope ? new AxeBuilder({ page }).include(scope) : new AxeBuilder({ page });

/**
 * Fails on any accessibility violation of serious or critical impact: in the whole page, or in
 * what `scope` matches (a dialog over a page already checked: the page-wide rules, such as the
 * title or the landmarks, have nothing new to say there).
 */
export async function expectNoSeriousA11yViolations(page: Page, scope?: string) {
  const results = await axe(page, scope).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.length} nodes: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
  expect(serious, 'serious or critical axe violations').toEqual([]);
}

/**
 * Fails on any colour-contrast violation in the page or in what `scope` matches: what a change of
 * theme can break (axe's other rules read the markup, which a theme leaves as it is).
 */
export async function expectGoodContrast(page: Page, scope?: string) {
  const results = await axe(page, scope).withRules(['color-contrast']).analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
  expect(found, 'color-contrast violations').toEqual([]);
}

/**
 * Both themes, by the navbar's switch as a user would: every rule in the light one, the colours in
 * the dark one (`expectGoodContrast`).
 */
export async function expectAccessibleInBothThemes(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Use dark theme' }).click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await expectGoodContrast(page);
  await page.getByRole('button', { name: 'Use light theme' }).click();
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
}
