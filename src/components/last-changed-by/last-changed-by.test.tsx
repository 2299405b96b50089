import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@tests/render-app';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

const backend = setupSandboxBackend();

// The first render of the real route tree loads (and transforms) every lazy route chunk.
const FIRST_LOAD = { timeout: 10_000 };

describe('"Last changed by" on Sync Settings', () => {
  it(
    'names who last changed the sync filters and the mappings, linking to those events',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      const dana = await backend.as(DANA);
      await dana.post('/api/v1/salesforce/data-mappings/sync-settings/', {
        attribute_id: 44,
        comparison_type: 'lesser_than',
        field_value: '900',
        entity_type: 'Opportunity',
        block: 3,
      });
      await backend.signIn(DANA);
      const { router } = renderApp('/values-mapper');
      const filters = await screen.findByRole('region', { name: 'Sync Settings' }, FIRST_LOAD);
      const filtersLink = await within(filters).findByRole('link', {
        name: 'Last changed by Dana Whitfield, just now',
      });
      expect(filtersLink).toHaveAttribute('href', '/activity?area=sync_filter');

      // The mapper's own: the newest mapping event of the seed.
      const mapper = screen.getByRole('region', { name: 'Field mapping' });
      const newestMapping = backend.store.state.activity.findLast(
        (row) => row.tenantId === 1 && row.area === 'mapping',
      )!;
      const mappingLink = await within(mapper).findByRole('link', {
        name: new RegExp(`^Last changed by ${newestMapping.actor!.name}, `),
      });
      expect(mappingLink).toHaveAttribute('href', '/activity?area=mapping');
      // One event asked for, per area.
      expect(backend.callsTo('listActivity').map((call) => call.search.get('page-size'))).toEqual([
        '1',
        '1',
      ]);

      await user.click(filtersLink);
      await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
      expect(router.state.location.search).toEqual({ area: 'sync_filter' });
    },
  );
});
