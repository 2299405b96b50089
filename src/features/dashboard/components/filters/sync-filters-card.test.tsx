import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { renderWithClient } from '@tests/render-with-client';
import type { FilterRow } from '@tests/sandbox/store/state';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

import { NO_FILTERS_TEXT, SyncFiltersCard } from './sync-filters-card';

const backend = setupSandboxBackend();

/** Acme's lead filters: (status is Open AND leadAge above 5) OR createdDate before 2027. */
const LEAD_FILTERS: FilterRow[] = (
  [
    [1, 1, 'equal_to', 'Open', 1],
    [2, 23, 'greater_than', '5', 1],
    [3, 24, 'lesser_than', '2026-12-31', 2],
  ] as const
).map(([id, attributeId, comparison_type, field_value, block]) => ({
  id,
  attributeId,
  comparison_type,
  field_value,
  block,
  tenant: 1,
  entity_type: 'Lead',
  sync_type: 'or',
}));

beforeEach(async () => {
  // Acme filters its leads only: every opportunity syncs.
  backend.store.transact((draft) => {
    draft.filters = [...draft.filters.filter((filter) => filter.tenant !== 1), ...LEAD_FILTERS];
  });
  await backend.signIn(DANA);
});

/** What the sandbox counts for one of Acme's entities. */
async function count(entity: 'Lead' | 'Opportunity'): Promise<{ matching: number; total: number }> {
  const dana = await backend.as(DANA);
  const path = `/api/v1/salesforce/data-mappings/sync-settings/count/?entity_type=${entity}`;
  return (await dana.get(path)).body;
}

function renderCard(canEdit: boolean) {
  const rootRoute = createRootRoute({ component: () => <SyncFiltersCard canEdit={canEdit} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return renderWithClient(<RouterProvider router={router} />);
}

describe('SyncFiltersCard', () => {
  it('reads each OR block of AND conditions, and says when an entity has none', async () => {
    renderCard(true);
    const card = await screen.findByRole('region', { name: 'Sync Filters' });
    expect(await screen.findByText('Open')).toBeInTheDocument();
    expect(card).toHaveTextContent('status Equal To Open AND leadAge Greater than 5');
    expect(card).toHaveTextContent('OR createdDate Lesser Than 2026-12-31');
    expect(await screen.findByText(NO_FILTERS_TEXT)).toBeInTheDocument();
    expect(NO_FILTERS_TEXT).toBe('You have no filters currently set.');
    expect(screen.getByRole('link', { name: 'Edit in Sync Settings' })).toHaveAttribute(
      'href',
      '/values-mapper',
    );
  });

  it('says how many leads and opportunities the filters let through', async () => {
    const leads = await count('Lead');
    const opportunities = await count('Opportunity');
    // Without filters, every opportunity syncs; the lead filters hold some leads back.
    expect(opportunities.matching).toBe(opportunities.total);
    expect(leads.matching).toBeLessThan(leads.total);
    renderCard(false);
    expect(
      await screen.findByText(
        `${leads.matching} of ${leads.total} leads would sync with these filters`,
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        `${opportunities.matching} of ${opportunities.total} opportunities would sync with these filters`,
      ),
    ).toBeInTheDocument();
  });

  it('keeps the filters when the count fails, with a way to ask again', async () => {
    backend.fail(
      'countSyncFilterMatches',
      { status: 500, body: { detail: 'Server error' } },
      { times: Infinity },
    );
    renderCard(false);
    expect(await screen.findByText('Open')).toBeInTheDocument();
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
