import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncFilterSetting } from '@generated/api/model';
import { NO_FILTERS_TEXT, SyncFiltersCard } from './sync-filters-card';

const LEAD_FILTERS: SyncFilterSetting[] = [
  {
    id: 1,
    attribute: { id: 5, name: 'stage' },
    comparison_type: 'equal_to',
    field_value: 'Committed',
    entity_type: 'Lead',
    sync_type: 'or',
    block: 1,
  },
  {
    id: 2,
    attribute: { id: 9, name: 'expectedMonthlyAwsRevenue' },
    comparison_type: 'greater_than',
    field_value: '5000',
    entity_type: 'Lead',
    sync_type: 'or',
    block: 1,
  },
  {
    id: 3,
    attribute: { id: 7, name: 'targetCloseDate' },
    comparison_type: 'lesser_than',
    field_value: '2026-12-31',
    entity_type: 'Lead',
    sync_type: 'or',
    block: 2,
  },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderCard(canEdit: boolean, countStatus = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const lead = url.includes('entity_type=Lead');
      if (url.includes('/sync-settings/count/')) {
        return countStatus === 200
          ? json(200, {
              entity_type: lead ? 'Lead' : 'Opportunity',
              matching: lead ? 64 : 180,
              total: lead ? 142 : 180,
            })
          : json(countStatus, { detail: 'Server error' });
      }
      return json(200, lead ? LEAD_FILTERS : []);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({ component: () => <SyncFiltersCard canEdit={canEdit} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('SyncFiltersCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads each OR block of AND conditions, and says when an entity has none', async () => {
    renderCard(true);
    const card = await screen.findByRole('region', { name: 'Sync Filters' });
    expect(await screen.findByText('Committed')).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'stage Equal To Committed AND expectedMonthlyAwsRevenue Greater than 5000',
    );
    expect(card).toHaveTextContent('OR targetCloseDate Lesser Than 2026-12-31');
    expect(await screen.findByText(NO_FILTERS_TEXT)).toBeInTheDocument();
    expect(NO_FILTERS_TEXT).toBe('You have no filters currently set.');
    expect(screen.getByRole('link', { name: 'Edit in Sync Settings' })).toHaveAttribute(
      'href',
      '/values-mapper',
    );
  });

  it('says how many leads and opportunities the filters let through', async () => {
    renderCard(false);
    expect(
      await screen.findByText('64 of 142 leads would sync with these filters'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('180 of 180 opportunities would sync with these filters'),
    ).toBeInTheDocument();
  });

  it('keeps the filters when the count fails, with a way to ask again', async () => {
    renderCard(false, 500);
    expect(await screen.findByText('Committed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
      'Please contact the system Administrator or try again later..',
    );
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
  });

  it('offers no edit link to a user who cannot edit filters', async () => {
    renderCard(false);
    await screen.findByRole('region', { name: 'Sync Filters' });
    expect(screen.queryByRole('link', { name: 'Edit in Sync Settings' })).not.toBeInTheDocument();
  });
});
