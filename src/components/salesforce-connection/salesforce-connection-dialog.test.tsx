import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithClient } from '@tests/render-with-client';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

import { SalesforceConnectionDialog } from './salesforce-connection-dialog';

spyOnToasts();

const backend = setupSandboxBackend();

/** What the app sent: path and body. */
const sent = () => backend.calls.map(({ path, body }) => ({ path, body }));

/** A connected-app consumer key of the shape Salesforce gives (the contract's example). */
const CONSUMER_KEY = '3MVG9n_HvETGhr3AuTzR7xPqB1Wd8tLs5yKe2GhNo0pLqRsTuVwXyZaBcDeFgHiJkLmNoPq';

function renderDialog() {
  const onClose = vi.fn();
  renderWithClient(<SalesforceConnectionDialog isOpen onClose={onClose} />);
  return { onClose };
}

// Acme's super_admin updates the company's Salesforce connection.
beforeEach(async () => {
  vi.clearAllMocks();
  await backend.signIn(DANA);
});

describe('SalesforceConnectionDialog', () => {
  it('is titled, has Update and Cancel and no environment or wizard buttons', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Update your Salesforce Account' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Update' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect(screen.queryByRole('radiogroup', { name: 'Environment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('requires the username before sending anything', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Salesforce Username is required')).toBeVisible();
    expect(backend.calls).toEqual([]);
  });

  it('sends a custom key, toasts the server message and closes', async () => {
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Salesforce Username/), 'sf@acme-cloud.com');
    await user.click(screen.getByRole('radio', { name: 'Use a custom consumer key' }));
    // Pasted: a real key is some 70 characters long.
    await user.click(screen.getByLabelText(/Custom Consumer Key/));
    await user.paste(CONSUMER_KEY);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual([
      {
        path: '/api/v1/tenants/update-sf/',
        body: {
          username: 'sf@acme-cloud.com',
          consumer_key: CONSUMER_KEY,
          is_salesforce_managed_package: false,
        },
      },
    ]);
    expect(toasts.success).toHaveBeenCalledWith('Salesforce connection updated successfully.');
  });

  it('says "Updated successfully" when the server gives no message', async () => {
    // The contract requires a message but not that it says something.
    backend.fail('updateSalesforceConnection', { status: 200, body: { message: '' } });
    const { onClose } = renderDialog();
    await userEvent.type(screen.getByLabelText(/Salesforce Username/), 'sf@acme-cloud.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts.success).toHaveBeenCalledWith('Updated successfully');
  });

  it('shows the server’s consumer key error under the field and stays open', async () => {
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Salesforce Username/), 'sf@acme-cloud.com');
    await user.click(screen.getByRole('radio', { name: 'Use a custom consumer key' }));
    await user.type(screen.getByLabelText(/Custom Consumer Key/), 'bad');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('invalid_client_id: client identifier invalid')).toBeVisible();
    expect(screen.getByLabelText(/Custom Consumer Key/)).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('choosing the default key again hides and clears the custom key', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Salesforce Username/), 'sf@acme-cloud.com');
    await user.click(screen.getByRole('radio', { name: 'Use a custom consumer key' }));
    await user.type(screen.getByLabelText(/Custom Consumer Key/), 'typed');
    await user.click(screen.getByRole('radio', { name: "Use the managed package's default key" }));
    expect(screen.queryByLabelText(/Custom Consumer Key/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Use a custom consumer key' }));
    expect(screen.getByLabelText(/Custom Consumer Key/)).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: "Use the managed package's default key" }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(backend.calls).toHaveLength(1));
    expect(backend.calls[0]?.body).toEqual({
      username: 'sf@acme-cloud.com',
      consumer_key: null,
      is_salesforce_managed_package: true,
    });
  });
});
