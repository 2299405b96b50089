import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { connectionStore } from '@/api/session';
import { ACME } from '@tests/sandbox/seed/seed';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

import { acmeAtStep } from './testing/acme-at-step';
import { renderWizard } from './testing/render-wizard';

spyOnToasts();

const backend = setupSandboxBackend();
beforeEach(() => {
  vi.clearAllMocks();
  // Each test is a fresh tab: the wizard's draft of an earlier test's set-up is not resumed.
  sessionStorage.clear();
});

/** What the app sent: method, path and body. */
const sent = () => backend.calls.map(({ method, path, body }) => ({ method, path, body }));

/** Resuming where the set-up stands, and leaving it at step 5. */
describe('wizard recovery on load', () => {
  it('asks a signed-in admin’s step and tenant subdomain, and resumes there', async () => {
    acmeAtStep(backend, 4);
    await backend.signIn(DANA);
    connectionStore.setProductKey(ACME.key);
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 4' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Connecting...' })).toBeVisible();
    expect(sent()).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/v1/connection-step-status/', body: { key: ACME.key } },
        { method: 'POST', path: '/api/v1/tenant-subdomain/', body: { email: DANA } },
      ]),
    );
    expect(connectionStore.getTenantSubdomain()).toBe(ACME.subdomain);
  });

  it('a null step means step 5, with the mapper (which shows the status line and counts)', async () => {
    // The sandbox always names the step; the contract allows a null one without a message.
    acmeAtStep(backend, 5);
    backend.fail('getConnectionStepStatus', { status: 200, body: { current_step: null } });
    await backend.signIn(DANA);
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 5' })).toBeVisible();
    expect(await screen.findByText('Field mapper')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
  });

  it('a reply with a message hands over to the dashboard', async () => {
    // The seeded Acme has finished its set-up: the sandbox says "All steps are completed".
    await backend.signIn(DANA);
    const { router } = renderWizard();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a stored key without a signed-in user resumes at step 2 without asking', async () => {
    connectionStore.setProductKey(ACME.key);
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 2' })).toBeVisible();
    expect(backend.calls).toEqual([]);
  });

  it('a failed recovery just ends loading, at step 1', async () => {
    backend.fail('getConnectionStepStatus', { status: 500, body: {} });
    await backend.signIn(DANA);
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 1' })).toBeVisible();
    expect(toasts.danger).not.toHaveBeenCalled();
  });
});

describe('wizard step 5', () => {
  it('Finish with no mandatory field mapped warns and stays', async () => {
    acmeAtStep(backend, 5);
    await backend.signIn(DANA);
    const { router } = renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith('At least one required field needs to be mapped'),
    );
    expect(router.state.location.pathname).toBe('/new-connection');
  });

  it('Finish with every required field mapped goes to the dashboard without asking', async () => {
    const mappings = acmeAtStep(backend, 5);
    await backend.signIn(DANA);
    const { router } = renderWizard();
    const finish = await screen.findByRole('button', { name: 'Finish' });
    // The admin maps the fields in the mapper (a stand-in here): the sandbox holds them again,
    // and what Acme leaves unmapped is not required here.
    backend.store.transact((draft) => {
      draft.mappings.push(...mappings);
      const mapped = new Set(draft.mappings.map((mapping) => mapping.aws_ace_attribute));
      for (const attribute of draft.attributes)
        if (!mapped.has(attribute.id)) attribute.is_mandatory = false;
    });
    await userEvent.click(finish);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Previous goes back to step 4', async () => {
    acmeAtStep(backend, 5);
    await backend.signIn(DANA);
    renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Step 4' })).toBeVisible();
  });
});
