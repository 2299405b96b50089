import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toaster';
import { callsTo, fakeDashboardBackend, type Route } from '../testing/dashboard-backend';
import { InboxCard } from './inbox-card';

const LIST = 'GET /api/v1/salesforce/unread-launched-data';
const RESOLVE = '/api/v1/salesforce/resolve-launched-data';

function renderInbox() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <InboxCard />
    </QueryClientProvider>,
  );
}

describe('InboxCard', () => {
  beforeEach(() => {
    vi.spyOn(toast, 'success').mockResolvedValue('t');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the count and the first ten names, all of them on 'view all', ten on 'view less'", async () => {
    fakeDashboardBackend();
    renderInbox();
    expect(await screen.findByText('14 Launches')).toBeInTheDocument();
    expect(screen.getByText(/^Launch 1, Launch 2,/)).toHaveTextContent(/Launch 10 view all$/);
    expect(screen.queryByText(/Launch 11/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'view all' }));
    expect(screen.getByText(/Launch 14/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'view less' }));
    expect(screen.queryByText(/Launch 11/)).not.toBeInTheDocument();
  });

  it('resolves: shows the reply as a success toast and asks for the list again', async () => {
    let launches = [{ name: 'Globex' }, { name: 'Initech' }];
    const calls = fakeDashboardBackend({
      [LIST]: () => ({ data: launches }),
      [`GET ${RESOLVE}`]: () => {
        launches = [];
        return { message: 'All launches marked as resolved.' };
      },
    });
    renderInbox();
    expect(await screen.findByText('Globex, Initech')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /view/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('All launches marked as resolved.'),
    );
    expect(await screen.findByText('0 Launches')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeDisabled();
    expect(callsTo(calls, 'GET', RESOLVE)).toHaveLength(1);
  });

  it('disables Resolve with no launches, and shows its own error with a retry', async () => {
    let fail = true;
    const route: Route = () => (fail ? [500, { error: 'boom' }] : { data: [] });
    fakeDashboardBackend({ [LIST]: route });
    renderInbox();
    expect(
      await screen.findByText('Please contact the system Administrator or try again later..'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('0 Launches')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeDisabled();
  });
});
