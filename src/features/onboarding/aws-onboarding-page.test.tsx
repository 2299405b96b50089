import { Classes } from '@blueprintjs/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

spyOnToasts();

wholeAppTestSettings();

const backend = setupSandboxBackend();

/** The registrations the app sent: path, body and whether it carried a session. */
const sent = () =>
  backend.callsTo('registerAwsPurchase').map(({ path, body, headers }) => ({
    path,
    body,
    auth: headers.get('Authorization'),
  }));

/** Two clicks with no render between them, as a fast double click can come in a browser. */
function doubleClick(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

async function fillForm(values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await userEvent.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  }
}

const VALID = {
  'Contact Person': 'Dana Whitfield',
  Email: 'dana.whitfield@acme-cloud.com',
  'Contact Phone': '+1 206 555 0142',
  'Company Name': 'Acme Cloud Solutions',
};

describe('/aws-onboarding: the public AWS registration form, its checks and its reply', () => {
  it('shows the form, the thank-you note, and no message before a field is touched', async () => {
    renderApp('/aws-onboarding');
    expect(
      await screen.findByRole('heading', { name: 'AWS Marketplace Registration' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/licence keys/)).toBeInTheDocument();
    for (const label of Object.keys(VALID)) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(screen.queryByText('Required Field')).not.toBeInTheDocument();
    // A field left empty says so; the others wait until they are left or Register is clicked.
    await userEvent.click(screen.getByLabelText(/^Contact Person/));
    await userEvent.click(screen.getByLabelText(/^Email/));
    expect(await screen.findAllByText('Required Field')).toHaveLength(1);
  });

  it('on Register marks every field and sends nothing while invalid', async () => {
    renderApp('/aws-onboarding');
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('Required Field')).toHaveLength(4);
    await fillForm({ ...VALID, Email: 'dana@' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
    expect(screen.queryByText('Required Field')).not.toBeInTheDocument();
    expect(sent()).toEqual([]);
  });

  it('registers once without a session, busy while it is under way; toasts and goes home', async () => {
    const gate = backend.hold('registerAwsPurchase');
    const { router } = renderApp('/aws-onboarding');
    const register = await screen.findByRole('button', { name: 'Register' });
    await fillForm(VALID);
    doubleClick(register);
    await waitFor(() => expect(gate.waiting).toBe(1));
    expect(register).toHaveClass(Classes.LOADING);
    await userEvent.click(register);
    gate.open();
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Successfully send register request.'),
    );
    expect(sent()).toEqual([
      {
        path: '/api/v1/auth/aws/marketplace/fulfill/register-purchase',
        auth: null,
        body: {
          contact_person: 'Dana Whitfield',
          email: 'dana.whitfield@acme-cloud.com',
          contact_phone: '+1 206 555 0142',
          company_name: 'Acme Cloud Solutions',
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/aws-onboarding'));
    expect(backend.store.state.awsRegistrations).toEqual([
      expect.objectContaining({ email: 'dana.whitfield@acme-cloud.com' }),
    ]);
  });

  it('shows the server’s field errors under their fields, and stays', async () => {
    const { router } = renderApp('/aws-onboarding');
    await screen.findByRole('button', { name: 'Register' });
    // The form asks only for some text; the server checks it is a phone number.
    await fillForm({ ...VALID, 'Contact Phone': 'call me' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter a valid phone number.')).toBeVisible();
    expect(screen.getByLabelText(/^Contact Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/aws-onboarding');
  });
});
