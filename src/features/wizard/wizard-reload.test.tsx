import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { connectionStore } from '@/api/session';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { ACME, DEMO_LICENCE_KEYS } from '@tests/sandbox/seed/seed';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts } from '@tests/toaster-spies';

import { acmeAtStep } from './testing/acme-at-step';

spyOnToasts();

const backend = setupSandboxBackend();
wholeAppTestSettings();
// Each test is a fresh tab; within a test, what the tab keeps (its sessionStorage) is kept.
beforeEach(() => sessionStorage.clear());

/** A licence key the sandbox sold and nobody has spent yet. */
const KEY = DEMO_LICENCE_KEYS[0] ?? '';
const PASSWORD = 'Sup3r-Secret!';

/**
 * A reload of the tab: the page goes, and the app starts again at the same address with what the
 * tab keeps (local and session storage) and nothing else (a new query client, new React state).
 */
function reload(view: ReturnType<typeof renderApp>) {
  const path = view.router.state.location.pathname;
  view.unmount();
  return renderApp(path);
}

/** Every text the tab's storage holds, keys and values. */
const stored = () =>
  [localStorage, sessionStorage]
    .flatMap((area) => Object.keys(area).map((key) => `${key}=${area.getItem(key) ?? ''}`))
    .join('\n');

const field = (label: RegExp) => screen.getByLabelText(label);

describe('the wizard across a reload', () => {
  it('keeps what was typed at step 2, never the password, and sends it', async () => {
    const user = userEvent.setup();
    const view = renderApp('/new-connection');
    await user.type(await screen.findByLabelText(/Licence Key/), KEY);
    await user.click(screen.getByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 2' })).toBeVisible();
    await user.type(await screen.findByLabelText(/Company Name/), 'Initech Cloud');
    await user.selectOptions(field(/AWS Partner Status/), 'Premier');
    await user.type(field(/Industry/), 'Software');
    await user.type(field(/Company Email/), 'info@initech.example');
    await user.type(field(/Admin Name/), 'Peter Gibbons');
    await user.type(field(/Admin Email/), 'peter@initech.example');
    await user.type(field(/Admin Password/), PASSWORD);
    await user.click(screen.getByRole('checkbox'));

    reload(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 2' })).toBeVisible();
    expect(await screen.findByLabelText(/Company Name/)).toHaveValue('Initech Cloud');
    expect(field(/AWS Partner Status/)).toHaveDisplayValue('Premier');
    expect(field(/Industry/)).toHaveValue('Software');
    expect(field(/Company Email/)).toHaveValue('info@initech.example');
    expect(field(/Admin Name/)).toHaveValue('Peter Gibbons');
    expect(field(/Admin Email/)).toHaveValue('peter@initech.example');
    expect(screen.getByRole('checkbox')).toBeChecked();
    // The password is typed again: the tab never kept it.
    expect(field(/Admin Password/)).toHaveValue('');
    expect(stored()).not.toContain(PASSWORD);

    await user.type(field(/Admin Password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(backend.callsTo('createTenant')).toHaveLength(1));
    expect(backend.callsTo('createTenant')[0]?.body).toEqual({
      key: KEY,
      company: {
        company_name: 'Initech Cloud',
        aws_partner_status: 'premier',
        industry: 'Software',
        email: 'info@initech.example',
        is_term_and_conditions_accepted: true,
      },
      admin: {
        first_name: 'Peter',
        last_name: 'Gibbons',
        email: 'peter@initech.example',
        password: PASSWORD,
      },
    });
    // The company exists: what was typed for it is no longer kept.
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 3' })).toBeVisible();
    expect(stored()).not.toContain('Initech Cloud');
  });

  it('comes back at step 5 with Finish, though the server counts set-up complete, until Finish', async () => {
    const mappings = acmeAtStep(backend, 5);
    await backend.signIn(DANA);
    connectionStore.setProductKey(ACME.key);
    let view = renderApp('/new-connection');
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 5' })).toBeVisible();
    // The admin maps fields (a stand-in for the mapper): from the first mandatory one, the
    // server says "All steps are completed".
    backend.store.transact((draft) => void draft.mappings.push(...mappings));

    view = reload(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 5' })).toBeVisible();
    const finish = await screen.findByRole('button', { name: 'Finish' });
    expect(view.router.state.location.pathname).toBe('/new-connection');

    // Acme's seed leaves required fields unmapped: Finish names them, and the admin goes on.
    await userEvent.click(finish);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Finish anyway' }),
    );
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));

    // Finished: the wizard is the dashboard's from now on.
    view.unmount();
    view = renderApp('/new-connection');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
  });

  it('comes back where Previous took the admin of a complete set-up, with what was typed', async () => {
    const mappings = acmeAtStep(backend, 5);
    await backend.signIn(DANA);
    let view = renderApp('/new-connection');
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 5' })).toBeVisible();
    backend.store.transact((draft) => void draft.mappings.push(...mappings));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 4' })).toBeVisible();
    await userEvent.type(await screen.findByLabelText(/AWS Account Id/), '123456789012');

    view = reload(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 4' })).toBeVisible();
    expect(await screen.findByLabelText(/AWS Account Id/)).toHaveValue('123456789012');
    expect(view.router.state.location.pathname).toBe('/new-connection');
  });
});

describe('wizard step 5’s connection line', () => {
  it('shows CONNECTING in neutral colours, then the verdict by itself, and stops asking', async () => {
    acmeAtStep(backend, 5);
    // The server's first check of the connection is still running when the step asks; the next
    // answer (the sandbox's own) has the verdict.
    backend.fail('checkConnection', {
      status: 200,
      body: { salesforce_connection: 'connecting', aws_connection: 'connecting' },
    });
    await backend.signIn(DANA);
    renderApp('/new-connection');
    await waitFor(() => expect(backend.callsTo('checkConnection')).toHaveLength(1));
    const connecting = await screen.findByText('CONNECTING');
    expect(connecting.className).not.toMatch(/stateBad/);
    // Nobody reloads: the line asks again while connecting, and stops once it has its verdict.
    const ok = await screen.findByText('OK');
    expect(ok.className).toMatch(/stateOk/);
    const asked = backend.callsTo('checkConnection').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(backend.callsTo('checkConnection')).toHaveLength(asked);
  });
});
