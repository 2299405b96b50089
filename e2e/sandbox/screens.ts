import type { Page } from '@playwright/test';

import { networkSettled } from '../fixtures';
import { expect } from './fixtures';

/** What the journeys read on screen, named as a user would. */

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The newest toast with this text (an earlier one may still be showing). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.bp6-toast').filter({ hasText: text }).last();

export const errorsTable = (page: Page) => page.getByRole('table', { name: 'Errors' });

/**
 * Presses Sync (or a one-way sync of its menu) on the dashboard and waits for the sandbox's
 * background sync to show: the dashboard follows it and, once it has ended, fetches again every
 * block the run changed.
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
    { timeout: 45_000 }, // a run of about 15 s (e2e/sandbox.config.ts), on a loaded machine
  );
  // The errors are one of the blocks a run changes, fetched again together: once none is in
  // flight, every block shows this run (the seed's last run showed in 'Last Synced' until then).
  await networkSettled(page);
  await expect(page.getByText(/^Last sync at /)).toBeVisible();
}

/**
 * On the values mapper's Leads tab: adds 'status Equal To Qualified' to the seed's OR block 1 (whose
 * 'status Not Equal To Disqualified' stays), and waits for the save.
 */
export async function addQualifiedLeadsFilter(page: Page): Promise<void> {
  const filters = page.getByRole('region', { name: 'Sync Settings' });
  const block = filters.getByRole('group', { name: 'OR block 1' });
  await block.getByRole('button', { name: 'Add' }).click();
  await block.getByRole('combobox', { name: 'Attribute', exact: true }).nth(1).selectOption({
    label: 'status',
  });
  await block.getByRole('combobox', { name: 'Comparison' }).nth(1).selectOption('equal_to');
  await block.getByRole('combobox', { name: 'Attribute value' }).nth(1).selectOption('Qualified');
  await expect(toast(page, 'Sync filter saved successfully.')).toBeVisible();
}
