import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderApp, wholeAppTestSettings } from '../../../tests/render-app';
import { DEMO_PASSWORD } from '../../../tests/sandbox/seed/seed';
import { DANA, MARCUS, setupSandboxBackend } from '../../../tests/sandbox-backend';
import { toast as toasts } from '../../../tests/toaster-spies';

vi.mock('@/lib/toaster', () => import('../../../tests/toaster-spies'));

wholeAppTestSettings();

const backend = setupSandboxBackend();

/** The paths of the API calls the app made. */
const calls = () => backend.calls.map((call) => call.path);

/** The message of a 429, with the seconds the sandbox's Retry-After gave (a minute's limit). */
const TOO_MANY = /^Too many attempts\. Try again in \d+ s\.$/;
/** The same past 90 s, in whole minutes (an hour's limit). */
const TOO_MANY_FOR_LONG = /^Too many attempts\. Try again in \d+ min\.$/;

/** Calls the sandbox `count` times (not through the app): its throttles count them. */
async function beforehand(count: number, path: string, body: object): Promise<void> {
  for (let index = 0; index < count; index += 1)
    await backend.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
}

describe('login', () => {
  it('an e-mail of only spaces is missing: the field is invalid and nothing is sent', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), '   ');
    await user.type(screen.getByLabelText(/^Password/), 'Sup3r-Secret!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls()).toEqual([]);
  });

  it('the e-mail and password stop at the contract’s bounds (254 and 128 characters)', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText(/^Email/)).toHaveAttribute('maxlength', '254');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('maxlength', '128');
  });

  it('a refused login marks both fields invalid, without a toast', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'dana.whitfield@acme-cloud.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls()).toEqual(['/api/v1/auth/login/']);
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('too many attempts show the wait, and keep what was typed, even the right password', async () => {
    // Five failures within the minute: the sandbox refuses the account's next attempt with a 429.
    await beforehand(5, '/api/v1/auth/login/', { email: DANA, password: 'wrong' });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), DANA);
    await user.type(screen.getByLabelText(/^Password/), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(screen.getByLabelText(/^Email/)).toHaveValue(DANA);
    expect(screen.getByLabelText(/^Password/)).toHaveValue(DEMO_PASSWORD);
    // No verdict on what was typed: the fields are not marked.
    expect(screen.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls()).toEqual(['/api/v1/auth/login/']);
  });
});

describe('request reset', () => {
  it('is named the same in the tab and in its heading', async () => {
    renderApp('/request-reset-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Reset your password · AceBridge'));
  });

  it('an e-mail of only spaces says the e-mail is required, and nothing is sent', async () => {
    renderApp('/request-reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Email Field is required')).toBeVisible();
    expect(calls()).toEqual([]);
  });

  it('shows the server’s reply under the form, not as a toast', async () => {
    renderApp('/request-reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), ' Marcus.Oyelaran@acme-cloud.com ');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Password reset e-mail has been sent.')).toBeVisible();
    expect(calls()).toEqual(['/api/v1/auth/password/reset/']);
    expect(backend.store.state.outbox.at(-1)?.to).toBe(MARCUS);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('too many requests for an address show the wait under the form and keep the address', async () => {
    await beforehand(3, '/api/v1/auth/password/reset/', { email: MARCUS });
    renderApp('/request-reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), MARCUS);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_FOR_LONG);
    expect(screen.getByLabelText(/^Email/)).toHaveValue(MARCUS);
    expect(toasts.danger).not.toHaveBeenCalled();
  });
});
