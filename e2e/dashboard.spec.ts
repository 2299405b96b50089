import type { Page, Request, Route } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { PATHS, preferScenario } from './scenarios';
import { signIn } from './session';

const API = {
  stats: '/api/v1/salesforce/get-sync-data',
  sync: '/api/v1/salesforce/data-mappings/sync-data/',
  errors: '/api/v1/salesforce/data-mappings/sync-errors/',
  logs: '/api/v1/salesforce/data-mappings/sync-errors/logs/',
  saved: '/api/v1/salesforce/get-dummy-value-for-error/',
  save: '/api/v1/salesforce/update-dummy-value-for-error/',
  attributes: '/api/v1/salesforce/aws/attributes/',
  launches: '/api/v1/salesforce/unread-launched-data',
  resolve: '/api/v1/salesforce/resolve-launched-data',
  tenant: '/api/v1/tenants/1/',
} as const;

/**
 * The mock refuses a request that breaks the contract (400, 401, 404, 422) and answers 500 when
 * its own example is wrong. A test lists the failures it asked for; any other fails it.
 */
const expectedFailures = new WeakMap<Page, string[]>();
const unexpected = new WeakMap<Page, string[]>();
test.beforeEach(({ page }) => {
  const seen: string[] = [];
  unexpected.set(page, seen);
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/') || response.status() < 400) return;
    if (expectedFailures.get(page)?.includes(pathname)) return;
    seen.push(`${response.request().method()} ${pathname} → ${response.status()}`);
  });
});
test.afterEach(({ page }) => {
  expect(unexpected.get(page), 'requests the mock refused').toEqual([]);
});

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const errorsTable = (page: Page) => page.getByRole('table', { name: 'Errors' });
const logsTable = (page: Page) => page.getByRole('table', { name: 'All Logs' });
const syncButton = (page: Page) => page.getByRole('button', { name: /^(Sync|Syncing\.\.\.)$/ });

function isCall(request: Request, method: string, path: string) {
  return request.method() === method && new URL(request.url()).pathname === path;
}

