import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionStore } from '@/api/session';
import { toast } from '@/lib/toaster';
import { fakeDashboardBackend, callsTo, type Route } from '../testing/dashboard-backend';
import { SyncControls } from './sync-controls';
import { FULL_SYNC_WINDOW_MS, isWithinFullSyncWindow } from './sync-window';

const SYNC = '/api/v1/salesforce/data-mappings/sync-data/';

function renderControls() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SyncControls />
    </QueryClientProvider>,
  );
}

const syncButton = () => screen.getByRole('button', { name: /^(Sync|Syncing\.\.\.)$/ });

describe('the full-sync window', () => {
  it('holds for 15 seconds after a full sync starts', () => {
    expect(isWithinFullSyncWindow(null, 1_000)).toBe(false);
    expect(isWithinFullSyncWindow(1_000, 1_000)).toBe(true);
    expect(isWithinFullSyncWindow(1_000, 1_000 + FULL_SYNC_WINDOW_MS - 1)).toBe(true);
    expect(isWithinFullSyncWindow(1_000, 1_000 + FULL_SYNC_WINDOW_MS)).toBe(false);
  });
});

describe('SyncControls', () => {
  let toasts: {
    success: ReturnType<typeof vi.spyOn>;
    warning: ReturnType<typeof vi.spyOn>;
    danger: ReturnType<typeof vi.spyOn>;
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
    connectionStore.setTenantSubdomain('acme');
    toasts = {
      success: vi.spyOn(toast, 'success').mockResolvedValue('t'),
      warning: vi.spyOn(toast, 'warning').mockResolvedValue('t'),
      danger: vi.spyOn(toast, 'danger').mockResolvedValue('t'),
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("reads 'Syncing...' and is disabled while the request runs, then says it started", async () => {
    let release: () => void = () => {};
    const calls = fakeDashboardBackend({
      [`POST ${SYNC}`]: () => new Promise((resolve) => (release = () => resolve({}))),
    });
    renderControls();
    await userEvent.click(syncButton());
    expect(await screen.findByRole('button', { name: 'Syncing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More sync options' })).toBeDisabled();
    release();
    await waitFor(() => expect(syncButton()).toHaveTextContent(/^Sync$/));
    expect(syncButton()).toBeEnabled();
    expect(toasts.success).toHaveBeenCalledWith('Sync started successfully in the background');
    const [call] = callsTo(calls, 'POST', SYNC);
    expect(call?.body).toEqual({ tenant_sub_domain: 'acme' });
    expect(call?.search.toString()).toBe('');
  });

  it('warns instead of syncing for 15 seconds after a full sync started', async () => {
    const calls = fakeDashboardBackend({ [`POST ${SYNC}`]: () => ({ message: 'Sync started.' }) });
    renderControls();
    await userEvent.click(syncButton());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Sync started.'));

    vi.setSystemTime(new Date('2026-03-02T10:00:14Z'));
    await userEvent.click(syncButton());
    expect(toasts.warning).toHaveBeenCalledWith(
      'System is processing the syncing process, try again later',
    );
    // The one-way syncs wait too.
    await userEvent.click(screen.getByRole('button', { name: 'More sync options' }));
    await userEvent.click(await screen.findByText('Sync from AWS to Salesforce'));
    expect(toasts.warning).toHaveBeenCalledTimes(2);
    expect(callsTo(calls, 'POST', SYNC)).toHaveLength(1);

    vi.setSystemTime(new Date('2026-03-02T10:00:15Z'));
    await userEvent.click(syncButton());
    await waitFor(() => expect(callsTo(calls, 'POST', SYNC)).toHaveLength(2));
  });

  it.each([
    ['Sync from Salesforce to AWS', 'sync_data_from_salesforce_to_aws'],
    ['Sync from AWS to Salesforce', 'sync_data_from_aws_to_salesforce'],
  ])('%s sends sync_type=%s and does not hold the buttons', async (item, syncType) => {
    const calls = fakeDashboardBackend();
    renderControls();
    await userEvent.click(screen.getByRole('button', { name: 'More sync options' }));
    await userEvent.click(await screen.findByText(item));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, 'POST', SYNC)[0]?.search.get('sync_type')).toBe(syncType);
    await userEvent.click(syncButton());
    await waitFor(() => expect(callsTo(calls, 'POST', SYNC)).toHaveLength(2));
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('a failure clears the flag and the window', async () => {
    let fail = true;
    const route: Route = () => (fail ? [500, { error: 'boom' }] : {});
    const calls = fakeDashboardBackend({ [`POST ${SYNC}`]: route });
    renderControls();
    await userEvent.click(syncButton());
    await waitFor(() => expect(callsTo(calls, 'POST', SYNC)).toHaveLength(1));
    await waitFor(() => expect(syncButton()).toHaveTextContent(/^Sync$/));
    fail = false;
    await userEvent.click(syncButton());
    await waitFor(() => expect(callsTo(calls, 'POST', SYNC)).toHaveLength(2));
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('says the tenant is unknown, and sends nothing, without a stored subdomain', async () => {
    connectionStore.setTenantSubdomain(null);
    const calls = fakeDashboardBackend();
    renderControls();
    await userEvent.click(syncButton());
    expect(toasts.danger).toHaveBeenCalledWith('Could not find the tenant details');
    expect(calls).toEqual([]);
  });
});
