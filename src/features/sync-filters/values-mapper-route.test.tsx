import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session, type Role } from '@/api/session';
import { renderApp } from '../../../tests/render-app';
import { ATTRIBUTES_PATH, fakeSyncBackend } from './test-backend';

const signIn = (role: Role) =>
  session.start({ user: { id: 1, email: 'dana@acme.test', role }, access: 'a', refresh: 'r' });

// The first render of the real route tree loads (and transforms) every lazy route chunk.
const FIRST_LOAD = { timeout: 10_000 };

afterEach(() => vi.unstubAllGlobals());

describe('/values-mapper', () => {
  it.each<Role>(['user', 'admin'])(
    'sends a signed-in %s to /login with returnUrl',
    async (role) => {
      fakeSyncBackend();
      signIn(role);
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
    'shows Sync Settings to a super_admin, with the tab kept in the URL',
    { timeout: 20_000 },
    async () => {
      const backend = fakeSyncBackend();
      signIn('super_admin');
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
      const attributeTypes = backend.calls
        .filter(
          (call) => call.path === ATTRIBUTES_PATH && call.search.has('from_sync_setting_page'),
        )
        .map((call) => call.search.get('type'));
      expect(new Set(attributeTypes)).toEqual(new Set(['Opportunity']));

      await userEvent.setup().click(filters.getByRole('tab', { name: 'Leads' }));
      await waitFor(() => expect(router.state.location.search).toEqual({}));
      await screen.findByText('There are no filters set, so all Leads will sync.');
    },
  );

  it('puts the pencil that edits the Salesforce account beside the embedded mapper', async () => {
    fakeSyncBackend();
    signIn('super_admin');
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
});
