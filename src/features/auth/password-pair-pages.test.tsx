import { Classes } from '@blueprintjs/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { replyExample, type Schemas } from '@tests/sandbox/contract';
import { writeInvitation, writePasswordReset } from '@tests/sandbox/domain/outbox';
import { setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

spyOnToasts();

wholeAppTestSettings();

const backend = setupSandboxBackend();

const TOMAS = 4; // invited, not yet active
const MARCUS = 2;

/** The one-time link the sandbox mails: an invitation or a password reset of a seeded user. */
function mailedLink(kind: 'invite' | 'reset', userId: number): string {
  return backend.store.transact((draft) => {
    const user = draft.users.find((row) => row.id === userId)!;
    const write = kind === 'invite' ? writeInvitation : writePasswordReset;
    return write(draft, user, new Date()).link;
  });
}

type AppRouter = ReturnType<typeof renderApp>['router'];

/** Waits until the app has settled on `pathname`: no navigation under way. */
async function landsOn(router: AppRouter, pathname: string): Promise<void> {
  await waitFor(
    () => {
      expect(router.state.status).toBe('idle');
      expect(router.state.resolvedLocation?.pathname).toBe(pathname);
    },
    { timeout: 10_000 },
  );
}

const field = (label: 'New Password' | 'Confirm Password') =>
  screen.getByLabelText(new RegExp(`^${label}`));

async function fillPair(fresh: string, confirm: string) {
  await userEvent.type(field('New Password'), fresh);
  await userEvent.type(field('Confirm Password'), confirm);
}

/** Two clicks with no render between them, as a fast double click can come in a browser. */
function doubleClick(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

/** Double-clicks Save: busy until the held reply goes, and one call sent. */
async function saveOnceWhileBusy(gate: ReturnType<typeof backend.hold>) {
  const save = screen.getByRole('button', { name: 'Save' });
  doubleClick(save);
  await waitFor(() => expect(gate.waiting).toBe(1));
  expect(save).toHaveClass(Classes.LOADING);
  await userEvent.click(save);
  gate.open();
}

describe('invitation (/register/:uid/:token)', () => {
  it('greets, asks for both passwords once touched, enables Save only for a matching pair, sends once and goes to login', async () => {
    const link = mailedLink('invite', TOMAS);
    const { router } = renderApp(link.replace(/\?.*$/, '?name=Tomas'));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Account' })).toBeVisible();
    expect(screen.getByText(/Hello Tomas/)).toBeVisible();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    // Touched and left empty: each field says it is required.
    await userEvent.click(field('New Password'));
    await userEvent.click(field('Confirm Password'));
    await userEvent.click(field('New Password'));
    expect(screen.getByText('New password field is required.')).toBeVisible();
    expect(screen.getByText('Confirm password field is required.')).toBeVisible();

    await fillPair('Welc0me-Tomas!', 'Welc0me-Tomas');
    await userEvent.tab();
    expect(screen.getByText('New password and Confirm password should match.')).toBeVisible();
    expect(save).toBeDisabled();
    await userEvent.type(field('Confirm Password'), '!');
    expect(save).toBeEnabled();

    await saveOnceWhileBusy(backend.hold('verifyInvite'));
    await landsOn(router, '/login');
    expect(backend.callsTo('verifyInvite')).toHaveLength(1);
    const tomas = backend.store.state.users.find((user) => user.id === TOMAS)!;
    expect(tomas.is_active).toBe(true);
    // The login has the new account's address filled in: only the password is left to type.
    expect(await screen.findByLabelText(/^Email/)).toHaveValue(tomas.email);
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('takes the red toast of a refused attempt away once a later one succeeds', async () => {
    const link = mailedLink('invite', TOMAS);
    const { router } = renderApp(link.replace(/\?.*$/, '?name=Tomas'));
    await screen.findByRole('heading', { level: 1, name: 'New Account' });
    backend.fail('verifyInvite', { status: 400, body: { error: 'Try again.' } });
    toasts.danger.mockResolvedValueOnce('refused-toast');
    await fillPair('Welc0me-Tomas!', 'Welc0me-Tomas!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith('Try again.'));
    expect(toasts.dismiss).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await landsOn(router, '/login');
    expect(toasts.dismiss).toHaveBeenCalledWith('refused-toast');
  });

  it('shows a refused password under its field, without a toast, and keeps what was typed until it is edited', async () => {
    const refusal = replyExample<Schemas['BadRequestError']>(
      '/api/v1/tenants/invite-users/verify/',
      'post',
      '400',
      'passwordMismatch',
    );
    backend.fail('verifyInvite', { status: 400, body: refusal });
    const link = mailedLink('invite', TOMAS);
    renderApp(link.replace(/\?.*$/, '?name=Tomas'));
    await screen.findByRole('heading', { level: 1, name: 'New Account' });
    await fillPair('Welc0me-Tomas!', 'Welc0me-Tomas!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'Password and confirm password do not match.';
    expect(await screen.findByText(message)).toBeVisible();
    expect(field('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Confirm Password')).toHaveAccessibleDescription(message);
    expect(field('New Password')).not.toHaveAttribute('aria-invalid');
    expect(toasts.danger).not.toHaveBeenCalled();
    expect(field('New Password')).toHaveValue('Welc0me-Tomas!');
    expect(field('Confirm Password')).toHaveValue('Welc0me-Tomas!');
    // Editing the other field leaves the message; editing its own takes it away.
    await userEvent.type(field('New Password'), '1');
    expect(screen.getByText(message)).toBeVisible();
    await userEvent.type(field('Confirm Password'), '1');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('shows an expired invitation as a toast and stays', async () => {
    const { router } = renderApp('/register/NA/c3v9aa-1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e?name=Tomas');
    await screen.findByRole('heading', { level: 1, name: 'New Account' });
    await fillPair('Welc0me-Tomas!', 'Welc0me-Tomas!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith('The invitation link is invalid or has expired.'),
    );
    expect(router.state.location.pathname).toMatch(/^\/register\//);
  });
});

describe('password reset (/password/reset/:uid/:token)', () => {
  it('sends the new password once while busy, shows the server’s message, then goes to login', async () => {
    const { router } = renderApp(mailedLink('reset', MARCUS));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await fillPair('N3w-Passw0rd!', 'N3w-Passw0rd!');
    await saveOnceWhileBusy(backend.hold('confirmPasswordReset'));
    expect(await screen.findByText('Password has been reset with the new password.')).toBeVisible();
    await landsOn(router, '/login');
    expect(backend.callsTo('confirmPasswordReset')).toHaveLength(1);
  });

  it('names the field of a refusal, and typing clears the message', async () => {
    backend.fail('confirmPasswordReset', {
      status: 400,
      body: replyExample<Schemas['BadRequestError']>(
        '/api/v1/auth/password/reset/confirm/',
        'post',
        '400',
        'passwordMismatch',
      ),
    });
    renderApp(mailedLink('reset', MARCUS));
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    await fillPair('N3w-Passw0rd!', 'N3w-Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'Confirm password field must match the new password.';
    expect(await screen.findByText(message)).toBeVisible();
    await userEvent.type(field('New Password'), 'x');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});
