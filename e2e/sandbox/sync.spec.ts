import type { Page } from '@playwright/test';

import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';
import { addQualifiedLeadsFilter, syncAndWait } from './screens';

// The sync over Acme's simulated org: a filter that narrows what syncs, and the environment
// switch that wipes the logs and errors as its confirmation says.

const lastSyncedLeads = async (page: Page) =>
  Number(
    (
      await page
        .getByRole('region', { name: 'Last Synced' })
        .getByRole('definition')
        .first()
        .textContent()
    )?.replace(/,/g, ''),
  );

// Salesforce to AWS: a full sync also refreshes from ACE the records already there, filtered or not.
test('a sync filter narrows what the next sync sends', async ({ page }) => {
  test.slow(); // two syncs of a few seconds each
  await signIn(page, 'dana.whitfield@acme-cloud.com', DEMO_PASSWORD);
  await page.goto('/dashboard');
  await syncAndWait(page, 'Sync from Salesforce to AWS');
  const before = await lastSyncedLeads(page);
  expect(before).toBeGreaterThan(0);

  // Leads whose status is not Disqualified (the seed's filter) AND is Qualified.
  await page.goto('/values-mapper?tab=leads');
  await addQualifiedLeadsFilter(page);

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Sync Filters' })).toContainText(
    'AND status Equal To Qualified',
  );
  await syncAndWait(page, 'Sync from Salesforce to AWS');
  const after = await lastSyncedLeads(page);
  expect(after).toBeLessThan(before);

  // The filter is stored: it is still there after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Sync Filters' })).toContainText(
    'AND status Equal To Qualified',
  );
});

test('switching to Prod deletes the sync logs and errors, as the confirmation says', async ({
  page,
}) => {
  await signIn(page, 'dana.whitfield@acme-cloud.com', DEMO_PASSWORD);
  await page.goto('/dashboard?tab=logs');
  await expect(page.getByRole('table', { name: 'All Logs' }).getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Switch to Prod' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to switch to Prod?' });
  await expect(dialog).toContainText('This will delete all the sync logs, dashboard error logs');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/dashboard');
  await expect(page.getByText('No sync errors found')).toBeVisible();
  await page.getByRole('tab', { name: 'All Logs' }).click();
  await expect(page.getByText('No sync logs found')).toBeVisible();
  // A production tenant has no switch left.
  await expect(page.getByRole('button', { name: 'Switch to Prod' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No sync logs found')).toBeVisible();
});
