import { Classes } from '@blueprintjs/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { session } from '@/api/session';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { replyExample, type Schemas } from '@tests/sandbox/contract';
import { MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

spyOnToasts();

wholeAppTestSettings();
const backend = setupSandboxBackend();
const writes = () => backend.writes().map(({ method, path, body }) => ({ method, path, body }));

const CHANGE_PATH = '/api/v1/auth/password/change/';

/** Two clicks with no render between them, as a fast double click can come in a browser. */
function doubleClick(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

async function openMyAccount() {
  await backend.signIn(MARCUS);
  renderApp('/accounts');
  await screen.findByRole('heading', { name: 'Change Password' });
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
  const fill = async (current: string, fresh: string, confirm: string) => {
    for (const [label, value] of [
      ['Current Password', current],
      ['New Password', fresh],
      ['Confirm Password', confirm],
    ] as const) {
      await userEvent.clear(field(label));
      if (value) await userEvent.type(field(label), value);
    }
  };
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  return { field, fill, submit };
}

describe('password change on My Account', () => {
  it('asks for all three passwords before sending anything', async () => {
    const { fill, submit } = await openMyAccount();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await fill('Sup3r-Secret!', 'Even-M0re-Secret!', '');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'New password, old password and confirm password are mandatory.',
    );
    expect(writes()).toEqual([]);
  });

  it('asks for matching new and confirm passwords', async () => {
    const { fill, submit } = await openMyAccount();
    await fill('Sup3r-Secret!', 'Even-M0re-Secret!', 'Even-M0re-Secret?');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'New password and confirm password should match.',
    );
    expect(writes()).toEqual([]);
  });

  it('sends the change, shows the server’s message and clears the form', async () => {
    const { field, fill, submit } = await openMyAccount();
    await fill('Sup3r-Secret!', 'Even-M0re-Secret!', 'Even-M0re-Secret!');
    await submit();
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Password updated successfully.'),
    );
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: CHANGE_PATH,
        body: {
          old_password: 'Sup3r-Secret!',
          new_password: 'Even-M0re-Secret!',
          confirm_password: 'Even-M0re-Secret!',
        },
      },
    ]);
    expect(field('Current Password')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps this session going with the fresh tokens of the reply; another sign-in of the user ends', async () => {
    const elsewhere = await backend.as(MARCUS);
    const { fill, submit } = await openMyAccount();
    const before = { access: session.getAccessToken(), refresh: session.getRefreshToken() };
    await fill('Sup3r-Secret!', 'Even-M0re-Secret!', 'Even-M0re-Secret!');
    await submit();
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Password updated successfully.'),
    );
    const after = { access: session.getAccessToken(), refresh: session.getRefreshToken() };
    expect(after.access).not.toBe(before.access);
    expect(after.refresh).not.toBe(before.refresh);
    expect((await elsewhere.get('/api/v1/users/')).status).toBe(401);
    // The stored tokens are the session's current ones: they refresh, and the new access works.
    const refreshed = await backend.app.request('/api/v1/auth/token/refresh/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: after.refresh }),
    });
    expect(refreshed.status).toBe(200);
    const users = await backend.app.request('/api/v1/users/', {
      headers: { authorization: `Bearer ${after.access}` },
    });
    expect(users.status).toBe(200);
  });

  it('shows a refused current password under its field until it is edited', async () => {
    // The sandbox checks the current password: 'wrong' is not Marcus's.
    const { field, fill, submit } = await openMyAccount();
    await fill('wrong', 'Even-M0re-Secret!', 'Even-M0re-Secret!');
    await submit();
    expect(
      await screen.findByText('Your old password was entered incorrectly. Please enter it again.'),
    ).toBeVisible();
    expect(field('Current Password')).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.danger).not.toHaveBeenCalled();
    await userEvent.type(field('Current Password'), 'x');
    expect(
      screen.queryByText('Your old password was entered incorrectly. Please enter it again.'),
    ).not.toBeInTheDocument();
  });

  it('is busy while the change is under way, and a double click sends it once', async () => {
    const gate = backend.hold('changePassword');
    const { fill } = await openMyAccount();
    await fill('Sup3r-Secret!', 'Even-M0re-Secret!', 'Even-M0re-Secret!');
    const change = screen.getByRole('button', { name: 'Change Password' });
    doubleClick(change);
    await waitFor(() => expect(gate.waiting).toBe(1));
    expect(change).toHaveClass(Classes.LOADING);
    await userEvent.click(change);
    gate.open();
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Password updated successfully.'),
    );
    expect(backend.callsTo('changePassword')).toHaveLength(1);
  });

  it('shows the server’s mismatch under the confirmation', async () => {
    backend.fail('changePassword', {
      status: 400,
      body: replyExample<Schemas['BadRequestError']>(CHANGE_PATH, 'post', '400', 'mismatch'),
    });
    const { field, fill, submit } = await openMyAccount();
    await fill('Sup3r-Secret!', 'Even-M0re-Secret!', 'Even-M0re-Secret!');
    await submit();
    expect(
      await screen.findByText('New password and confirm password should match.'),
    ).toBeVisible();
    expect(field('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Current Password')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
