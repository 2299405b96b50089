import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionStore, session } from '@/api/session';
import { EnvironmentSwitch } from './environment-switch';
import type { EnvironmentSwitchDestination } from './use-environment-switch';

// The contract's super_admin access token: its payload carries tenant_id 1.
const ACCESS =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE3NjcyMjU2MDAsImp0aSI6IjBjNjg2MjZjM2EyMzU4NzRmNGEwNTZhNGE2Y2MyMjA1IiwidXNlcl9pZCI6MSwidGVuYW50X2lkIjoxfQ.hCAgAqGRvsCy-RCW-6QlgJtQBx88IgIRZ0FwUVRG6EI';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function fakeBackend(fail = false) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply =
        method === 'PATCH'
          ? { id: 1, is_production_enabled: true, subdomain_prefix: 'acme' }
          : { current_step: null, message: 'All steps are completed' };
      return new Response(JSON.stringify(fail ? { error: 'Nope' } : reply), {
        status: fail ? 400 : 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

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
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('EnvironmentSwitch', () => {
  beforeEach(() => {
    session.start({ user: { id: 1, role: 'super_admin' }, access: ACCESS, refresh: 'r' });
    connectionStore.setProductKey('ACEB-7Q2M-K9XD-41PF');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks before switching Beta to Prod, and does nothing on Cancel', async () => {
    const calls = fakeBackend();
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
    expect(calls).toEqual([]);
  });

  it('on Confirm patches the tenant, asks the step again with the stored key, then goes on', async () => {
    const calls = fakeBackend();
    const router = renderSwitch('/new-connection');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Prod' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-connection'));
    expect(calls).toEqual([
      { method: 'PATCH', url: '/api/v1/tenants/1/', body: { is_production_enabled: true } },
      {
        method: 'POST',
        url: '/api/v1/connection-step-status/',
        body: { key: 'ACEB-7Q2M-K9XD-41PF' },
      },
    ]);
  });

  it('from the wizard switches Production back to Beta and goes to the dashboard', async () => {
    const calls = fakeBackend();
    const router = renderSwitch('/dashboard', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Beta' }));
    expect(
      await screen.findByRole('dialog', { name: 'Are you sure you want to switch to Beta?' }),
    ).toHaveTextContent('data mappings of Production.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0]).toMatchObject({ body: { is_production_enabled: false } });
  });

  it('stays put with the dialog open when the switch fails', async () => {
    const calls = fakeBackend(true);
    const router = renderSwitch('/new-connection');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Prod' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
