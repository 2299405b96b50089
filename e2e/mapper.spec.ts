import { readFile } from 'node:fs/promises';

import type { Locator, Page, Response } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './session';

const MAPPINGS = '/api/v1/salesforce/data-mappings/';
const ONE_MAPPING = /\/api\/v1\/salesforce\/data-mappings\/\d+\/$/;

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
  // The highlighted option, now out of view, does not pull the list back to it. Option 1 in view
  // means the list rendered the user's offset; a pull-back would be that render's effect, run
  // before the second frame after it, so the offset is read then rather than after a fixed wait.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
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

test('exports the mappings as a file and imports one back in one call, with a summary', async ({
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

  let importAnswered = false;
  const imported = page.waitForResponse((response: Response) => {
    const hit =
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `${MAPPINGS}import/`;
    importAnswered ||= hit;
    return hit;
  });
  // The mapper loads the mappings again once the file is in.
  const reloaded = page.waitForResponse(
    (response: Response) =>
      importAnswered &&
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === MAPPINGS,
  );
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
  const reply = await imported;
  expect(reply.status()).toBe(200);
  expect(reply.request().postDataJSON()).toMatchObject({
    fields: [{ aws_ace_attribute: 10, field: { salesforce_attribute: 111 }, values: [] }],
  });
  await reloaded;
  // The mock's first example: one created.
  await expect(
    mapper.getByText('Import: 1 created, 0 updated, 0 deleted, 0 failed, 1 skipped'),
  ).toBeVisible();
  await expect(
    mapper.getByText('Skipped, not found in this tenant: Lead noSuchField'),
  ).toBeVisible();
});
