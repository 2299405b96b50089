import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { callsTo, fakeDashboardBackend, signInAs, STATS } from '../testing/dashboard-backend';
import { dashboardQueries } from '../dashboard-queries';
import { FOLLOW_SYNC, followSync } from './follow-sync';

const STATS_PATH = '/api/v1/salesforce/get-sync-data';
const ERRORS_PATH = '/api/v1/salesforce/data-mappings/sync-errors/';

/** A client showing the dashboard: the statistics and page 1 of the errors, on screen. */
async function shownDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await queryClient.fetchQuery(dashboardQueries.stats());
  await queryClient.fetchQuery(dashboardQueries.errors(1));
  const errorsBlock = new QueryObserver(queryClient, dashboardQueries.errors(1));
  onTestFinished(errorsBlock.subscribe(() => undefined));
  return queryClient;
}

const noWait = () => Promise.resolve();

describe('following a started sync', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the statistics until a new last sync date shows, then fetches the errors again', async () => {
    signInAs('super_admin');
    let polls = 0;
    const calls = fakeDashboardBackend({
      [`GET ${STATS_PATH}`]: () =>
        ++polls < 4 ? STATS : { ...STATS, last_synced_date: '2026-03-02T12:04:00Z' },
    });
    const queryClient = await shownDashboard();
    const errorsBefore = callsTo(calls, 'GET', ERRORS_PATH).length;

    await expect(followSync(queryClient, new AbortController().signal, noWait)).resolves.toBe(true);

    expect(polls).toBe(4);
    expect(queryClient.getQueryData(dashboardQueries.stats().queryKey)?.last_synced_date).toBe(
      '2026-03-02T12:04:00Z',
    );
    await vi.waitFor(() =>
      expect(callsTo(calls, 'GET', ERRORS_PATH).length).toBe(errorsBefore + 1),
    );
  });

  it('gives up after two minutes when the sync never ends, and stops when the screen is left', async () => {
    signInAs('super_admin');
    const calls = fakeDashboardBackend();
    const queryClient = await shownDashboard();
    const statsBefore = callsTo(calls, 'GET', STATS_PATH).length;

    await expect(followSync(queryClient, new AbortController().signal, noWait)).resolves.toBe(
      false,
    );
    expect(callsTo(calls, 'GET', STATS_PATH).length - statsBefore).toBe(
      FOLLOW_SYNC.forMs / FOLLOW_SYNC.everyMs,
    );

    const left = new AbortController();
    left.abort();
    const statsNow = callsTo(calls, 'GET', STATS_PATH).length;
    await expect(followSync(queryClient, left.signal, noWait)).resolves.toBe(false);
    expect(callsTo(calls, 'GET', STATS_PATH).length).toBe(statsNow);
  });
});
