import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** What the journeys read on screen, named as a user would. */

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The newest toast with this text (an earlier one may still be showing). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.bp6-toast').filter({ hasText: text }).last();

export const errorsTable = (page: Page) => page.getByRole('table', { name: 'Errors' });

/** The error rows of one Salesforce record that carry this message. */
export const errorRow = (page: Page, salesforceId: string, message: string) =>
  errorsTable(page).getByRole('row').filter({ hasText: salesforceId }).filter({ hasText: message });

/**
 * Presses Sync (or a one-way sync of its menu) on the dashboard and waits for the sandbox's background sync to show: the
 * dashboard follows it and, once it has ended, fetches the errors again.
 */
export async function syncAndWait(
  page: Page,
  oneWay?: 'Sync from Salesforce to AWS',
): Promise<void> {
  if (oneWay) {
    await page.getByRole('button', { name: 'More sync options' }).click();
    await page.getByRole('menuitem', { name: oneWay }).click();
  } else {
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
  }
  await expect(
    toast(page, 'Sync started. Results will appear on the dashboard when it finishes.'),
  ).toBeVisible();
  await page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === '/api/v1/salesforce/data-mappings/sync-errors/',
    { timeout: 20_000 },
  );
  await expect(page.getByText(/^Last sync at /)).toBeVisible();
}
