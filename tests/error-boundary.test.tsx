import { createRoute } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Route as rootRoute } from '@/routes/__root';

import { renderApp } from './render-app';
import { setupSandboxBackend } from './sandbox-backend';

// These screens ask the backend nothing today; should one start to, it gets the sandbox, and a
// call the contract lacks fails the test.
setupSandboxBackend();

let shouldThrow = true;
function Exploding(): never | string {
  if (shouldThrow) throw new Error('The widget fell over');
  return 'Recovered';
}

// A route that fails to render, hung under the real root route.
rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/explode', component: Exploding }),
]);

describe('error boundary', () => {
  it('shows a friendly page with a way home instead of a blank screen, and can retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/explode');
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
