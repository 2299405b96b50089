import type { Page } from '@playwright/test';

import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';
import { errorsTable, heading, syncAndWait, toast } from './screens';

// A new company from a licence key: the wizard against the sandbox's real checks, the first sync
// over its simulated Salesforce org, an override value that fixes an error for the next sync,
// and the spent key refused afterwards.

const POLICY = Buffer.from(
  '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["partnercentral:*"],"Resource":"*"}]}',
);
const STATUS_UNMAPPED = 'has no ACE value mapped; ACE accepts only standard Lead Status values.';

interface ErrorRow {
  page: number;
  id: string;
  error: string;
  /** The category and ACE's own message. */
  category: string;
}

/** Every error row, page by page (the range line says how many pages). */
async function everyErrorRow(page: Page): Promise<ErrorRow[]> {
  await page.goto('/dashboard');
  const range = await page.getByText(/^\d+-\d+ of \d+$/).textContent();
  const [first, last, total] = (range ?? '').split(/-| of /).map(Number);
  const pages = Math.ceil((total ?? 0) / ((last ?? 0) - (first ?? 0) + 1));
  const rows: ErrorRow[] = [];
  for (let number = 1; number <= pages; number++) {
    if (number > 1) await page.goto(`/dashboard?page=${number}`);
    await expect(page.getByText(new RegExp(`^${(number - 1) * 20 + 1}-`))).toBeVisible();
    const cells = await errorsTable(page)
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())),
      );
    rows.push(
      ...cells.map(([id = '', , , error = '', , , category = '']) => ({
        page: number,
        id,
        error,
        category,
      })),
    );
  }
  return rows;
}

async function walkTheWizard(page: Page, key: string) {
  await page.goto('/new-connection');
  await page.getByLabel(/Licence Key/).fill(key);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('Product key verified successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(heading(page, 'Step 2')).toBeVisible();
  await page.getByLabel(/Company Name/).fill('Initech');
  await page.getByLabel(/AWS Partner Status/).selectOption('premier');
  await page.getByLabel(/Industry/).fill('Software & Internet');
  await page.getByLabel(/Company Email/).fill('info@initech.example');
  await page.getByLabel(/Admin Name/).fill('Bill Lumbergh');
  await page.getByLabel(/Admin Email/).fill('bill@initech.example');
  await page.getByLabel(/Admin Password/).fill(DEMO_PASSWORD);
  await page.getByText('I accept the', { exact: false }).click({ position: { x: 5, y: 5 } });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'Company and admin account created successfully.')).toBeVisible();

  // Step 3: the simulated org knows the usernames at the company's domain only.
  await expect(heading(page, 'Step 3')).toBeVisible();
  await page.getByLabel(/Salesforce Username/).fill('integration@hooli.example');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText("user hasn't approved this consumer: integration@hooli.example"),
  ).toBeVisible();
  await expect(heading(page, 'Step 3')).toBeVisible();
  await page.getByLabel(/Salesforce Username/).fill('integration@initech.example');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'Connected Successfully')).toBeVisible();

  await expect(heading(page, 'Step 4')).toBeVisible();
  await page.getByLabel(/^AWS Assume Role Policy File/).setInputFiles({
    name: 'policy.json',
    mimeType: 'application/json',
    buffer: POLICY,
  });
  await page.getByLabel(/^AWS Account Id/).fill('123456789012');
  await page
    .getByLabel(/^External Role ARN/)
    .fill('arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'AWS policy added successfully.')).toBeVisible();

  // Step 5: nothing is mapped yet, so Finish refuses; AutoMatch maps by name.
  await expect(heading(page, 'Step 5')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(toast(page, 'At least one required field needs to be mapped')).toBeVisible();
  await page.getByRole('button', { name: 'AutoMatch' }).click();
  await expect(toast(page, /Auto match completed\. \d+ fields were matched\./)).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  // Required fields AutoMatch could not map: Finish asks first, naming them.
  const unmapped = page.getByRole('dialog', {
    name: /^Finish with \d+ required fields? unmapped\?$/,
  });
  await unmapped.getByRole('button', { name: 'Finish anyway' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a licence key becomes a company whose first sync’s errors an override fixes', async ({
  page,
}) => {
  test.slow(); // five steps with their one-second pauses, and two syncs of a few seconds
  await walkTheWizard(page, 'DEMO-LICENCE-1');

  // A new company has never synced.
  await expect(page.getByText('Last sync date not found')).toBeVisible();
  await expect(page.getByText('No sync errors found')).toBeVisible();
  await syncAndWait(page);
  await expect(page.getByText(/^Last sync at /)).toBeVisible();

  // Its leads' statuses have no ACE value mapped: give a standard status to one lead that
  // has another error too.
  const before = await everyErrorRow(page);
  const chosen = before.find(
    (row) =>
      row.error.includes(STATUS_UNMAPPED) &&
      before.some((other) => other !== row && other.id === row.id),
  );
  if (!chosen) throw new Error('no lead with an unmapped status and another error');
  const salesforceId = chosen.id;
  expect(salesforceId).toMatch(/^00Q/);
  await page.goto(`/dashboard?page=${chosen.page}`);
  const row = errorsTable(page)
    .getByRole('row')
    .filter({ hasText: salesforceId })
    .filter({ hasText: STATUS_UNMAPPED });
  await row
    .getByRole('button', { name: `ACE field for ${salesforceId}: Select attribute` })
    .click();
  await page.getByPlaceholder('Type to search').fill('status');
  await page.getByRole('option', { name: 'status', exact: true }).click();
  await row.getByRole('button', { name: `Dummy value for ${salesforceId}: Select value` }).click();
  await page.getByRole('option', { name: 'Qualified', exact: true }).click();
  await page.getByRole('button', { name: 'Save values for next Sync' }).click();
  await expect(toast(page, 'Dummy value saved. It will be used on the next sync.')).toBeVisible();

  // The next sync sends the override: that error is gone; the lead's other errors (no override
  // was given for them) stay, with ACE's message.
  await page.goto('/dashboard');
  await syncAndWait(page);
  const after = await everyErrorRow(page);
  const ofLead = (rows: ErrorRow[]) =>
    rows
      .filter((row) => row.id === salesforceId)
      .map(({ error, category }) => ({ error, category }));
  const others = ofLead(before).filter((row) => !row.error.includes(STATUS_UNMAPPED));
  expect(ofLead(after)).toEqual(others);
  for (const row of ofLead(after)) expect(row.category).toMatch(/ValidationException/);

  // Everything above is stored: a reload shows it, and the admin can sign in again.
  await page.reload();
  await expect(page.getByText(/^Last sync at /)).toBeVisible();
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'bill@initech.example', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a spent licence key is refused on step 1', async ({ page }) => {
  await walkTheWizard(page, 'DEMO-LICENCE-2');
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/new-connection');
  await page.getByLabel(/Licence Key/).fill('DEMO-LICENCE-2');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByLabel(/Licence Key/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  // An unused key still passes.
  await page.getByLabel(/Licence Key/).fill('DEMO-LICENCE-3');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('Product key verified successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});
