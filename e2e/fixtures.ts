import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export interface AppFixtures {
  /** Console errors and uncaught page errors seen during the test; the test fails if any remain. */
  consoleErrors: string[];
}

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
});

export { expect };

/** Fails on any accessibility violation of serious or critical impact. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
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
