import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { DANA, setupSandboxBackend } from '../../../../../tests/sandbox-backend';
import { createTestQueryClient } from '../../../../../tests/test-query-client';
import { SyncStatsCard } from './sync-stats-card';

const backend = setupSandboxBackend();

describe('SyncStatsCard', () => {
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
