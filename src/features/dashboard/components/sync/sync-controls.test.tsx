import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { connectionStore } from '@/api/session';
import { toast } from '@/lib/toaster';
import { renderWithClient } from '@tests/render-with-client';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

import { FULL_SYNC_WINDOW_MS, isWithinFullSyncWindow } from '../../model/sync-window';
import { SyncControls } from './sync-controls';
import { SYNC_TEXT } from './use-sync-starter';

const backend = setupSandboxBackend();
const syncCalls = () => backend.callsTo('startSync');

function renderControls() {
  renderWithClient(<SyncControls />);
}

const syncButton = () => screen.getByRole('button', { name: /^(Sync|Syncing\.\.\.)$/ });

describe('the full-sync window', () => {
  it('holds for 15 seconds after a full sync starts', () => {
    expect(isWithinFullSyncWindow(null, 1_000)).toBe(false);
    expect(isWithinFullSyncWindow(1_000, 1_000)).toBe(true);
    expect(isWithinFullSyncWindow(1_000, 1_000 + FULL_SYNC_WINDOW_MS - 1)).toBe(true);
    expect(isWithinFullSyncWindow(1_000, 1_000 + FULL_SYNC_WINDOW_MS)).toBe(false);
  });
});

describe('SyncControls', () => {
  let toasts: {
    success: ReturnType<typeof vi.spyOn>;
    warning: ReturnType<typeof vi.spyOn>;
    danger: ReturnType<typeof vi.spyOn>;
  };

  beforeEach(async () => {
    await backend.signIn(DANA);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
    connectionStore.setTenantSubdomain('acme');
    toasts = {
      success: vi.spyOn(toast, 'success').mockResolvedValue('t'),
      warning: vi.spyOn(toast, 'warning').mockResolvedValue('t'),
      danger: vi.spyOn(toast, 'danger').mockResolvedValue('t'),
    };
  });
  afterEach(async () => {
    vi.useRealTimers();
    await backend.syncsIdle();
  });

  it("reads 'Syncing...' and is disabled while the request runs, then says it started", async () => {
    const request = backend.hold('startSync');
    // The contract's other reply: an empty body, for which the app has its own text.
    backend.fail('startSync', { status: 200, body: {} });
    renderControls();
    await userEvent.click(syncButton());
    expect(await screen.findByRole('button', { name: 'Syncing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More sync options' })).toBeDisabled();
    request.release();
    await waitFor(() => expect(syncButton()).toHaveTextContent(/^Sync$/));
    expect(syncButton()).toBeEnabled();
    expect(toasts.success).toHaveBeenCalledWith('Sync started successfully in the background');
    const [call] = syncCalls();
    expect(call?.body).toEqual({ tenant_sub_domain: 'acme' });
    expect(call?.search.toString()).toBe('');
  });

  it('warns instead of syncing for 15 seconds after a full sync started', async () => {
    renderControls();
    await userEvent.click(syncButton());
    // The reply's message is what the toast shows.
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(
        'Sync started. Results will appear on the dashboard when it finishes.',
      ),
    );

    // The buttons are held while the run lasts (the sandbox's ends at once), then the window holds.
    await waitFor(() => expect(syncButton()).toBeEnabled());
    vi.setSystemTime(new Date('2026-03-02T10:00:14Z'));
    await userEvent.click(syncButton());
    expect(toasts.warning).toHaveBeenCalledWith(
      'System is processing the syncing process, try again later',
    );
    // The one-way syncs wait too.
    await userEvent.click(screen.getByRole('button', { name: 'More sync options' }));
    await userEvent.click(await screen.findByText('Sync from AWS to Salesforce'));
    // (the run's own outcome warns too: some seeded records fail)
    expect(
      toasts.warning.mock.calls.filter(([text]: unknown[]) => text === SYNC_TEXT.busy),
    ).toHaveLength(2);
    expect(syncCalls()).toHaveLength(1);

    vi.setSystemTime(new Date('2026-03-02T10:00:15Z'));
    await userEvent.click(syncButton());
    await waitFor(() => expect(syncCalls()).toHaveLength(2));
  });

  it.each([
    ['Sync from Salesforce to AWS', 'sync_data_from_salesforce_to_aws'],
    ['Sync from AWS to Salesforce', 'sync_data_from_aws_to_salesforce'],
  ])('%s sends sync_type=%s and does not hold the buttons', async (item, syncType) => {
    renderControls();
    await userEvent.click(screen.getByRole('button', { name: 'More sync options' }));
    await userEvent.click(await screen.findByText(item));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(1));
    expect(syncCalls()[0]?.search.get('sync_type')).toBe(syncType);
    // Held while the run lasts (the sandbox's ends at once), but not for 15 seconds.
    await waitFor(() => expect(syncButton()).toBeEnabled());
    await userEvent.click(syncButton());
    await waitFor(() => expect(syncCalls()).toHaveLength(2));
    expect(toasts.warning).not.toHaveBeenCalledWith(SYNC_TEXT.busy);
  });

  it('opens the one-way syncs under the dropdown button, and closes them', async () => {
    const user = userEvent.setup();
    renderControls();
    const dropdown = screen.getByRole('button', { name: 'More sync options' });
    expect(dropdown).toHaveAttribute('aria-haspopup', 'menu');
    expect(dropdown).toHaveAttribute('aria-expanded', 'false');
    // The menu's code loads on the way (see SyncControls): the items come, the button stays.
    await user.click(dropdown);
    expect(await screen.findByText('Sync from Salesforce to AWS')).toBeInTheDocument();
    expect(dropdown).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'More sync options' })).toBe(dropdown);
    await user.click(dropdown);
    expect(dropdown).toHaveAttribute('aria-expanded', 'false');
    await user.click(dropdown);
    expect(dropdown).toHaveAttribute('aria-expanded', 'true');
    // Escape, once the menu has the focus, closes it and gives the focus back to the button.
    await waitFor(() => expect(dropdown).not.toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dropdown).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(dropdown).toHaveFocus());
    expect(syncCalls()).toHaveLength(0);
  });

  it('a failure says why, and clears the flag and the window', async () => {
    backend.fail('startSync', {
      status: 400,
      body: { message: 'A sync is already in progress for this tenant. Try again later.' },
    });
    renderControls();
    await userEvent.click(syncButton());
    await waitFor(() => expect(syncCalls()).toHaveLength(1));
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith(
        'A sync is already in progress for this tenant. Try again later.',
      ),
    );
    await waitFor(() => expect(syncButton()).toHaveTextContent(/^Sync$/));
    await userEvent.click(syncButton());
    await waitFor(() => expect(syncCalls()).toHaveLength(2));
    expect(toasts.warning).not.toHaveBeenCalledWith(SYNC_TEXT.busy);
  });

  it('says the tenant is unknown, and sends nothing, without a stored subdomain', async () => {
    connectionStore.setTenantSubdomain(null);
    renderControls();
    await userEvent.click(syncButton());
    expect(toasts.danger).toHaveBeenCalledWith('Could not find the tenant details');
    // Only the newest run was asked, as on every visit.
    expect(backend.calls.map((call) => call.operationId)).toEqual(['listSyncRuns']);
  });
});
