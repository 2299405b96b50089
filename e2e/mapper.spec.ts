import { readFile } from 'node:fs/promises';

import type { Locator, Page, Response } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { PATHS, preferScenario } from './scenarios';
import { signIn } from './session';

const MAPPINGS = '/api/v1/salesforce/data-mappings/';
const ONE_MAPPING = /\/api\/v1\/salesforce\/data-mappings\/\d+\/$/;
const COUNTS = '/api/v1/salesforce/data-mappings/count/';
const AUTO_MATCH = '/api/v1/salesforce/auto-match';
const RULES = '/api/v1/salesforce/update-create-on-sf-settings';

/** The values mapper: the mapper beside the sync filters, as a super_admin. */
async function openMapper(page: Page): Promise<Locator> {
  await signIn(page);
  await page.goto('/values-mapper');
  const mapper = page.getByRole('region', { name: 'Field mapping' });
  await expect(
    mapper.getByRole('combobox', { name: 'Salesforce Fields for status' }),
  ).toBeVisible();
  return mapper;
}

const selector = (scope: Locator, ace: string) =>
  scope.getByRole('combobox', { name: `Salesforce Fields for ${ace}` });

/** The reply to the next mapping write; Prism answers 422 to a body that breaks the contract. */
/** The mapper's 'title' row with its list of Salesforce fields open (many more than show). */
async function openTitleList(page: Page): Promise<Locator> {
  await selector(await openMapper(page), 'title').click();
  return page.getByRole('listbox');
}

const nextWrite = (page: Page, method: 'POST' | 'PATCH' | 'DELETE') =>
  page.waitForResponse((response: Response) => {
    const { pathname } = new URL(response.url());
    const request = response.request();
    return (
      request.method() === method &&
      (method === 'POST' ? pathname === MAPPINGS : ONE_MAPPING.test(pathname))
    );
  });

async function openTab(mapper: Locator, name: 'Leads' | 'Opportunities' | 'Rules') {
  await mapper.getByRole('tab', { name }).click();
}

test('maps a lead field: one create, the contract accepts it', async ({ page }) => {
  const mapper = await openMapper(page);
  await expect(mapper.getByText(/^Connection/)).toHaveText('Connection OK');
  await expect(mapper.getByText('2/3 Required Fields of leads Matched')).toBeVisible();
  await expect(mapper.getByText('9/18 Required Fields of opportunities Matched')).toBeVisible();
  await expect(mapper.getByText('partnerCrmLeadId')).toHaveCount(0); // reserved
  await expectNoSeriousA11yViolations(page);

  const created = nextWrite(page, 'POST');
  await selector(mapper, 'website').click();
  await page.keyboard.type('WEBS');
  await page.getByRole('option', { name: 'Website', exact: true }).click();
  const reply = await created;
  expect(reply.status()).toBe(201);
  expect(reply.request().postDataJSON()).toMatchObject({
    aws_ace_attribute: 10,
    salesforce_attribute: 111,
    is_concatenated: false,
    is_dummy_value: false,
  });
  await expect(mapper.getByRole('button', { name: 'Remove Website' })).toBeVisible();
});

test('concatenates two Salesforce fields into one mapping', async ({ page }) => {
  const mapper = await openMapper(page);
  await openTab(mapper, 'Opportunities');
  // One create with both fields, or (on a slow machine) a create then its update: either way the
  // mapping the server ends up with joins the two, in the order chosen.
  const concatenated = page.waitForResponse((response) => {
    const { pathname } = new URL(response.url());
    if (pathname !== MAPPINGS && !ONE_MAPPING.test(pathname)) return false;
    const body = response.request().postDataJSON() as { is_concatenated?: boolean } | null;
    return body?.is_concatenated === true;
  });
  await selector(mapper, 'streetAddress').click();
  await page.keyboard.type('billingstreet');
  await page.keyboard.press('Enter');
  await selector(mapper, 'streetAddress').fill('billingcity');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const reply = await concatenated;
  expect(reply.ok()).toBe(true);
  expect(reply.request().postDataJSON()).toMatchObject({
    aws_ace_attribute: 35,
    salesforce_attribute: null,
    is_concatenated: true,
    concatenated_attribute_mapping: [{ value: 152 }, { value: 153 }],
  });
});

test('sets a dummy value: the text is saved once typing pauses', async ({ page }) => {
  const mapper = await openMapper(page);
  await openTab(mapper, 'Opportunities');
  const created = nextWrite(page, 'POST');
  await selector(mapper, 'industryOther').click();
  await page.getByRole('option', { name: 'Dummy Value' }).click();
  expect((await created).status()).toBe(201);
  const updated = nextWrite(page, 'PATCH');
  await mapper.getByRole('textbox', { name: 'Dummy value for industryOther' }).fill('Cloud');
  const reply = await updated;
  expect(reply.status()).toBe(200);
  expect(reply.request().postDataJSON()).toMatchObject({
    aws_ace_attribute: 30,
    salesforce_attribute: null,
    is_dummy_value: true,
    dummy_value_description: 'Cloud',
  });
});

