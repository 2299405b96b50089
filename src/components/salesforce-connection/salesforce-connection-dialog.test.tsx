import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SalesforceConnectionDialog } from './salesforce-connection-dialog';
import { toast as toasts } from '../../../tests/toaster-spies';

vi.mock('@/lib/toaster', () => import('../../../tests/toaster-spies'));

interface Sent {
  url: string;
  body: unknown;
}

function backend(status: number, reply: unknown) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(reply), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

function renderDialog() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SalesforceConnectionDialog isOpen onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

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
    const sent = backend(200, {});
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Salesforce Username is required')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('sends a custom key, toasts the server message and closes', async () => {
    const sent = backend(200, { message: 'Salesforce connection updated successfully.' });
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Salesforce Username/), 'sf@acme-cloud.com');
    await user.click(screen.getByRole('radio', { name: 'Use a custom consumer key' }));
    await user.type(screen.getByLabelText(/Custom Consumer Key/), '3MVG9n');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        url: '/api/v1/tenants/update-sf/',
        body: {
          username: 'sf@acme-cloud.com',
          consumer_key: '3MVG9n',
          is_salesforce_managed_package: false,
        },
      },
    ]);
    expect(toasts.success).toHaveBeenCalledWith('Salesforce connection updated successfully.');
  });

  it('says "Updated successfully" when the server gives no message', async () => {
    backend(200, {});
    const { onClose } = renderDialog();
    await userEvent.type(screen.getByLabelText(/Salesforce Username/), 'sf@acme-cloud.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts.success).toHaveBeenCalledWith('Updated successfully');
  });

  it('shows the server’s consumer key error under the field and stays open', async () => {
    backend(400, { consumer_key: ['invalid_client_id: client identifier invalid'] });
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
    const sent = backend(200, {});
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
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      username: 'sf@acme-cloud.com',
      consumer_key: null,
      is_salesforce_managed_package: true,
    });
  });
});
