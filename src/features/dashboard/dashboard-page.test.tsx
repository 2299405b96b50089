import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '@/lib/toaster';
import type { SyncStats } from '@generated/api/model';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';

import { formatCount } from './model/format-count';

const backend = setupSandboxBackend();

/** Acme's statistics as the sandbox answers them (asked before the app's own calls). */
async function acmeStats(): Promise<SyncStats> {
  const dana = await backend.as(DANA);
  return (await dana.get<SyncStats>('/api/v1/salesforce/get-sync-data')).body;
}
wholeAppTestSettings();

/** Acme's log holds `count` entries, newest first: 'Logged: 1' to 'Logged: <count>'. */
function acmeLog(count: number) {
  backend.store.transact((draft) => {
    const [template] = draft.syncLogs.filter((log) => log.tenantId === 1);
    draft.syncLogs = draft.syncLogs.filter((log) => log.tenantId !== 1);
    for (let n = 1; n <= count; n += 1)
      draft.syncLogs.push({
        ...template!,
        error_description: `Logged: ${n}`,
        created_at: new Date(Date.UTC(2026, 2, 2, 12, 0, 0) - n * 60_000).toISOString(),
      });
  });
}

/** Adds `count` older errors of Acme, after the seeded ones (20 errors make a page). */
function olderErrors(count: number) {
  backend.store.transact((draft) => {
    const template = draft.syncErrors.find((error) => error.id === 1)!;
    for (let n = 1; n <= count; n += 1) {
      draft.sequences.syncErrors = (draft.sequences.syncErrors ?? 0) + 1;
      draft.syncErrors.push({
        ...template,
        id: draft.sequences.syncErrors,
        salesforce_id: `0065g00000Old${String(n).padStart(2, '0')}AAB`,
        name: `Older error ${n}`,
        created_at: new Date(Date.UTC(2026, 1, 1) - n * 60_000).toISOString(),
      });
    }
  });
}

/** Two clicks before React renders again: a double click faster than the button turns busy. */
function doubleClick(button: HTMLElement) {
  act(() => {
    button.click();
    button.click();
  });
}

/** Disabled, or spinning: what a user sees of a button that is sending. */
const isBusy = (button: HTMLElement) =>
  (button as HTMLButtonElement).disabled ||
  button.getAttribute('aria-disabled') === 'true' ||
  button.classList.contains('bp6-loading');

/** The calls the dashboard's blocks make once the set-up guard let it through. */
const BLOCK_CALLS = [
  'getSyncStats',
  'listUnreadLaunches',
  'getTenant',
  'listSyncErrors',
  'listOverrides',
  'listAwsAttributes',
  'listSyncFilters',
  'countSyncFilterMatches',
];

