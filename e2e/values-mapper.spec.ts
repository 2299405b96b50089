import type { Locator, Page, Request } from '@playwright/test';

import { expect, test } from './fixtures';
import { preferScenario } from './scenarios';
import { signIn } from './session';

const LIST = '/api/v1/salesforce/data-mappings/sync-settings';
const WRITE = /\/api\/v1\/salesforce\/data-mappings\/sync-settings\/(\d+\/)?$/;

const isWrite = (method: string) => (request: Request) =>
  request.method() === method && WRITE.test(new URL(request.url()).pathname);

async function openValuesMapper(page: Page, tab = '?tab=opportunities') {
  await signIn(page);
  // Start from no filters; the attribute list is the mock's full list, read per entity.
  await preferScenario(page, LIST, 'example=empty');
  await page.goto(`/values-mapper${tab}`);
  const filters = page.getByRole('region', { name: 'Sync Settings' });
  await expect(filters.getByRole('heading', { level: 1, name: 'Sync Settings' })).toBeVisible();
  return filters;
}

const row = (block: Locator, index: number) => ({
  attribute: block.getByRole('combobox', { name: 'Attribute', exact: true }).nth(index),
  comparison: block.getByRole('combobox', { name: 'Comparison' }).nth(index),
  remove: block.getByRole('button', { name: 'Remove condition' }).nth(index),
});

// What the sync filters do is tested in Vitest against the sandbox (src/features/values-mapper);
// this is what needs a browser: a page left with keepalive requests and the pagehide flush.
test('switching tabs and leaving the page inside the 500 ms window still save what was typed', async ({
  page,
}) => {
  await page.clock.install();
  const filters = await openValuesMapper(page);
  await expect(
    filters.getByText('There are no filters set, so all Opportunities will sync.'),
  ).toBeVisible();
  const first = filters.getByRole('group', { name: 'OR block 1' });
  await row(first, 0).attribute.selectOption({ label: 'customerCompanyName' });

  // Time stands still while typing, so the debounce cannot fire by itself: only the tab switch
  // can send what was typed.
  await page.clock.pauseAt(Date.now() + 60_000);
  const opportunity = page.waitForRequest(isWrite('POST'));
  await first.getByRole('textbox', { name: 'Attribute value' }).fill('Acme');
  await filters.getByRole('tab', { name: 'Leads' }).click();
  expect((await opportunity).postDataJSON()).toMatchObject({
    attribute_id: 27,
    comparison_type: 'contains',
    field_value: 'Acme',
    entity_type: 'Opportunity',
  });
  await page.clock.resume();
  await expect(page).toHaveURL(/\/values-mapper$/);
  await expect(filters.getByRole('tab', { name: 'Leads' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    filters.getByText('There are no filters set, so all Leads will sync.'),
  ).toBeVisible();

  // The Leads tab has the lead attributes; typing and leaving the page at once still saves.
  const lead = filters.getByRole('group', { name: 'OR block 1' });
  await row(lead, 0).attribute.selectOption({ label: 'city' });
  await page.clock.pauseAt(Date.now() + 120_000);
  const leadSaved = page.waitForRequest(isWrite('POST'));
  await lead.getByRole('textbox', { name: 'Attribute value' }).fill('Paris');
  await page.getByRole('link', { name: 'Update Feed' }).click();
  expect((await leadSaved).postDataJSON()).toMatchObject({
    attribute_id: 14,
    field_value: 'Paris',
    entity_type: 'Lead',
  });
  await page.clock.resume();
  await expect(page).not.toHaveURL(/\/values-mapper/);
});
