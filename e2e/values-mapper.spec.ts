import type { Locator, Page, Request } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { preferScenario } from './scenarios';
import { signIn } from './session';

const LIST = '/api/v1/salesforce/data-mappings/sync-settings';
const WRITE = /\/api\/v1\/salesforce\/data-mappings\/sync-settings\/(\d+\/)?$/;

interface Write {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** Every POST, PATCH and DELETE of a sync filter the page sends, in order. */
function recordWrites(page: Page): Write[] {
  const writes: Write[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' || !WRITE.test(url.pathname)) return;
    writes.push({
      method: request.method(),
      path: url.pathname,
      body: request.postData() ? (request.postDataJSON() as Record<string, unknown>) : null,
    });
  });
  return writes;
}

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

test('an admin builds two OR blocks of AND conditions, edits one, removes one: each change saved once', async ({
  page,
}) => {
  test.setTimeout(90_000); // a long journey, with two accessibility scans
  const writes = recordWrites(page);
  const filters = await openValuesMapper(page);
  await expect(
    filters.getByText('There are no filters set, so all Opportunities will sync.'),
  ).toBeVisible();
  await expect(filters.getByRole('tab', { name: 'Opportunities' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectNoSeriousA11yViolations(page);

  // Block 1, condition 1: a picklist, saved as soon as a choice is made.
  const first = filters.getByRole('group', { name: 'OR block 1' });
  const stage = row(first, 0);
  await stage.attribute.selectOption({ label: 'stage' });
  await expect(stage.comparison).toHaveValue('equal_to');
  await expect(stage.comparison.locator('option')).toHaveText(['Equal To', 'Not Equal To']);
  await first.getByRole('combobox', { name: 'Attribute value' }).selectOption('Committed');
  await expect(page.getByText('Sync filter saved successfully.').first()).toBeVisible();
  await expect(filters.getByText(/^There are no filters set/)).toBeHidden();

  // Block 1, condition 2: a number, typed (Enter does nothing) and saved after the pause.
  await first.getByRole('button', { name: 'Add' }).click();
  const revenue = row(first, 1);
  await revenue.attribute.selectOption({ label: 'expectedMonthlyAwsRevenue' });
  await expect(revenue.comparison.locator('option')).toHaveText(['Greater than', 'Lesser Than']);
  const revenueValue = first.getByRole('textbox', { name: 'Attribute value' });
  let saved = page.waitForRequest(isWrite('POST'));
  await revenueValue.pressSequentially('5000');
  await revenueValue.press('Enter');
  expect((await saved).postDataJSON()).toMatchObject({ field_value: '5000', block: 1 });

  // Block 2, condition 1: a date from the read-only calendar.
  await filters.getByRole('button', { name: 'Add OR block' }).click();
  const second = filters.getByRole('group', { name: 'OR block 2' });
  await expect(filters.getByText('OR', { exact: true })).toBeVisible();
  await row(second, 0).attribute.selectOption({ label: 'targetCloseDate' });
  const date = second.getByRole('combobox', { name: 'Attribute value' });
  await expect(date).toHaveAttribute('readonly', '');
  await date.click();
  saved = page.waitForRequest(isWrite('POST'));
  await page.getByRole('dialog', { name: 'date picker' }).getByText('15', { exact: true }).click();
  const dateBody = (await saved).postDataJSON();
  expect(dateBody).toMatchObject({ comparison_type: 'greater_than', block: 2, data_type: 'Date' });
  expect(dateBody.field_value).toMatch(/^\d{4}-\d{2}-15$/);
  await expect(date).toHaveValue(dateBody.field_value);

  // Block 2, condition 2: a boolean.
  await second.getByRole('button', { name: 'Add' }).click();
  const flag = row(second, 1);
  await flag.attribute.selectOption({ label: 'doesOppBelongToNatSec' });
  await expect(flag.comparison.locator('option')).toHaveText(['Equal To']);
  saved = page.waitForRequest(isWrite('POST'));
  await second.getByRole('combobox', { name: 'Attribute value' }).nth(1).selectOption('true');
  expect((await saved).postDataJSON()).toMatchObject({
    attribute_id: 51,
    comparison_type: 'equal_to',
    field_value: 'true',
    block: 2,
  });

  // Edit: a new number is a PATCH of the saved condition.
  const patched = page.waitForRequest(isWrite('PATCH'));
  await revenueValue.fill('7000');
  expect((await patched).postDataJSON()).toMatchObject({ field_value: '7000', attribute_id: 44 });
  await expect(page.getByText('Sync filter updated successfully.')).toBeVisible();

  // Remove: the boolean condition goes; its block keeps the date.
  await flag.remove.click();
  await expect(page.getByText('Sync filter deleted successfully.')).toBeVisible();
  await expect(second.getByRole('combobox', { name: 'Attribute', exact: true })).toHaveCount(1);

  // Give a late duplicate the time to show up, then count: every change went out exactly once.
  await page.waitForTimeout(800);
  expect(writes.map((write) => write.method)).toEqual([
    'POST',
    'POST',
    'POST',
    'POST',
    'PATCH',
    'DELETE',
  ]);
  expect(writes[0]?.body).toEqual({
    attribute_id: 46,
    comparison_type: 'equal_to',
    field_value: 'Committed',
    entity_type: 'Opportunity',
    sync_type: 'or',
    block: 1,
    data_type: 'Picklist',
  });
  expect(writes.at(-1)).toMatchObject({ method: 'DELETE', body: null });
  await expectNoSeriousA11yViolations(page);
});

test('a numeric comparison with text is not saved and says so', async ({ page }) => {
  const writes = recordWrites(page);
  const filters = await openValuesMapper(page);
  const first = filters.getByRole('group', { name: 'OR block 1' });
  await row(first, 0).attribute.selectOption({ label: 'customerSoftwareValue' });
  const value = first.getByRole('textbox', { name: 'Attribute value' });
  await value.fill('lots');
  await value.blur();
  await expect(first.getByText('Please input a valid number.')).toBeVisible();
  await page.waitForTimeout(800);
  expect(writes).toEqual([]);
});

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
