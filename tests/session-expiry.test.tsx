import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { SESSION_KEYS } from '@/api/session';
import { followSessionEnd } from '@/app/session-end';

import { renderApp, wholeAppTestSettings } from './render-app';
import { DANA, setupSandboxBackend } from './sandbox-backend';
import { spyOnToasts, toasts } from './toaster-spies';

spyOnToasts();

// The journeys of the scenario presets "session expired" and "session ended (refresh refused)":
// the dashboard's set-up check is refused once with the contract's 401 (an expired access token).

wholeAppTestSettings();
const backend = setupSandboxBackend();

const TOKEN_INVALID = {
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
};

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

/** The app at `path`, reacting to a lost session as the App component does. */
function openApp(path: string) {
  const app = renderApp(path);
  stop = followSessionEnd(app.queryClient, app.router);
  return app;
}

describe('an access token refused on the dashboard', () => {
  it('is refreshed once and the user stays, with the new token stored', async () => {
    const { access: before } = await backend.signIn(DANA);
    backend.fail('getConnectionStepStatus', { status: 401, body: TOKEN_INVALID });
    const { router } = openApp('/dashboard');
    await waitFor(() => expect(backend.callsTo('refreshToken')).toHaveLength(1));
    await waitFor(() => {
      expect(router.state.status).toBe('idle');
      expect(router.state.resolvedLocation?.pathname).toBe('/dashboard');
    });
    // The retried check carried the refreshed token, the one now stored.
    const [, retried] = backend.callsTo('getConnectionStepStatus');
    const stored = localStorage.getItem(SESSION_KEYS.access);
    expect(stored).not.toBe(before);
    expect(retried?.headers.get('Authorization')).toBe(`Bearer ${stored}`);
    expect(backend.callsTo('refreshToken')).toHaveLength(1);
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('whose refresh is refused too ends the session on the login screen', async () => {
    await backend.signIn(DANA);
    backend.fail('getConnectionStepStatus', { status: 401, body: TOKEN_INVALID });
    backend.fail('refreshToken', {
      status: 401,
      body: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
    });
    const { router } = openApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'User Login' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(SESSION_KEYS.access)).toBeNull();
  });
});
