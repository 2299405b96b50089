import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
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

function renderCard(canEdit: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const lead = url.includes('entity_type=Lead');
      return new Response(JSON.stringify(lead ? LEAD_FILTERS : []), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
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

  it('offers no edit link to a user who cannot edit filters', async () => {
    renderCard(false);
    await screen.findByRole('region', { name: 'Sync Filters' });
    expect(screen.queryByRole('link', { name: 'Edit in Sync Settings' })).not.toBeInTheDocument();
  });
});