test('maps a picklist value past the first 15', async ({ page }) => {
  const mapper = await openMapper(page);
  await openTab(mapper, 'Opportunities');
  const values = mapper.getByRole('group', { name: 'Values of industry' });
  const boxes = values.getByRole('combobox');
  await expect(boxes).toHaveCount(15);
  await values.evaluate((list) => list.scrollTo(0, list.scrollHeight));
  await expect(boxes).toHaveCount(25);
  await expectNoSeriousA11yViolations(page); // value rows, dummy text, concatenation
  const created = nextWrite(page, 'POST');
  await mapper
    .getByRole('combobox', { name: 'Salesforce values for industry Energy - Power & Utilities' })
    .click();
  await page.keyboard.type('power');
  await page.keyboard.press('Enter');
  const reply = await created;
  expect(reply.status()).toBe(201);
  expect(reply.request().postDataJSON()).toMatchObject({
    aws_ace_attribute: 29,
    salesforce_attribute: 186,
    is_picklist: true,
    aws_ace_picklist_value: 'Energy - Power & Utilities',
    salesforce_picklist_value: 'Energy - Power & Utilities',
    picklist_mapping: 5,
  });
});

test('a new filter starts at the top of its matches, wherever the list was scrolled', async ({
  page,
}) => {
  const list = await openTitleList(page);
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  const first = await list.getByRole('option').first().textContent();
  await page.keyboard.type('e');
  await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBe(0);
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-posinset', '1');
  await expect(list.getByRole('option').first()).not.toHaveText(first ?? '');
});

test('the arrows scroll the highlighted option into view, past the last one shown and back', async ({
  page,
}) => {
  const list = await openTitleList(page);
  const option = (position: number) => list.locator(`[role="option"][aria-posinset="${position}"]`);
  await expect(option(1)).toHaveClass(/bp6-active/);
  // Eight options show at once: the 13th is below them, not yet in the DOM.
  await expect(option(13)).toHaveCount(0);
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowDown');
  await expect(option(13)).toHaveClass(/bp6-active/);
  await expect(option(13)).toBeInViewport({ ratio: 1 });
  await expect(option(1)).not.toBeInViewport();
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowUp');
  await expect(option(1)).toHaveClass(/bp6-active/);
  await expect(option(1)).toBeInViewport({ ratio: 1 });
  await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBe(0);
});

test('after the arrows, the list still scrolls where the user takes it', async ({ page }) => {
  const list = await openTitleList(page);
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowDown');
  await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await list.evaluate((element) => element.scrollTo(0, 0));
  await expect(list.locator('[role="option"][aria-posinset="1"]')).toBeInViewport({ ratio: 1 });
  // The highlighted option, now out of view, does not pull the list back to it.
  await page.waitForTimeout(500);
  expect(await list.evaluate((element) => element.scrollTop)).toBe(0);
});

test('works from the keyboard alone: tab in, filter, arrows, Enter, Escape, receive updates', async ({
  page,
}) => {
  const mapper = await openMapper(page);
  await selector(mapper, 'title').focus();
  await page.keyboard.type('title');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectNoSeriousA11yViolations(page); // with the list open
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const created = nextWrite(page, 'POST');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  expect((await created).request().postDataJSON()).toMatchObject({
    aws_ace_attribute: 12,
    salesforce_attribute: 106,
  });
  await page.keyboard.press('Tab'); // 'Clear all'
  await page.keyboard.press('Tab');
  const receive = mapper.getByRole('checkbox', { name: 'Receive ACE Updates? title' });
  await expect(receive).toBeFocused();
  const patched = nextWrite(page, 'PATCH');
  await page.keyboard.press('Space');
  const reply = await patched;
  expect(reply.request().postDataJSON()).toEqual({ is_receive_update: true });
  await expect(page.getByText('Updated successfully')).toBeVisible();
});

test('clears a mapping: one delete, and a mandatory field counts one less', async ({ page }) => {
  const mapper = await openMapper(page);
  await openTab(mapper, 'Opportunities');
  const deleted = nextWrite(page, 'DELETE');
  const row = selector(mapper, 'customerCompanyName').locator('xpath=ancestor::tr');
  await row.getByRole('button', { name: 'Clear all' }).click();
  expect(new URL((await deleted).url()).pathname).toBe(`${MAPPINGS}2/`);
  await expect(mapper.getByText('8/18 Required Fields of opportunities Matched')).toBeVisible();
});

test('AutoMatch shows the server message; a failure says so and enables the button again', async ({
  page,
}) => {
  const mapper = await openMapper(page);
  const button = mapper.getByRole('button', { name: 'AutoMatch' });
  await button.click();
  await expect(page.getByText('Auto match completed. 14 fields were matched.')).toBeVisible();

  await preferScenario(page, AUTO_MATCH, 'code=400');
  await button.click();
  await expect(page.getByText('Error. Could not auto match.')).toBeVisible();
  await expect(button).toBeEnabled();
});

