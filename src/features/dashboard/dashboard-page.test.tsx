import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toaster';
import { renderApp } from '../../../tests/render-app';
import { callsTo, fakeDashboardBackend, LOGS, signInAs, TENANT } from './testing/dashboard-backend';

const ERRORS_PATH = '/api/v1/salesforce/data-mappings/sync-errors/';
const LOGS_PATH = '/api/v1/salesforce/data-mappings/sync-errors/logs/';

describe('dashboard', () => {
  beforeEach(() => {
    vi.spyOn(toast, 'success').mockResolvedValue('t');
    vi.spyOn(toast, 'danger').mockResolvedValue('t');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a super_admin every block, the full navbar and the environment switch', async () => {
    signInAs('super_admin');
    fakeDashboardBackend();
    renderApp('/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
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
    expect(within(nav).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');

    const total = await screen.findByRole('region', { name: 'Total Synced' });
    expect(await within(total).findByText('1,265')).toBeInTheDocument();
    expect(within(total).getByText('418')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Last Synced' })).getByText('37'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Next sync in \d+ (hrs|mins)$/)).toBeInTheDocument();

    expect(await screen.findByText('14 Launches')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Switch to Prod/ })).toBeInTheDocument();
    expect(screen.getByText(/^Last sync at /)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Errors' });
    await within(table).findByText('Globex Retail');
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
    // 'Go to SF' only for .com URLs, in a new tab.
    const links = within(table).getAllByRole('link', { name: /Go to SF/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(within(table).getByText('Record Not Found Error')).toBeInTheDocument();
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
    signInAs('super_admin');
    fakeDashboardBackend();
    const { router } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Menu' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Update Feed',
      'Values Mapper',
      'Accounts',
      'Logout',
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'page');
    await userEvent.click(items[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
  });

  it('shows a user neither the admin tabs nor the environment switch', async () => {
    signInAs('user');
    const calls = fakeDashboardBackend();
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Update Feed', 'Logout']);
    await screen.findByText('14 Launches');
    expect(screen.queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/v1/tenants/1/')).toHaveLength(0);
  });

  it('hides the switch for a tenant already on Production', async () => {
    signInAs('super_admin');
    fakeDashboardBackend({
      'GET /api/v1/tenants/1/': () => ({ ...TENANT, is_production_enabled: true }),
    });
    renderApp('/dashboard');
    await screen.findByText('14 Launches');
    await waitFor(() => expect(screen.queryByText('Loading')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
  });

  it('asks for every block at once after the guard, and keeps the others when one fails', async () => {
    signInAs('super_admin');
    const calls = fakeDashboardBackend({
      'GET /api/v1/salesforce/get-sync-data': () => [404, { detail: 'Not found.' }],
    });
    renderApp('/dashboard');
    expect(await screen.findByText('404: URL Not Found..')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await screen.findByText('14 Launches')).toBeInTheDocument();
    expect(await screen.findByText('Globex Retail')).toBeInTheDocument();
    expect(toast.danger).not.toHaveBeenCalled(); // the block says it; no toast on top
    const paths = calls.map((call) => `${call.method} ${call.path}`);
    expect(paths.slice(0, 2).sort()).toEqual([
      'POST /api/v1/connection-step-status/',
      'POST /api/v1/tenant-subdomain/',
    ]);
    expect(paths.slice(2, 12).sort()).toEqual([
      'GET /api/v1/salesforce/aws/attributes/',
      'GET /api/v1/salesforce/data-mappings/sync-errors/',
      'GET /api/v1/salesforce/data-mappings/sync-settings',
      'GET /api/v1/salesforce/data-mappings/sync-settings',
      'GET /api/v1/salesforce/data-mappings/sync-settings/count/',
      'GET /api/v1/salesforce/data-mappings/sync-settings/count/',
      'GET /api/v1/salesforce/get-dummy-value-for-error/',
      'GET /api/v1/salesforce/get-sync-data',
      'GET /api/v1/salesforce/unread-launched-data',
      'GET /api/v1/tenants/1/',
    ]);
  });

  it('asks for the filter counts with the filters, not after them', async () => {
    signInAs('super_admin');
    // The filters never arrive: the counts must not be waiting for them.
    const calls = fakeDashboardBackend({
      'GET /api/v1/salesforce/data-mappings/sync-settings': () => new Promise<never>(() => {}),
    });
    renderApp('/dashboard');
    await waitFor(() =>
      expect(
        callsTo(calls, 'GET', '/api/v1/salesforce/data-mappings/sync-settings/count/').map((call) =>
          call.search.get('entity_type'),
        ),
      ).toEqual(expect.arrayContaining(['Lead', 'Opportunity'])),
    );
  });

  it('opens the tab and page of the URL, and puts tab changes into the URL', async () => {
    signInAs('super_admin');
    const calls = fakeDashboardBackend({
      [`GET ${LOGS_PATH}`]: (call) => ({
        count: 23,
        next: null,
        previous: null,
        results: call.search.get('page') === '1' ? [...LOGS, ...LOGS, ...LOGS] : LOGS,
      }),
    });
    const { router } = renderApp('/dashboard?tab=logs&page=2');
    const table = await screen.findByRole('table', { name: 'All Logs' });
    expect(await within(table).findAllByText(/^Logged: /)).toHaveLength(3);
    // Page size 9 (the first page's count): page 2 shows items 10-18 of 23.
    expect(await screen.findByText('10-18 of 23')).toBeInTheDocument();
    const pages = callsTo(calls, 'GET', LOGS_PATH).map((call) => call.search.get('page'));
    expect([...new Set(pages)].sort()).toEqual(['1', '2']);
    expect(callsTo(calls, 'GET', ERRORS_PATH)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'logs', page: 3 }));
    await userEvent.click(screen.getByRole('tab', { name: 'Errors' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('table', { name: 'Errors' })).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    signInAs('user');
    const empty = () => ({ count: 0, next: null, previous: null, results: [] });
    fakeDashboardBackend({ [`GET ${ERRORS_PATH}`]: empty, [`GET ${LOGS_PATH}`]: empty });
    renderApp('/dashboard');
    expect(await screen.findByText('No sync errors found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'All Logs' }));
    expect(await screen.findByText('No sync logs found')).toBeInTheDocument();
  });

  it('ignores a page or tab in the URL that makes no sense', async () => {
    signInAs('user');
    const calls = fakeDashboardBackend();
    renderApp('/dashboard?tab=nope&page=-4');
    expect(await screen.findByRole('table', { name: 'Errors' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', ERRORS_PATH).length).toBeGreaterThan(0));
    expect(callsTo(calls, 'GET', ERRORS_PATH)[0]?.search.get('page')).toBe('1');
  });
});
