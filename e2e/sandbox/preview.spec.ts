import type { Locator, Page } from '@playwright/test';

import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';
import { addQualifiedLeadsFilter } from './screens';

// See before you sync, on Acme's simulated org: the record preview answers from the sync's own
// checks, the filter count from the sync's own filters, and the unmatched required fields lead to
// their rows.

const NURTURING = "Lead Status 'Nurturing' has no ACE value mapped";

async function openValuesMapper(page: Page): Promise<Locator> {
  await signIn(page, 'dana.whitfield@acme-cloud.com', DEMO_PASSWORD);
  await page.goto('/values-mapper?tab=leads');
  const mapper = page.getByRole('region', { name: 'Field mapping' });
  await expect(
    mapper.getByRole('combobox', { name: 'Salesforce Fields for status' }),
  ).toBeVisible();
  return mapper;
}

test('mapping a Salesforce value makes its problem leave the record’s preview', async ({
  page,
}) => {
  const mapper = await openValuesMapper(page);
  await mapper.getByRole('button', { name: 'Preview a record' }).click();
  await mapper.getByRole('searchbox', { name: 'Search Salesforce records' }).fill('Umbrella');
  await mapper.getByRole('button', { name: /^Umbrella Health/ }).click();

  const preview = mapper.getByRole('table', { name: 'What ACE would receive for Umbrella Health' });
  const status = preview
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'status' }) });
  await expect(status).toContainText(NURTURING);
  await expect(status).toContainText('Picklist Standard Value Error');
  await expect(mapper.getByText('ACE would refuse this record: 1 problem.')).toBeVisible();

  // The Salesforce status 'Nurturing' becomes ACE's 'Open'.
  await mapper.getByRole('combobox', { name: 'Salesforce values for status Open' }).click();
  await page.keyboard.type('Nurturing');
  await page.getByRole('option', { name: 'Nurturing', exact: true }).click();
  await page.keyboard.press('Escape');

  await expect(status).not.toContainText(NURTURING);
  await expect(status).toContainText('Open');
  await expect(status).toContainText('Picklist translation of Status “Nurturing”');
  await expect(
    mapper.getByText('This record would sync: ACE would accept every value.'),
  ).toBeVisible();

  // The mapping is stored: after a reload the record previews clean at once.
  await page.reload();
  await mapper.getByRole('button', { name: 'Preview a record' }).click();
  await mapper.getByRole('searchbox', { name: 'Search Salesforce records' }).fill('Umbrella');
  await mapper.getByRole('button', { name: /^Umbrella Health/ }).click();
  await expect(
    mapper.getByText('This record would sync: ACE would accept every value.'),
  ).toBeVisible();
});

test('a problem’s field in the preview leads to its mapper row', async ({ page }) => {
  const mapper = await openValuesMapper(page);
  await mapper.getByRole('button', { name: 'Preview a record' }).click();
  // Blueprint draws the radio's indicator over its input: a user clicks the label.
  await mapper
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Opportunities' }) })
    .click();
  await expect(mapper.getByRole('radio', { name: 'Opportunities' })).toBeChecked();
  await mapper
    .getByRole('searchbox', { name: 'Search Salesforce records' })
    .fill('Blue Yonder Airlines - Backup');
  await mapper
    .getByRole('list', { name: 'Opportunities found' })
    .getByRole('button', { name: /^Blue Yonder Airlines - Backup Modernisation/ })
    .click();
  const preview = mapper.getByRole('table', { name: /^What ACE would receive for / });
  await preview.getByRole('button', { name: 'industry', exact: true }).click();
  await expect(mapper.getByRole('tab', { name: 'Opportunities' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    mapper.getByRole('combobox', { name: 'Salesforce Fields for industry', exact: true }),
  ).toBeFocused();
});

test('a filter makes the count of leads that would sync fall', async ({ page }) => {
  await signIn(page, 'dana.whitfield@acme-cloud.com', DEMO_PASSWORD);
  await page.goto('/values-mapper?tab=leads');
  const filters = page.getByRole('region', { name: 'Sync Settings' });
  const count = filters.getByText(/^\d+ of \d+ leads would sync with these filters$/);
  // Read once loaded: the skeleton has the line's shape, not a count.
  await expect(filters.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(count).toBeVisible();
  const [before = 0, total = 0] = ((await count.textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(before).toBeLessThan(total); // the seed's filter already holds some back

  await addQualifiedLeadsFilter(page);

  await expect
    .poll(async () => Number(((await count.textContent()) ?? '').match(/^\d+/)?.[0]))
    .toBeLessThan(before);
  const after = ((await count.textContent()) ?? '').match(/^\d+/)?.[0];
  await expect(count).toHaveText(`${after} of ${total} leads would sync with these filters`);

  // The dashboard's Sync Filters card tells the same count.
  await page.goto('/dashboard');
  await expect(
    page
      .getByRole('region', { name: 'Sync Filters' })
      .getByText(`${after} of ${total} leads would sync with these filters`),
  ).toBeVisible();
});

test('a required field still unmatched leads to its row, on its tab', async ({ page }) => {
  const mapper = await openValuesMapper(page);
  const unmatched = mapper.getByRole('navigation', {
    name: 'Required fields of opportunities still unmatched',
  });
  const first = unmatched.getByRole('button').first();
  const name = (await first.textContent()) ?? '';
  expect(name).not.toBe('');
  await first.click();
  await expect(mapper.getByRole('tab', { name: 'Opportunities' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const row = mapper.getByRole('combobox', { name: `Salesforce Fields for ${name}` });
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();

  // Mapped, the field leaves the list.
  await row.pressSequentially('a');
  const option = page
    .getByRole('listbox', { name: `Salesforce Fields for ${name}` })
    .getByRole('option')
    .filter({ hasNotText: 'Dummy Value' })
    .first();
  await expect(option).toBeVisible();
  await option.click();
  await page.keyboard.press('Escape');
  await expect(unmatched.getByRole('button', { name, exact: true })).toHaveCount(0);
});