test('Rules: each checkbox saves its rule; a refusal says so and unticks it', async ({ page }) => {
  const mapper = await openMapper(page);
  await openTab(mapper, 'Rules');
  const leads = mapper.getByRole('checkbox', {
    name: 'Are new Leads created when syncing from AWS to Salesforce?',
  });
  const opportunities = mapper.getByRole('checkbox', {
    name: 'Are new Opportunities created when syncing from AWS to Salesforce?',
  });
  await expect(leads).toBeChecked(); // the tenant's is_lead_create_allowed_in_sf
  await expect(opportunities).not.toBeChecked();

  const saved = page.waitForRequest((request) => new URL(request.url()).pathname === RULES);
  // Blueprint draws the box over the input: click the label, as a user does.
  await mapper
    .getByText('Are new Opportunities created when syncing from AWS to Salesforce?')
    .click();
  expect((await saved).postDataJSON()).toEqual({ type: 'opportunity', value: true });
  await expect(page.getByText('Settings updated successfully.')).toBeVisible();

  await preferScenario(page, RULES, 'code=500');
  await mapper.getByText('Are new Leads created when syncing from AWS to Salesforce?').click();
  await expect(page.getByText('Could not update the settings')).toBeVisible();
  await expect(leads).toBeChecked();
});

test('exports the mappings as a file and imports one back: create or update, with a summary', async ({
  page,
}) => {
  const mapper = await openMapper(page);
  const download = page.waitForEvent('download');
  await mapper.getByRole('button', { name: 'Export mappings' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^acebridge-mappings-.+-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    format: string;
    mappings: { ace_field: { name: string }; salesforce_fields: string[] }[];
  };
  expect(exported.format).toBe('acebridge-mappings');
  expect(exported.mappings).toContainEqual(
    expect.objectContaining({
      ace_field: { name: 'partnerProjectTitle', type: 'Opportunity' },
      salesforce_fields: ['Name'],
    }),
  );

  const created = nextWrite(page, 'POST');
  const chooser = page.waitForEvent('filechooser');
  await mapper.getByRole('button', { name: 'Import mappings' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'mappings.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        format: 'acebridge-mappings',
        version: 1,
        exported_at: '2026-01-01T00:00:00.000Z',
        mappings: [
          {
            ace_field: { name: 'website', type: 'Lead' },
            salesforce_fields: ['Website'],
            receive_updates: false,
          },
          {
            ace_field: { name: 'noSuchField', type: 'Lead' },
            salesforce_fields: ['Website'],
            receive_updates: false,
          },
        ],
      }),
    ),
  });
  const reply = await created;
  expect(reply.status()).toBe(201);
  expect(reply.request().postDataJSON()).toMatchObject({
    aws_ace_attribute: 10,
    salesforce_attribute: 111,
  });
  await expect(
    mapper.getByText('Import: 1 created, 0 updated, 0 deleted, 0 failed, 1 skipped'),
  ).toBeVisible();
  await expect(
    mapper.getByText('Skipped, not found in this tenant: Lead noSuchField'),
  ).toBeVisible();
  await expect(mapper.getByRole('button', { name: 'Remove Website' })).toBeVisible();
});

test.describe('wizard step 5', () => {
  async function openStepFive(page: Page) {
    await signIn(page);
    await page.addInitScript(() => localStorage.setItem('newConnectionProductKey', 'KEY-E2E'));
    // The server's counts follow what was mapped: none until a mapping is created. Set-up is at
    // step 5 until then, and complete once a mandatory field is mapped (so Finish lands on the
    // dashboard, whose set-up guard asks again).
    let mapped = false;
    await page.route(
      (url) => url.pathname === PATHS.connectionStep,
      async (route) =>
        route.continue({
          headers: {
            ...route.request().headers(),
            prefer: mapped ? 'example=complete' : 'example=incompleteStep5',
          },
        }),
    );
    await page.route(
      (url) => url.pathname === MAPPINGS,
      async (route) => {
        if (route.request().method() === 'POST') mapped = true;
        await route.fallback();
      },
    );
    await page.route(
      (url) => url.pathname === COUNTS,
      async (route) =>
        route.continue({
          headers: {
            ...route.request().headers(),
            prefer: mapped ? 'example=partial' : 'example=noneMapped',
          },
        }),
    );
    await page.goto('/new-connection');
    const mapper = page.getByRole('region', { name: 'Field mapping' });
    await expect(selector(mapper, 'status')).toBeVisible();
    return mapper;
  }

  test('Finish without a mandatory mapping refuses; with one it goes on', async ({ page }) => {
    const mapper = await openStepFive(page);
    await expect(mapper.getByText('0/3 Required Fields of leads Matched')).toBeVisible();
    const finish = page.getByRole('button', { name: 'Finish' });
    await finish.click();
    await expect(page.getByText('At least one required field needs to be mapped')).toBeVisible();
    await expect(page).toHaveURL(/\/new-connection$/);

    const created = nextWrite(page, 'POST');
    await selector(mapper, 'campaignName').click();
    await page.keyboard.type('AWS_Campaign');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect((await created).status()).toBe(201);
    await expect(mapper.getByText('1/3 Required Fields of leads Matched')).toBeVisible();
    await finish.click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
