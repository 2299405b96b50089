import type { Locator, Page } from '@playwright/test';

import { expectAccessibleInBothThemes } from '../fixtures';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';
import { toast } from './screens';

// The sync you can watch, over Acme's simulated org (25 records a second here: about 15 s a run): its
// progress in every tab, the history of runs, the errors grouped by cause with the way to their
// fix, and a retry of exactly a cause's records.

const DANA = 'dana.whitfield@acme-cloud.com';
// 'Synced 302 of 400 records: 12 created, 286 updated. 9 failed, 89 held back by the filters.'
// ('None of 4 records synced: 4 failed.' when none did; 'Retry: ' first for a retry); a part that
// is zero is left out.
// No flag: the page's own search rebuilds it from its source.
const OUTCOME =
  /^(Retry: )?([Ss]ynced [\d,]+ (of [\d,]+ )?records?|[Nn]one of [\d,]+ records? synced): .*\.$/;

/** The outcome's parts by name, as the history's columns hold them (a part left out is 0). */
function partsOf(outcome: string): string[] {
  const named = new Map(
    [
      ...outcome.matchAll(/([\d,]+) (created|updated|unchanged|held back by the filters|failed)/g),
    ].map(([, figure, part]) => [part, figure]),
  );
  return ['created', 'updated', 'unchanged', 'held back by the filters', 'failed'].map(
    (part) => named.get(part) ?? '0',
  );
}

/**
 * The outcome toast's text, watched from now on: a toast lasts 5 s, and the run may end while the
 * test looks at something else (another tab, axe).
 */
const outcomeOf = (page: Page): Promise<string> =>
  page
    .waitForFunction(
      (source) =>
        [...document.querySelectorAll('.bp6-toast')]
          .map((element) => element.textContent?.trim() ?? '')
          .find((text) => new RegExp(source).test(text)) ?? false,
      OUTCOME.source,
      { timeout: 90_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<string>);

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Sync progress' });
const history = (page: Page) => page.getByRole('region', { name: 'Sync history' });

/** The history as a table; resolves to its first run (the newest). */
async function newestRun(page: Page): Promise<Locator> {
  const card = history(page);
  const toggle = card.getByRole('button', { name: 'Show as table' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const rows = card.getByRole('table', { name: 'Sync runs' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  return rows.nth(1);
}

/**
 * The texts of a history row's cells: When, Trigger, Duration, Created, Updated, Unchanged,
 * Filtered out, Failed, State.
 */
const cellsOf = async (row: Locator) =>
  (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());

test('a sync shows its progress within 2 s, after a reload and in a second tab, then leads its history', async ({
  page,
  context,
}) => {
  test.slow(); // a run of about 6 s, watched from two tabs
  await signIn(page, DANA, DEMO_PASSWORD);
  await page.goto('/dashboard');
  await expect(history(page)).toBeVisible();

  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(progressBar(page)).toBeVisible({ timeout: 2_000 });
  // The page asks for reduced motion (the suites' setting): the bar's stripes stand still.
  await expect(progressBar(page).locator('.bp6-progress-meter')).toHaveCSS(
    'animation-name',
    'none',
  );
  await expect(page.getByText(/^[\d,]+ of [\d,]+ records$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Syncing...' })).toBeDisabled();

  // Every dashboard of the tenant shows the run: after a reload, and in a second tab.
  await page.reload();
  await expect(progressBar(page)).toBeVisible();
  const firstOutcome = outcomeOf(page);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(progressBar(second)).toBeVisible();
  const secondOutcome = outcomeOf(second);
  await expect(second.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
  await expectAccessibleInBothThemes(second);

  // The end: the outcome with its counts, in both tabs, and the bar gone.
  const outcome = await firstOutcome;
  expect(await secondOutcome).toBe(outcome);
  await expect(progressBar(page)).toBeHidden();
  await second.close();

  // The history: the chart, and as a table the manual run first, with the outcome's counts.
  await expect(history(page).locator('canvas').first()).toBeVisible();
  const [, trigger, , ...rest] = await cellsOf(await newestRun(page));
  expect(trigger).toBe('Manual');
  // The seeded org always has records that fail: the run completed with them, and says how many.
  expect(rest.at(-1)).toMatch(/^Completed, \d+ failed$/);
  expect(rest.slice(0, 5)).toEqual(partsOf(outcome));
  await expectAccessibleInBothThemes(page);
});

test('the errors by cause lead to the fix in Sync Settings, and a retry runs over exactly their records', async ({
  page,
}) => {
  test.slow(); // a retry run and the values mapper
  await signIn(page, DANA, DEMO_PASSWORD);
  await page.goto('/dashboard?tab=causes');
  const causes = page.getByRole('table', { name: 'By cause' });
  // The seeded opportunity whose stage has no ACE value mapped: a picklist cause.
  const picklist = causes.getByRole('row').filter({ hasText: "Stage 'Needs Analysis'" });
  await expect(picklist).toBeVisible();
  await expect(picklist).toContainText(
    'Map this Salesforce value to an ACE value in Sync Settings',
  );
  await expectAccessibleInBothThemes(page);

  // Its link opens Sync Settings at the field, its row in view, highlighted and focused.
  await picklist.getByRole('link', { name: 'Open in Sync Settings' }).click();
  await expect(page).toHaveURL(/\/values-mapper\?(.*&)?field=\d+/);
  const field = new URL(page.url()).searchParams.get('field');
  const row = page.locator(`#mapper-row-${field}`);
  await expect(row).toBeInViewport();
  await expect(row).toHaveClass(/highlight/);
  await expect(row.locator(':focus')).toHaveCount(1);

  // Back on the dashboard: 'Retry N records' starts a retry run of exactly those N records.
  await page.goto('/dashboard?tab=causes');
  const retry = causes
    .getByRole('row')
    .filter({ hasText: "Stage 'Needs Analysis'" })
    .getByRole('button', { name: /^Retry \d+ records?$/ });
  const count = Number(/\d+/.exec((await retry.innerText()).trim())?.[0]);
  expect(count).toBeGreaterThan(0);
  await retry.click();
  await expect(
    toast(page, `Retrying ${count} ${count === 1 ? 'record' : 'records'}.`),
  ).toBeVisible();
  const outcome = toast(page, OUTCOME);
  await expect(outcome).toBeVisible({ timeout: 30_000 });
  // The retry's parts add up to the records it retried, and its row holds the same parts.
  const parts = partsOf((await outcome.innerText()).trim());
  expect(parts.reduce((sum, figure) => sum + Number(figure), 0)).toBe(count);

  const [, trigger, , ...rest] = await cellsOf(await newestRun(page));
  expect(trigger).toBe('Retry');
  expect(rest.slice(0, 5)).toEqual(parts);
});