async function choose(page: Page, button: string, option: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('the dashboard of a super_admin', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('shows every block, and asks for all of them at once after the guard', async ({ page }) => {
    const sent = new Map<string, number>();
    const done = new Map<string, number>();
    const dashboardCall = (request: Request) => {
      const { pathname } = new URL(request.url());
      return Object.values(API).some((path) => path === pathname) ? pathname : undefined;
    };
    page.on('request', (request) => {
      const path = dashboardCall(request);
      if (path && !sent.has(path)) sent.set(path, Date.now());
    });
    page.on('requestfinished', (request) => {
      const path = dashboardCall(request);
      if (path && !done.has(path)) done.set(path, Date.now());
    });

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Update Feed' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Update Feed',
      'Values Mapper',
      'Accounts',
      'Logout',
    ]);
    await expect(nav.getByRole('link', { name: 'Update Feed' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const total = page.getByRole('region', { name: 'Total Synced' });
    await expect(total).toContainText('418');
    await expect(total).toContainText('1,265');
    await expect(page.getByRole('region', { name: 'Last Synced' })).toContainText('37');
    await expect(page.getByText(/^Next sync in \d+ (hrs|mins)$/)).toBeVisible();
    await expect(page.getByText(/^Last sync at \w{3} \d+, 2026/)).toBeVisible();

    await expect(page.getByText('14 Launches')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to Prod' })).toBeVisible();
    await expect(errorsTable(page).getByRole('row')).toHaveCount(9);
    // 'Go to SF' only where entity_url contains '.com' (the fifth error has none), in a new tab.
    await expect(errorsTable(page).getByRole('link', { name: 'Go to SF' })).toHaveCount(7);
    await expect(errorsTable(page).getByRole('link', { name: 'Go to SF' }).first()).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(page.getByText('1-8 of 8')).toBeVisible();

    // Every dashboard request left before the first of them came back: no waterfall.
    expect([...sent.keys()].sort()).toEqual(
      [API.stats, API.launches, API.tenant, API.errors, API.saved, API.attributes].sort(),
    );
    const lastSent = Math.max(...sent.values());
    const firstDone = Math.min(...done.values());
    expect(lastSent).toBeLessThanOrEqual(firstDone);

    await expectNoSeriousA11yViolations(page);
  });

  test("toggles the inbox names with 'view all' and 'view less', and resolves", async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await expect(inbox).toContainText('Pied Piper - Compression at Scale view all');
    await expect(inbox).not.toContainText('Aperture Science');
    await inbox.getByRole('button', { name: 'view all' }).click();
    await expect(inbox).toContainText('Aperture Science - Serverless APIs view less');
    await inbox.getByRole('button', { name: 'view less' }).click();
    await expect(inbox).not.toContainText('Aperture Science');

    const resolved = page.waitForRequest((request) => isCall(request, 'GET', API.resolve));
    const reloaded = page.waitForRequest((request) => isCall(request, 'GET', API.launches));
    await inbox.getByRole('button', { name: 'Resolve' }).click();
    await resolved;
    await expect(toast(page, 'All launches marked as resolved.')).toBeVisible();
    await reloaded;
  });

  test('disables Resolve when there are no launches', async ({ page }) => {
    await preferScenario(page, API.launches, 'example=empty');
    await page.goto('/dashboard');
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await expect(inbox).toContainText('0 Launches');
    await expect(inbox.getByRole('button', { name: 'Resolve' })).toBeDisabled();
  });

  test('a full sync: Syncing..., the reply, and warnings for 15 seconds', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(errorsTable(page)).toBeVisible();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === API.sync,
      async (route: Route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    const request = page.waitForRequest((r) => isCall(r, 'POST', API.sync));
    await syncButton(page).click();
    await expect(page.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    const sent = await request;
    expect(sent.postDataJSON()).toEqual({ tenant_sub_domain: 'acme' });
    expect(new URL(sent.url()).search).toBe('');
    release();
    await expect(
      toast(page, 'Sync started. Results will appear on the dashboard when it finishes.'),
    ).toBeVisible();
    await expect(syncButton(page)).toHaveText('Sync');

    let again = 0;
    page.on('request', (r) => {
      if (isCall(r, 'POST', API.sync)) again += 1;
    });
    await syncButton(page).click();
    await expect(
      toast(page, 'System is processing the syncing process, try again later'),
    ).toBeVisible();
    expect(again).toBe(0);
  });

  for (const [item, syncType] of [
    ['Sync from Salesforce to AWS', 'sync_data_from_salesforce_to_aws'],
    ['Sync from AWS to Salesforce', 'sync_data_from_aws_to_salesforce'],
  ] as const) {
    test(`${item} asks for that direction only`, async ({ page }) => {
      await preferScenario(page, API.sync, 'example=empty');
      await page.goto('/dashboard');
      await expect(errorsTable(page)).toBeVisible();
      const request = page.waitForRequest((r) => isCall(r, 'POST', API.sync));
      await page.getByRole('button', { name: 'More sync options' }).click();
      await page.getByRole('menuitem', { name: item }).click();
      expect(new URL((await request).url()).searchParams.get('sync_type')).toBe(syncType);
      await expect(toast(page, 'Sync started successfully in the background')).toBeVisible();
    });
  }

  test('a refused sync shows the reason and frees the button', async ({ page }) => {
    expectedFailures.set(page, [API.sync]);
    await preferScenario(page, API.sync, 'code=400', { times: 1 });
    await page.goto('/dashboard');
    await expect(errorsTable(page)).toBeVisible();
    await syncButton(page).click();
    await expect(
      toast(page, 'A sync is already in progress for this tenant. Try again later.'),
    ).toBeVisible();
    // The failure cleared the 15-second window: the next click syncs.
    const request = page.waitForRequest((r) => isCall(r, 'POST', API.sync));
    await syncButton(page).click();
    await request;
    await expect(
      toast(page, 'Sync started. Results will appear on the dashboard when it finishes.'),
    ).toBeVisible();
  });

  test('switching to Prod asks first, then switches and opens the wizard', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Switch to Prod' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to switch to Prod?' });
    await expect(dialog).toContainText(
      'The process is irreversible. This will delete all the sync logs, dashboard error logs, Salesforce custom attributes data mappings of Beta. Do you wish to continue?',
    );
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Switch to Prod' }).click();
    const patched = page.waitForRequest((r) => isCall(r, 'PATCH', API.tenant));
    const stepAsked = page.waitForRequest((r) => isCall(r, 'POST', PATHS.connectionStep));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect((await patched).postDataJSON()).toEqual({ is_production_enabled: true });
    await stepAsked;
    await expect(page).toHaveURL(/\/new-connection/);
  });

  test('pages through the errors, with the page in the URL', async ({ page }) => {
    await preferScenario(page, API.errors, 'example=paginated');
    await page.goto('/dashboard');
    await expect(page.getByText('1-8 of 47')).toBeVisible();
    const pages = page.getByRole('navigation', { name: 'Sync errors pages' });
    await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveText([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    const asked = page.waitForRequest(
      (r) => isCall(r, 'GET', API.errors) && new URL(r.url()).searchParams.get('page') === '5',
    );
    await pages.getByRole('button', { name: 'Page 5' }).click();
    await asked;
    await expect(page).toHaveURL(/\/dashboard\?page=5$/);
    await expect(page.getByText('33-40 of 47')).toBeVisible();
    await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveText([
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    await expect(pages.getByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // A reload (or a shared link) opens the same page.
    await page.reload();
    await expect(page.getByText('33-40 of 47')).toBeVisible();
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('41-47 of 47')).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('shows All Logs, paged, from the URL', async ({ page }) => {
    // The mock's log example has 10 entries on one page; say there are 25 to get three pages.
    await page.route(
      (url) => url.pathname === API.logs,
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), count: 25 } });
      },
    );
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'All Logs' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=logs$/);
    await expect(logsTable(page).getByRole('row')).toHaveCount(11);
    await expect(page.getByText('1-10 of 25')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Sync logs pages' })
      .getByRole('button', { name: 'Page 3' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\?tab=logs&page=3$/);
    await expect(page.getByText('21-25 of 25')).toBeVisible();

    await page.goto('/dashboard?tab=logs&page=2');
    await expect(page.getByRole('tab', { name: 'All Logs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('11-20 of 25')).toBeVisible();
    await page.getByRole('tab', { name: 'Errors' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(errorsTable(page)).toBeVisible();
  });

  test('shows the empty states', async ({ page }) => {
    await preferScenario(page, API.errors, 'example=empty');
    await preferScenario(page, API.logs, 'example=empty');
    await page.goto('/dashboard');
    await expect(page.getByText('No sync errors found')).toBeVisible();
    await page.getByRole('tab', { name: 'All Logs' }).click();
    await expect(page.getByText('No sync logs found')).toBeVisible();
  });

  test('saves override values for two errors, with those saved before', async ({ page }) => {
    await page.goto('/dashboard');
    const globex = errorsTable(page).getByRole('row').filter({ hasText: 'Globex Retail' });
    await expect(
      globex.getByRole('button', {
        name: 'ACE field for 0065g00000XyZ12AAB: expectedMonthlyAwsRevenue',
      }),
    ).toBeVisible();
    await expect(
      globex.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ12AAB' }),
    ).toHaveValue('10000');

    // A picklist attribute takes one of ACE's values.
    await choose(page, 'ACE field for 0065g00000XyZ34AAB: Select attribute', 'stage');
    await choose(page, 'Dummy value for 0065g00000XyZ34AAB: Select value', 'Launched');
    // A lead's own attributes only (no opportunity stage, no Read Only leadAge); an e-mail is
    // checked as one.
    await page
      .getByRole('button', { name: 'ACE field for 00Q5g00000ABCDeEAF: Select attribute' })
      .click();
    await expect(page.getByRole('option', { name: 'stage', exact: true })).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'leadAge', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: 'email', exact: true }).click();
    const email = page.getByRole('textbox', { name: 'Dummy value for 00Q5g00000ABCDeEAF' });
    await email.fill('not an e-mail');
    await email.blur();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await page.getByRole('button', { name: 'Save values for next Sync' }).click();
    await expect(toast(page, 'Form is not valid. Please fill all the elements')).toBeVisible();
    await email.fill('ops@umbrella.example');
    await email.blur();

    const saved = page.waitForRequest((r) => isCall(r, 'POST', API.save));
    await page.getByRole('button', { name: 'Save values for next Sync' }).click();
    const body = (await saved).postDataJSON() as Array<Record<string, unknown>>;
    expect(body).toEqual(
      expect.arrayContaining([
        { sync_error_id: 1, salesforce_id: '0065g00000XyZ12AAB', ace_id: 44, dummy_value: '10000' },
        {
          sync_error_id: 2,
          salesforce_id: '0065g00000XyZ34AAB',
          ace_id: 46,
          dummy_value: 'Launched',
        },
        {
          sync_error_id: 3,
          salesforce_id: '00Q5g00000ABCDeEAF',
          ace_id: 9,
          dummy_value: 'ops@umbrella.example',
        },
        // Saved before, on another page of errors: kept, not dropped.
        {
          sync_error_id: 7,
          salesforce_id: '0065g00000XyZ90AAB',
          ace_id: 45,
          dummy_value: '2026-03-31',
        },
      ]),
    );
    expect(body).toHaveLength(4);
    await expect(
      toast(page, 'Dummy values saved. They will be used on the next sync.'),
    ).toBeVisible();
  });

  test('keeps typed values over a page change', async ({ page }) => {
    await preferScenario(page, API.errors, 'example=paginated');
    await preferScenario(page, API.saved, 'example=empty');
    await page.goto('/dashboard');
    await choose(page, 'ACE field for 0065g00000XyZ34AAB: Select attribute', 'nextStep');
    await page
      .getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ34AAB' })
      .fill('Call the customer');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2$/);
    await page.getByRole('button', { name: 'Page 1' }).click();
    await expect(
      page.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ34AAB' }),
    ).toHaveValue('Call the customer');
  });

  test('one failing block does not blank the page', async ({ page }) => {
    expectedFailures.set(page, [API.stats]);
    await preferScenario(page, API.stats, 'code=500');
    await page.goto('/dashboard');
    await expect(page.getByText('14 Launches')).toBeVisible();
    await expect(errorsTable(page).getByRole('row')).toHaveCount(9);
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Please contact the system Administrator or try again later..',
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

test.describe('the dashboard of a user', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'user');
  });

  test('has no admin tabs and no environment switch', async ({ page }) => {
    let tenantAsked = false;
    page.on('request', (r) => {
      if (isCall(r, 'GET', API.tenant)) tenantAsked = true;
    });
    await page.goto('/dashboard');
    await expect(page.getByText('14 Launches')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Update Feed',
      'Logout',
    ]);
    await expect(errorsTable(page)).toBeVisible();
    await expect(page.getByRole('button', { name: /Switch to/ })).toHaveCount(0);
    expect(tenantAsked).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });

  test('finds the navigation in a menu on a small screen, Logout included', async ({ page }) => {
    await page.setViewportSize({ width: 420, height: 800 });
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Update Feed', 'Logout']);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
