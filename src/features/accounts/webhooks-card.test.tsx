import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import type { WebhookRow } from '@tests/sandbox/store/state';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

spyOnToasts();

wholeAppTestSettings();
const backend = setupSandboxBackend();

const writes = () => backend.writes().map(({ method, path, body }) => ({ method, path, body }));
const hooksTable = () => screen.findByRole('table', { name: 'Webhooks' });

/** A webhook of Acme, put in the store as the API would have made it. */
function seedHook(change: Partial<WebhookRow> = {}): WebhookRow {
  const row: WebhookRow = {
    id: 1,
    tenantId: 1,
    url: 'https://hooks.example.com/acme',
    events: ['sync_failures', 'new_cause'],
    secret: 'whsec_seeded-secret-never-shown-in-a-list',
    status: 'active',
    paused_reason: null,
    failed_in_a_row: 0,
    created_at: '2026-11-28T09:00:00Z',
    ...change,
  };
  backend.store.transact((draft) => {
    draft.webhooks.push(row);
    draft.sequences.webhooks = row.id;
  });
  return row;
}

describe('Company Settings: Webhooks', () => {
  it('adds a webhook and shows its secret once, with Copy, then lists it without the secret', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts');
    expect(await within(await hooksTable()).findByText('No webhooks yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    const url = within(dialog).getByLabelText(/^URL/);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.example.com/acme');
    await userEvent.click(within(dialog).getByLabelText('A new cause of sync errors appears'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    const secret = backend.store.state.webhooks[0]!.secret;
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(secret);
    expect(within(shown).getByText('Copy it now: it will not be shown again.')).toBeVisible();
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeEnabled();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/v1/webhooks/',
        body: { url: 'https://hooks.example.com/acme', events: ['sync_failures', 'new_cause'] },
      },
    ]);
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const table = await hooksTable();
    const row = (await within(table).findByText('https://hooks.example.com/acme')).closest('tr')!;
    expect(within(row).getByText('Sync failures, New causes')).toBeVisible();
    expect(within(row).getByText('Active')).toBeVisible();
    expect(within(row).getByText('None yet')).toBeVisible();
    expect(document.body.textContent).not.toContain(secret);
  });

  it('shows a refused URL under the field, without a toast, and keeps the dialog as typed', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    const url = within(dialog).getByLabelText(/^URL/);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://192.168.1.10/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(dialog).findByText(
        'This address is inside a private network; a webhook cannot reach it.',
      ),
    ).toBeVisible();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveValue('https://192.168.1.10/hook');
    expect(toasts.danger).not.toHaveBeenCalled();
    // No event chosen: said at once, nothing sent.
    await userEvent.click(within(dialog).getByLabelText(/^A sync run has failed records/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Choose at least one event.')).toBeVisible();
    expect(writes()).toHaveLength(1);
  });

  it('checks the URL against the contract’s bounds and sends nothing out of them', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    const url = within(dialog).getByLabelText(/^URL/);
    const add = within(dialog).getByRole('button', { name: 'Add webhook' });
    await userEvent.clear(url);
    await userEvent.type(url, '   ');
    await userEvent.click(add);
    expect(await within(dialog).findByText('This field is required.')).toBeVisible();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toEqual([]);
    await userEvent.clear(url);
    await userEvent.click(url);
    await userEvent.paste(`https://hooks.example.com/${'a'.repeat(2048)}`);
    expect(
      await within(dialog).findByText('Ensure this field has no more than 2048 characters.'),
    ).toBeVisible();
    await userEvent.click(add);
    expect(writes()).toEqual([]);
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('shows a paused webhook as Paused, with why, and Resume makes it Active', async () => {
    seedHook({
      status: 'paused',
      failed_in_a_row: 5,
      paused_reason:
        'Paused after 5 failed deliveries in a row (the last: The receiver answered 503.).',
    });
    await backend.signIn(DANA);
    renderApp('/accounts');
    const table = await hooksTable();
    expect(await within(table).findByText('Paused')).toBeVisible();
    expect(within(table).getByText(/^Paused after 5 failed deliveries/)).toBeVisible();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Resume: https://hooks.example.com/acme' }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Webhook resumed.'));
    expect(writes()).toEqual([
      { method: 'PATCH', path: '/api/v1/webhooks/1/', body: { status: 'active' } },
    ]);
    expect(await within(table).findByText('Active')).toBeVisible();
    expect(within(table).queryByRole('button', { name: /^Resume/ })).not.toBeInTheDocument();
  });

  it('asks before a new secret, then shows it once; asks before deleting', async () => {
    const seeded = seedHook();
    await backend.signIn(DANA);
    renderApp('/accounts');
    const table = await hooksTable();
    await userEvent.click(
      await within(table).findByRole('button', {
        name: 'Rotate secret: https://hooks.example.com/acme',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Make a new signing secret?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Make a new secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    const rotated = backend.store.state.webhooks[0]!.secret;
    expect(rotated).not.toBe(seeded.secret);
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(rotated);
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(
      within(table).getByRole('button', { name: 'Delete: https://hooks.example.com/acme' }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Webhook deleted.'));
    expect(await within(table).findByText('No webhooks yet.')).toBeVisible();
    expect(writes().map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/v1/webhooks/1/rotate-secret/',
      'DELETE /api/v1/webhooks/1/',
    ]);
  });

  it('sends a test and says how it went; the delivery log shows status, code and time', async () => {
    seedHook();
    backend.fail('sendWebhookTest', {
      status: 200,
      body: {
        id: 7,
        event_id: 'evt_0123456789abcdef',
        type: 'test',
        status: 'failed',
        attempts: 1,
        response_code: 500,
        error: 'The receiver answered 500.',
        created_at: '2026-11-28T09:05:00Z',
        last_attempt_at: '2026-11-28T09:05:00Z',
        next_attempt_at: null,
        payload: {
          id: 'evt_0123456789abcdef',
          type: 'test',
          created: '2026-11-28T09:05:00Z',
          tenant: { id: 1, name: 'Acme Cloud' },
          text: 'AceBridge test event: this webhook works.',
          data: {},
        },
      },
    });
    backend.store.transact((draft) => {
      draft.webhookDeliveries.push({
        id: 3,
        webhookId: 1,
        tenantId: 1,
        event_id: 'evt_fedcba9876543210',
        type: 'sync_failures',
        status: 'retrying',
        attempts: 2,
        response_code: 503,
        error: 'The receiver answered 503.',
        created_at: '2026-11-28T08:58:00Z',
        last_attempt_at: '2026-11-28T08:59:00Z',
        next_attempt_at: '2026-11-28T09:04:00Z',
        body: JSON.stringify({
          id: 'evt_fedcba9876543210',
          type: 'sync_failures',
          created: '2026-11-28T08:58:00Z',
          tenant: { id: 1, name: 'Acme Cloud' },
          text: 'AceBridge: 18 records failed in sync run #42',
          data: {},
        }),
      });
    });
    await backend.signIn(DANA);
    renderApp('/accounts');
    const table = await hooksTable();
    await userEvent.click(
      await within(table).findByRole('button', {
        name: 'Send test: https://hooks.example.com/acme',
      }),
    );
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith('Test failed: The receiver answered 500.'),
    );

    await userEvent.click(
      within(table).getByRole('button', { name: 'Delivery log: https://hooks.example.com/acme' }),
    );
    const log = await screen.findByRole('dialog', {
      name: 'Delivery log: https://hooks.example.com/acme',
    });
    const deliveries = await within(log).findByRole('table', { name: 'Deliveries' });
    const row = (await within(deliveries).findByText('Sync failures')).closest('tr')!;
    expect(within(row).getByText('Retrying')).toBeVisible();
    expect(within(row).getByText('503')).toBeVisible();
    expect(within(row).getByText('2')).toBeVisible();
    expect(within(row).getByText(/2026/)).toBeVisible();
  });

  it('is not shown to a user', async () => {
    await backend.signIn(MARCUS);
    renderApp('/accounts');
    expect(await screen.findByRole('heading', { name: 'Company Settings' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(backend.callsTo('listWebhooks')).toEqual([]);
  });
});