describe('dashboard', () => {
  beforeEach(() => {
    vi.spyOn(toast, 'success').mockResolvedValue('t');
    vi.spyOn(toast, 'danger').mockResolvedValue('t');
  });

  it('shows a super_admin every block, the full navbar and the environment switch', async () => {
    // One error links to a Salesforce host that is not .com.
    backend.store.transact((draft) => {
      draft.syncErrors.find((error) => error.id === 2)!.entity_url =
        'https://acme.my.salesforce.org/r/Opportunity/0065g00000XyZ34AAB';
    });
    const comLinks = backend.store.state.syncErrors.filter(
      (error) => error.tenantId === 1 && error.entity_url?.includes('.com/'),
    ).length;
    const stats = await acmeStats();
    await backend.signIn(DANA);
    renderApp('/dashboard');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Update Feed' }),
    ).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Update Feed', 'Values Mapper', 'Accounts', 'Activity', 'Logout']);
    expect(within(nav).getByRole('link', { name: 'Update Feed' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Values Mapper' })).toHaveAttribute(
      'href',
      '/values-mapper',
    );
    expect(within(nav).getByRole('link', { name: 'Accounts' })).toHaveAttribute(
      'href',
      '/accounts',
    );
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'href',
      '/activity',
    );
    expect(within(nav).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');

    // The figures are the sandbox's to compute: the card shows what it answers.
    const total = await screen.findByRole('region', { name: 'Total Synced' });
    expect(
      await within(total).findByText(formatCount(stats.total_synced.opportunity)),
    ).toBeInTheDocument();
    expect(within(total).getAllByText(formatCount(stats.total_synced.lead)).length).toBeGreaterThan(
      0,
    );
    expect(
      within(screen.getByRole('region', { name: 'Last Synced' })).getAllByText(
        formatCount(stats.last_synced.opportunity),
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText(/^Next sync in \d+ (hrs?|mins?)$/)).toBeInTheDocument();

    expect(await screen.findByText('14 Launches')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Switch to Prod/ })).toBeInTheDocument();
    expect(screen.getByText(/^Last sync at /)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Errors' });
    await within(table).findByText('Globex Retail - Data Lake Migration');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Salesforce Id',
      'Source',
      'Lead/Opportunity',
      'ERROR',
      'ACE Field with dummy values',
      'Overwritten value',
      'CATEGORY',
    ]);
    // On a phone each row stacks, every cell after its column's name (the headers with a tooltip
    // included), so an error reads top to bottom.
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(headers);
    // 'Go to SF' only for .com URLs, in a new tab.
    const links = within(table).getAllByRole('link', { name: /Go to SF/ });
    expect(links).toHaveLength(comLinks);
    links.forEach((link) => expect(link).toHaveAttribute('target', '_blank'));
    const org = within(table).getByText('Initech - SAP on AWS').closest('tr')!;
    expect(within(org).queryByRole('link', { name: /Go to SF/ })).not.toBeInTheDocument();
    expect(within(table).getByText('Record Not Found Error')).toBeInTheDocument();
    // Every open error of Acme on the one page, under the header row.
    const errors = backend.store.state.syncErrors.filter((error) => error.tenantId === 1).length;
    expect(within(table).getAllByRole('row')).toHaveLength(errors + 1);
    expect(screen.getByText(`1-${errors} of ${errors}`)).toBeInTheDocument();
  });

  it('collapses the navbar into a menu on small screens', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: true,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    await backend.signIn(DANA);
    const { router } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Menu' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Update Feed',
      'Values Mapper',
      'Accounts',
      'Activity',
      'Logout',
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'page');
    await userEvent.click(items[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
  });

  it('shows a user neither the admin tabs nor the environment switch', async () => {
    await backend.signIn(MARCUS);
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Update Feed', 'Logout']);
    await screen.findByText('14 Launches');
    expect(screen.queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
    expect(backend.callsTo('getTenant')).toHaveLength(0);
  });

  it('hides the switch for a tenant already on Production', async () => {
    backend.store.transact((draft) => {
      draft.tenants.find((tenant) => tenant.id === 1)!.is_production_enabled = true;
    });
    await backend.signIn(DANA);
    renderApp('/dashboard');
    await screen.findByText('14 Launches');
    await waitFor(() => expect(screen.queryByText('Loading')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
  });

  it('asks for every block at once after the guard, and keeps the others when one fails', async () => {
    backend.fail('getSyncStats', { status: 500, body: { error: 'boom' } });
    await backend.signIn(DANA);
    renderApp('/dashboard');
    expect(
      await screen.findByText('Please contact the system Administrator or try again later..'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await screen.findByText('14 Launches')).toBeInTheDocument();
    expect(await screen.findByText('Globex Retail - Data Lake Migration')).toBeInTheDocument();
    expect(toast.danger).not.toHaveBeenCalled(); // the block says it; no toast on top
    const paths = backend.calls.map((call) => `${call.method} ${call.path}`);
    expect(paths.slice(0, 2).sort()).toEqual([
      'POST /api/v1/connection-step-status/',
      'POST /api/v1/tenant-subdomain/',
    ]);
    // The loader asks for every block at once; the mapping counts follow as soon as their small
    // chunk is in (kept out of the entry chunk: see prefetchDashboard), before the page renders.
    expect(paths.slice(2, 14).sort()).toEqual([
      'GET /api/v1/salesforce/aws/attributes/',
      'GET /api/v1/salesforce/data-mappings/count/',
      'GET /api/v1/salesforce/data-mappings/sync-errors/',
      'GET /api/v1/salesforce/data-mappings/sync-settings',
      'GET /api/v1/salesforce/data-mappings/sync-settings',
      'GET /api/v1/salesforce/data-mappings/sync-settings/count/',
      'GET /api/v1/salesforce/data-mappings/sync-settings/count/',
      'GET /api/v1/salesforce/get-dummy-value-for-error/',
      'GET /api/v1/salesforce/get-sync-data',
      'GET /api/v1/salesforce/sync-runs/',
      'GET /api/v1/salesforce/unread-launched-data',
      'GET /api/v1/tenants/1/',
    ]);
  });

  it('asks for the filter counts with the filters, not after them', async () => {
    // The filters never arrive: the counts must not be waiting for them.
    backend.hold('listSyncFilters');
    await backend.signIn(DANA);
    renderApp('/dashboard');
    await waitFor(() =>
      expect(
        backend.callsTo('countSyncFilterMatches').map((call) => call.search.get('entity_type')),
      ).toEqual(expect.arrayContaining(['Lead', 'Opportunity'])),
    );
    expect(backend.callsTo('listSyncFilters')).toHaveLength(2);
  });

  it('opens the tab and page of the URL, and puts tab changes into the URL', async () => {
    acmeLog(45);
    await backend.signIn(DANA);
    const { router } = renderApp('/dashboard?tab=logs&page=3');
    const table = await screen.findByRole('table', { name: 'All Logs' });
    expect(await within(table).findAllByText(/^Logged: /)).toHaveLength(5);
    expect(within(table).getByText('Logged: 41')).toBeInTheDocument();
    // Page size 20 (the first page's count, not the last page's 5): page 3 shows items 41-45.
    expect(await screen.findByText('41-45 of 45')).toBeInTheDocument();
    const pages = backend.callsTo('listSyncLogs').map((call) => call.search.get('page'));
    expect([...new Set(pages)].sort()).toEqual(['1', '3']);
    expect(backend.callsTo('listSyncErrors')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'logs', page: 2 }));
    await userEvent.click(screen.getByRole('tab', { name: 'Errors' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('table', { name: 'Errors' })).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    backend.store.transact((draft) => {
      draft.syncErrors = draft.syncErrors.filter((error) => error.tenantId !== 1);
      draft.syncLogs = draft.syncLogs.filter((log) => log.tenantId !== 1);
    });
    await backend.signIn(MARCUS);
    renderApp('/dashboard');
    expect(await screen.findByText('No sync errors found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'All Logs' }));
    expect(await screen.findByText('No sync logs found')).toBeInTheDocument();
  });

  it('asks for every block before any reply comes back, and shows each one loading until then', async () => {
    const stats = await acmeStats();
    await backend.signIn(DANA);
    const blocks = backend.hold((call) => BLOCK_CALLS.includes(call.operationId));
    renderApp('/dashboard');
    // No block waits for another's reply: all of them are out while none has come back.
    await waitFor(() =>
      expect([...new Set(backend.calls.map((call) => call.operationId))]).toEqual(
        expect.arrayContaining(BLOCK_CALLS),
      ),
    );
    expect(blocks.waiting).toBeGreaterThanOrEqual(BLOCK_CALLS.length);
    const inbox = await screen.findByRole('region', { name: 'Inbox' });
    expect(within(inbox).getByText('0 Launches')).toHaveClass('bp6-skeleton');
    const total = screen.getByRole('region', { name: 'Total Synced' });
    expect(total.querySelector('.bp6-skeleton')).not.toBeNull();
    expect(screen.getByRole('table', { name: 'Errors' })).toHaveAttribute('aria-busy', 'true');
    blocks.open();
    expect(await within(inbox).findByText('14 Launches')).not.toHaveClass('bp6-skeleton');
    expect(
      await within(total).findByText(formatCount(stats.total_synced.opportunity)),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Errors' })).not.toHaveAttribute('aria-busy'),
    );
  });

  it('pages through the errors with the page in the URL, from a link too', async () => {
    const seeded = backend.store.state.syncErrors.filter((error) => error.tenantId === 1).length;
    olderErrors(27 - seeded); // 27 errors: pages of 20 and 7
    await backend.signIn(DANA);
    // A shared link (or a reload) opens its page.
    const { router } = renderApp('/dashboard?page=2');
    expect(await screen.findByText('21-27 of 27')).toBeInTheDocument();
    expect(backend.callsTo('listSyncErrors').map((call) => call.search.get('page'))).toContain('2');
    const pages = screen.getByRole('navigation', { name: 'Sync errors pages' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2']);
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('1-20 of 27')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('21-27 of 27')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it('switches to Prod once confirmed, busy and sent once on a double click, then opens the wizard', async () => {
    await backend.signIn(DANA);
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Prod' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to switch to Prod?',
    });
    const patch = backend.hold('updateTenant');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    doubleClick(confirm);
    await waitFor(() => expect(isBusy(confirm)).toBe(true));
    expect(router.state.location.pathname).toBe('/dashboard');
    patch.open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-connection'));
    expect(backend.callsTo('updateTenant').map((call) => call.body)).toEqual([
      { is_production_enabled: true },
    ]);
    expect(backend.callsTo('getTenant')).toHaveLength(1); // the dashboard's own read
  });

  it('ignores a page or tab in the URL that makes no sense', async () => {
    await backend.signIn(MARCUS);
    renderApp('/dashboard?tab=nope&page=-4');
    expect(await screen.findByRole('table', { name: 'Errors' })).toBeInTheDocument();
    await waitFor(() => expect(backend.callsTo('listSyncErrors').length).toBeGreaterThan(0));
    expect(backend.callsTo('listSyncErrors')[0]?.search.get('page')).toBe('1');
  });
});

describe('required fields still unmapped', () => {
  const unmappedLink = () =>
    screen.queryByRole('link', { name: /^\d+ required fields? unmapped: map them$/ });

  it('are named in the toolbar for a super_admin, as a way to Sync Settings', async () => {
    await backend.signIn(DANA);
    renderApp('/dashboard');
    await waitFor(() => expect(unmappedLink()).toBeInTheDocument());
    expect(unmappedLink()).toHaveAttribute('href', '/values-mapper');
    expect(unmappedLink()).toHaveAttribute(
      'title',
      expect.stringMatching(/have no Salesforce field yet: records that need them fail to sync/),
    );
  });

  it('are not named to a user, who cannot map them', async () => {
    await backend.signIn(MARCUS);
    renderApp('/dashboard');
    expect(await screen.findByText('14 Launches')).toBeInTheDocument();
    expect(unmappedLink()).not.toBeInTheDocument();
    expect(backend.callsTo('getMappingCounts')).toHaveLength(0);
  });

  it('are not named once every required field is mapped', async () => {
    // What Acme leaves unmapped is not required here; what it maps stays so.
    backend.store.transact((draft) => {
      const mapped = new Set(draft.mappings.map((mapping) => mapping.aws_ace_attribute));
      for (const attribute of draft.attributes)
        if (!mapped.has(attribute.id)) attribute.is_mandatory = false;
    });
    await backend.signIn(DANA);
    renderApp('/dashboard');
    expect(await screen.findByText('14 Launches')).toBeInTheDocument();
    await waitFor(() => expect(backend.callsTo('getMappingCounts')).toHaveLength(1));
    expect(unmappedLink()).not.toBeInTheDocument();
  });
});
