import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { connectionStore } from '@/api/session';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { ACME, DEMO_LICENCE_KEYS } from '@tests/sandbox/seed/seed';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

import { acmeAtStep } from './testing/acme-at-step';

spyOnToasts();

const backend = setupSandboxBackend();
wholeAppTestSettings();
// Each test is a fresh tab: the wizard's draft of an earlier test's set-up is not resumed.
beforeEach(() => sessionStorage.clear());

const titled = (title: string) =>
  waitFor(() => expect(document.title).toBe(`${title} · AceBridge`));

describe('/new-connection', () => {
  it('sends a signed-in user who is not an admin to the dashboard', async () => {
    // Set-up is unfinished, so the wizard itself would stay; the dashboard's own guard then
    // sends the user on to the incomplete-setup notice.
    acmeAtStep(backend, 3);
    await backend.signIn(MARCUS);
    const { router } = renderApp('/new-connection');
    await waitFor(() => expect(router.state.location.pathname).toBe('/incomplete-setup'));
    expect(router.state.location.search).toEqual({ returnUrl: '/dashboard' });
  });

  it('lets a visitor start the wizard', async () => {
    const { router } = renderApp('/new-connection');
    expect(await screen.findByRole('heading', { name: 'Step 1' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/new-connection');
    expect(backend.calls).toEqual([]);
  });

  it('is titled by the step it shows, and Previous restores the title', async () => {
    const user = userEvent.setup();
    renderApp('/new-connection');
    await titled('Step 1 · Account Authorization');
    await user.type(await screen.findByLabelText(/Licence Key/), DEMO_LICENCE_KEYS[0] ?? '');
    await user.click(screen.getByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 2' })).toBeVisible();
    await titled('Step 2 · Account Details');
    await user.click(await screen.findByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 1' })).toBeVisible();
    await titled('Step 1 · Account Authorization');
  });

  it('resumes at step 5, titled so; Finish needs a mapped mandatory field, then opens the dashboard', async () => {
    acmeAtStep(backend, 5);
    await backend.signIn(DANA);
    connectionStore.setProductKey(ACME.key);
    const user = userEvent.setup();
    const { router } = renderApp('/new-connection');
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 5' })).toBeVisible();
    await titled('Step 5 · Connection Settings');
    // The real mapper: nothing of Acme's is mapped any more.
    expect(await screen.findByText('0/3 Required Fields of leads Matched')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith('At least one required field needs to be mapped'),
    );
    expect(router.state.location.pathname).toBe('/new-connection');

    // One mandatory lead field, mapped as a user does: the count follows, and Finish goes on.
    await user.click(screen.getByRole('combobox', { name: 'Salesforce Fields for status' }));
    await user.keyboard('Status');
    await user.click(await screen.findByRole('option', { name: /^Status ?Lead Status$/ }));
    await waitFor(() => expect(backend.callsTo('createDataMapping')).toHaveLength(1));
    expect(await screen.findByText('1/3 Required Fields of leads Matched')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    // The others are still unmapped: Finish names them and asks first.
    const unmapped = await screen.findByRole('dialog', {
      name: /^Finish with \d+ required fields unmapped\?$/,
    });
    expect(unmapped).toHaveTextContent(
      /^.*2 required fields of leads and \d+ required fields of opportunities have no Salesforce field yet: records that need them fail to sync until they are mapped\. You can map them later in Sync Settings\./,
    );
    await user.click(within(unmapped).getByRole('button', { name: 'Keep mapping' }));
    expect(router.state.location.pathname).toBe('/new-connection');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Finish anyway' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
