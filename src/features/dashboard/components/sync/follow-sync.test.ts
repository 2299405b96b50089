import { QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { createTestQueryClient } from '../../../../../tests/render-app';
import { DANA, setupSandboxBackend } from '../../../../../tests/sandbox-backend';
import { syncErrorsQueryOptions, syncStatsQueryOptions } from '../../dashboard-queries';
import { FOLLOW_SYNC, followSync } from './follow-sync';

const backend = setupSandboxBackend();

/** A client showing the dashboard: the statistics and page 1 of the errors, on screen. */
async function shownDashboard() {
  const queryClient = createTestQueryClient();
  await queryClient.fetchQuery(syncStatsQueryOptions());
  await queryClient.fetchQuery(syncErrorsQueryOptions(1));
  const errorsBlock = new QueryObserver(queryClient, syncErrorsQueryOptions(1));
  onTestFinished(errorsBlock.subscribe(() => undefined));
  return queryClient;
}

const noWait = () => Promise.resolve();
const statsCalls = () => backend.callsTo('getSyncStats').length;
const lastSyncDate = () =>
  backend.store.state.stats.find((row) => row.tenantId === 1)?.last_synced_date;

describe('following a started sync', () => {
  beforeEach(async () => {
    await backend.signIn(DANA);
  });

  it('asks the statistics until a new last sync date shows, then fetches the errors again', async () => {
    const queryClient = await shownDashboard();
    const before = lastSyncDate();
    const statsBefore = statsCalls();
    const errorsBefore = backend.callsTo('listSyncErrors').length;
    // The sync started in the background ends between the third and the fourth look.
    const dana = await backend.as(DANA);
    let waits = 0;
    const wait = async () => {
      waits += 1;
      if (waits !== 4) return;
      await dana.post('/api/v1/salesforce/data-mappings/sync-data/', { tenant_sub_domain: 'acme' });
      await backend.syncsIdle();
    };

    await expect(followSync(queryClient, new AbortController().signal, wait)).resolves.toBe(true);

    expect(statsCalls() - statsBefore).toBe(4);
    expect(lastSyncDate()).not.toBe(before);
    expect(queryClient.getQueryData(syncStatsQueryOptions().queryKey)?.last_synced_date).toBe(
      lastSyncDate(),
    );
    await vi.waitFor(() => expect(backend.callsTo('listSyncErrors').length).toBe(errorsBefore + 1));
  });

  it('gives up after two minutes when the sync never ends, and stops when the screen is left', async () => {
    const queryClient = await shownDashboard();
    const statsBefore = statsCalls();

    await expect(followSync(queryClient, new AbortController().signal, noWait)).resolves.toBe(
      false,
    );
    expect(statsCalls() - statsBefore).toBe(FOLLOW_SYNC.forMs / FOLLOW_SYNC.everyMs);

    const left = new AbortController();
    left.abort();
    const statsNow = statsCalls();
    await expect(followSync(queryClient, left.signal, noWait)).resolves.toBe(false);
    expect(statsCalls()).toBe(statsNow);
  });
});
