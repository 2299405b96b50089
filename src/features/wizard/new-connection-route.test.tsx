import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../../../tests/render-app';
import { MARCUS, setupSandboxBackend } from '../../../tests/sandbox-backend';
import { acmeAtStep } from './testing/acme-at-step';

const backend = setupSandboxBackend();

describe('/new-connection', () => {
  it('sends a signed-in user who is not an admin to the dashboard', async () => {
    // Set-up is unfinished, so the wizard itself would stay; the dashboard's own guard then
    // sends the user on to the incomplete-setup notice.
    acmeAtStep(backend, 3);
    await backend.signIn(MARCUS);
    const { router } = renderApp('/new-connection');
    await waitFor(() => expect(router.state.location.pathname).toBe('/incomplete-setup'));
    expect(router.state.location.search).toEqual({ returnUrl: '/dashboard' });
  });

  it('lets a visitor start the wizard', async () => {
    const { router } = renderApp('/new-connection');
    expect(await screen.findByRole('heading', { name: 'Step 1' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/new-connection');
    expect(backend.calls).toEqual([]);
  });
});
