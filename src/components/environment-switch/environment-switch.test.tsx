import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { connectionStore } from '@/api/session';
import { renderWithClient } from '@tests/render-with-client';
import { ACME } from '@tests/sandbox/seed/seed';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

import { EnvironmentSwitch } from './environment-switch';
import type { EnvironmentSwitchDestination } from './use-environment-switch';

const backend = setupSandboxBackend();

/** What the app sent: method, path and body. */
const sent = () => backend.calls.map(({ method, path, body }) => ({ method, path, body }));

function renderSwitch(destination: EnvironmentSwitchDestination, isProductionEnabled = false) {
  const rootRoute = createRootRoute({ component: Outlet });
  const routes = ['/', '/dashboard', '/new-connection'].map((path) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      component: () => (
        <>
          <h1>{path}</h1>
          <EnvironmentSwitch isProductionEnabled={isProductionEnabled} destination={destination} />
        </>
      ),
    }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

describe('EnvironmentSwitch', () => {
  beforeEach(async () => {
    await backend.signIn(DANA);
    connectionStore.setProductKey(ACME.key);
  });

  it('asks before switching Beta to Prod, and does nothing on Cancel', async () => {
    renderSwitch('/new-connection');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Prod' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to switch to Prod?',
    });
    expect(dialog).toHaveTextContent(
      'The process is irreversible. This will delete all the sync logs, dashboard error logs, Salesforce custom attributes data mappings of Beta. Do you wish to continue?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls).toEqual([]);
  });

  it('on Confirm patches the tenant, asks the step again with the stored key, then goes on', async () => {
    const router = renderSwitch('/new-connection');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Prod' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-connection'));
    expect(sent()).toEqual([
      { method: 'PATCH', path: '/api/v1/tenants/1/', body: { is_production_enabled: true } },
      { method: 'POST', path: '/api/v1/connection-step-status/', body: { key: ACME.key } },
    ]);
    expect(backend.store.state.tenants.find((tenant) => tenant.id === ACME.id)).toMatchObject({
      is_production_enabled: true,
    });
  });

  it('from the wizard switches Production back to Beta and goes to the dashboard', async () => {
    backend.store.transact((draft) => {
      const acme = draft.tenants.find((tenant) => tenant.id === ACME.id);
      if (acme) acme.is_production_enabled = true;
    });
    const router = renderSwitch('/dashboard', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Beta' }));
    expect(
      await screen.findByRole('dialog', { name: 'Are you sure you want to switch to Beta?' }),
    ).toHaveTextContent('data mappings of Production.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(backend.calls[0]).toMatchObject({ body: { is_production_enabled: false } });
  });

  it('stays put with the dialog open when the switch fails', async () => {
    backend.fail('updateTenant', { status: 400, body: { error: 'Nope' } });
    const router = renderSwitch('/new-connection');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Prod' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(backend.calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
