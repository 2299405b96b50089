import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { RouterContext } from '@/app/router';
import { Route as appRoot } from '@/routes/__root';

import { renderWithClient } from './render-with-client';
import { setupSandboxBackend } from './sandbox-backend';
import { createTestQueryClient } from './test-query-client';

// These screens ask the backend nothing today; should one start to, it gets the sandbox, and a
// call the contract lacks fails the test.
setupSandboxBackend();

let shouldThrow = true;
function Exploding(): never | string {
  if (shouldThrow) throw new Error('The widget fell over');
  return 'Recovered';
}

/**
 * A route that fails to render, under a root route with the app's own components (its shell, its
 * error page). A copy, never the app's root itself: a root given other children would lose the
 * app's screens for every test file after this one in the worker.
 */
function renderExploding() {
  const { component, errorComponent, notFoundComponent } = appRoot.options;
  const root = createRootRouteWithContext<RouterContext>()({
    component,
    errorComponent,
    notFoundComponent,
  });
  const queryClient = createTestQueryClient();
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/explode', component: Exploding }),
    ]),
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: ['/explode'] }),
  });
  return renderWithClient(<RouterProvider router={router} />, { client: queryClient });
}

describe('error boundary', () => {
  it('shows a friendly page with a way home instead of a blank screen, and can retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderExploding();
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    expect(screen.getByText('The widget fell over')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // The shell stays: brand and footer are still there.
    expect(screen.getByRole('link', { name: 'AceBridge home' })).toBeInTheDocument();

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Recovered')).toBeInTheDocument();
  });
});
