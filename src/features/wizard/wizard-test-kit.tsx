import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { FooterVisibilityContext } from '@/components/layout/shell-footer';
import { WizardPage } from './wizard-page';

// The contract's super_admin access token: its payload carries user_id 1 and tenant_id 1.
export const ACCESS =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE3NjcyMjU2MDAsImp0aSI6IjBjNjg2MjZjM2EyMzU4NzRmNGEwNTZhNGE2Y2MyMjA1IiwidXNlcl9pZCI6MSwidGVuYW50X2lkIjoxfQ.hCAgAqGRvsCy-RCW-6QlgJtQBx88IgIRZ0FwUVRG6EI';
export const KEY = 'ACEB-7Q2M-K9XD-41PF';
export const ADMIN = {
  id: 1,
  email: 'dana.whitfield@acme-cloud.com',
  role: 'super_admin' as const,
};

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Reply = [status: number, body: unknown];
export type Routes = Record<string, Reply | ((call: Call) => Reply)>;

const DEFAULTS: Routes = {
  'POST /api/v1/auth/key/verify': (call) =>
    (call.body as { key?: string }).key === KEY
      ? [200, { message: 'Product key verified successfully.' }]
      : [400, { error: 'Invalid product key.' }],
  'POST /api/v1/auth/logout/': [200, {}],
  'POST /api/v1/tenant-subdomain/': [200, { subdomain_prefix: 'acme' }],
  'POST /api/v1/connection-step-status/': [200, { current_step: 3, message: null }],
  'POST /api/v1/tenants/': [
    201,
    {
      message: 'Company and admin account created successfully.',
      id: 1,
      subdomain_prefix: 'acme',
      tenant_admin: { user: ADMIN, access: ACCESS, refresh: 'refresh-token' },
    },
  ],
  'GET /api/v1/tenants/1/': [
    200,
    {
      id: 1,
      subdomain_prefix: 'acme',
      aws_partner_status: 'advance',
      is_production_enabled: false,
    },
  ],
  'GET /api/v1/tenants/check-connection/': [
    200,
    { salesforce_connection: 'ok', aws_connection: 'ok' },
  ],
  'GET /api/v1/salesforce/data-mappings/count/': [
    200,
    {
      aws_mandatory_lead: 3,
      mapped_aws_mandatory_lead: 0,
      aws_mandatory_opportunity: 18,
      mapped_aws_mandatory_opportunity: 0,
    },
  ],
};

/** A fake backend answering by method and path; every call is recorded. */
export function fakeBackend(overrides: Routes = {}) {
  const routes = { ...DEFAULTS, ...overrides };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.split('?')[0] ?? url;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
      const call = { method, path, body };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      const [status, reply] = typeof route === 'function' ? route(call) : (route ?? [404, {}]);
      return new Response(JSON.stringify(reply), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The wizard at /new-connection in a small route tree, with a stand-in for the mapper. */
export function renderWizard() {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = (path: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{path}</h1> });
  const wizard = createRoute({
    getParentRoute: () => rootRoute,
    path: '/new-connection',
    component: () => <WizardPage mapper={<p>Field mapper</p>} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([wizard, page('/dashboard'), page('/login'), page('/logout')]),
    history: createMemoryHistory({ initialEntries: ['/new-connection'] }),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const footer = { hidden: false };
  const view = render(
    <FooterVisibilityContext.Provider value={(hidden) => (footer.hidden = hidden)}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </FooterVisibilityContext.Provider>,
  );
  return { ...view, router, footer };
}
