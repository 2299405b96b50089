import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Role } from '@/api/session';
import { renderApp } from '@tests/render-app';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';

const backend = setupSandboxBackend();
/** A seeded Acme user of each role. */
const ACME_USER: Record<Role, string> = {
  super_admin: DANA,
  user: MARCUS,
  admin: 'priya.raman@acme-cloud.com',
};
const signIn = (role: Role) => backend.signIn(ACME_USER[role]);
/** Acme without sync filters: everything syncs. */
const withoutFilters = () =>
  backend.store.transact((draft) => {
    draft.filters = [];
  });

// The first render of the real route tree loads (and transforms) every lazy route chunk.
const FIRST_LOAD = { timeout: 10_000 };

describe('/values-mapper', () => {
  it.each<Role>(['user', 'admin'])(
    'sends a signed-in %s to /login with returnUrl',
    async (role) => {
      await signIn(role);
      const { router } = renderApp('/values-mapper');
      const visited: string[] = [];
      router.subscribe('onBeforeNavigate', (event) => visited.push(event.toLocation.href));
      // /login itself sends a signed-in visitor on to the dashboard.
      await waitFor(
        () => expect(visited).toContain('/login?returnUrl=%2Fvalues-mapper'),
        FIRST_LOAD,
      );
      expect(screen.queryByRole('heading', { name: 'Sync Settings' })).not.toBeInTheDocument();
    },
    15_000,
  );

  it(
    'shows the values mapper to a super_admin, with the tab kept in the URL',
    { timeout: 20_000 },
    async () => {
      withoutFilters();
      await signIn('super_admin');
      const { router } = renderApp('/values-mapper?tab=opportunities');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sync Settings' }, FIRST_LOAD),
      ).toBeVisible();
      // The mapping editor beside the filters has tabs of its own.
      const filters = within(screen.getByRole('region', { name: 'Sync Settings' }));
      expect(filters.getByRole('tab', { name: 'Opportunities' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await screen.findByText('There are no filters set, so all Opportunities will sync.');
      const attributeTypes = backend
        .callsTo('listAwsAttributes')
        .filter((call) => call.search.has('from_sync_setting_page'))
        .map((call) => call.search.get('type'));
      expect(new Set(attributeTypes)).toEqual(new Set(['Opportunity']));

      await userEvent.setup().click(filters.getByRole('tab', { name: 'Leads' }));
      await waitFor(() => expect(router.state.location.search).toEqual({}));
      await screen.findByText('There are no filters set, so all Leads will sync.');
    },
  );

  it('puts the pencil that edits the Salesforce account beside the embedded mapper', async () => {
    await signIn('super_admin');
    renderApp('/values-mapper');
    const pencil = await screen.findByRole(
      'button',
      { name: 'Update your Salesforce Account' },
      FIRST_LOAD,
    );
    await userEvent.setup().click(pencil);
    expect(
      await screen.findByRole('dialog', { name: 'Update your Salesforce Account' }),
    ).toBeVisible();
  });

  it(
    'opens the field mapper at an ACE field of the URL: its tab and page, the row highlighted and focused',
    { timeout: 20_000 },
    async () => {
      await signIn('super_admin');
      // An opportunity field beyond the first page of 20 rows (the read-only ones come last).
      const opportunityFields = backend.store.state.attributes.filter(
        (attribute) =>
          attribute.is_aws_ace &&
          attribute.type === 'Opportunity' &&
          attribute.permission_type !== 'Read Only' &&
          !/^(partnerCrmUniqueIdentifier|apnCrmUniqueIdentifier|partnerCrmLeadId)$/.test(
            attribute.name,
          ),
      );
      const field = opportunityFields[20]!;
      const { router } = renderApp(`/values-mapper?field=${field.id}`);
      const mapper = within(
        await screen.findByRole('region', { name: 'Field mapping' }, FIRST_LOAD),
      );
      await waitFor(
        () =>
          expect(mapper.getByRole('tab', { name: 'Opportunities' })).toHaveAttribute(
            'aria-selected',
            'true',
          ),
        FIRST_LOAD,
      );
      const row = await waitFor(() => {
        const found = document.getElementById(`mapper-row-${field.id}`);
        expect(found).not.toBeNull();
        return found!;
      }, FIRST_LOAD);
      expect(within(row).getByText(field.name)).toBeInTheDocument();
      expect(row.className).toMatch(/highlight/);
      await waitFor(() => expect(row).toContainElement(document.activeElement as HTMLElement));
      expect(
        mapper
          .getByRole('navigation', { name: 'Opportunities pages' })
          .querySelector('[aria-current="page"]'),
      ).toHaveTextContent('2');
      // The field stays in the URL: a reload opens the mapper at it again.
      expect(router.state.location.search).toEqual({ field: field.id });
    },
  );
});
