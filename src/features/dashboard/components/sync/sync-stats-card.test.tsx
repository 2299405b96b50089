import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { SyncStats } from '@generated/api/model';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';
import { createTestQueryClient } from '@tests/test-query-client';

import { SyncStatsCard } from './sync-stats-card';

const backend = setupSandboxBackend();
const HOUR_MS = 3_600_000;

function renderCard() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SyncStatsCard />
    </QueryClientProvider>,
  );
}

/** The backend answers the statistics with `stats` (the figures are the sandbox's to compute). */
function statsAre(stats: SyncStats) {
  backend.fail('getSyncStats', { status: 200, body: stats }, { times: Infinity });
}

describe('SyncStatsCard', () => {
  it("counts down to the server's next sync, and shows the last sync's unchanged records on their own", async () => {
    // 30 hours away: the 12:00/24:00 UTC rule never says more than 12.
    const next = new Date(Date.now() + 30 * HOUR_MS + 30 * 60_000).toISOString();
    statsAre({
      total_synced: { lead: 2412, opportunity: 1265 },
      last_synced: { lead: 0, opportunity: 12 },
      last_unchanged: { lead: 98, opportunity: 145 },
      last_synced_date: new Date(Date.now() - HOUR_MS).toISOString(),
      next_sync_at: next,
    });
    await backend.signIn(DANA);
    renderCard();
    expect(await screen.findByText('Next sync in 30 hrs')).toBeInTheDocument();
    const last = screen.getByRole('region', { name: 'Last Synced' });
    expect(within(last).getByText('98 unchanged')).toBeInTheDocument();
    expect(within(last).getByText('145 unchanged')).toBeInTheDocument();
    // Synced is created plus updated: a sync that changed no lead says 0, not 98.
    expect(within(last).getByText('0')).toBeInTheDocument();
    const total = screen.getByRole('region', { name: 'Total Synced' });
    expect(within(total).getByText('2,412')).toBeInTheDocument();
    expect(within(total).queryByText(/unchanged/)).not.toBeInTheDocument();
  });

  it('says a company never synced, rather than a countdown that implies it did', async () => {
    statsAre({
      total_synced: { lead: 0, opportunity: 0 },
      last_synced: { lead: 0, opportunity: 0 },
      last_synced_date: null,
      next_sync_at: new Date(Date.now() + 8 * HOUR_MS + 30 * 60_000).toISOString(),
    });
    await backend.signIn(DANA);
    renderCard();
    expect(await screen.findByText('Not synced yet · next sync in 8 hrs')).toBeInTheDocument();
    expect(screen.queryByText(/^Next sync in/)).not.toBeInTheDocument();
  });

  it('says when no sync is scheduled', async () => {
    statsAre({
      total_synced: { lead: 0, opportunity: 0 },
      last_synced: { lead: 0, opportunity: 0 },
      last_synced_date: null,
      next_sync_at: null,
    });
    await backend.signIn(DANA);
    renderCard();
    expect(await screen.findByText('Not synced yet · no sync scheduled')).toBeInTheDocument();
  });

  it('says when asking again failed, and its Retry shows it is asking until the reply', async () => {
    await backend.signIn(DANA);
    const client = createTestQueryClient();
    render(
      <QueryClientProvider client={client}>
        <SyncStatsCard />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(backend.callsTo('getSyncStats')).toHaveLength(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    backend.fail('getSyncStats', { status: 500 });
    await act(() => client.refetchQueries());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).not.toHaveClass('bp6-loading');
    const reply = backend.hold('getSyncStats');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    // Blueprint draws a loading button anew: find it again.
    await waitFor(() => expect(within(alert).getByRole('button')).toHaveClass('bp6-loading'));
    reply.release();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
