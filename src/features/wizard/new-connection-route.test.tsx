import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/api/session';
import { renderApp } from '../../../tests/render-app';
import { ACCESS, ADMIN, fakeBackend } from './wizard-test-kit';

afterEach(() => vi.unstubAllGlobals());

describe('/new-connection', () => {
  it('sends a signed-in user who is not an admin to the dashboard', async () => {
    // Set-up is unfinished, so the wizard itself would stay; the dashboard's own guard then
    // sends the user on to the incomplete-setup notice.
    fakeBackend();
    session.start({ user: { ...ADMIN, role: 'user' }, access: ACCESS, refresh: 'r' });
    const { router } = renderApp('/new-connection');
    await waitFor(() => expect(router.state.location.pathname).toBe('/incomplete-setup'));
    expect(router.state.location.search).toEqual({ returnUrl: '/dashboard' });
  });

  it('lets a visitor start the wizard', async () => {
    fakeBackend();
    const { router } = renderApp('/new-connection');
    expect(await screen.findByRole('heading', { name: 'Step 1' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/new-connection');
  });
});
