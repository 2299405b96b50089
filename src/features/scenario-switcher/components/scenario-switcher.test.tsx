import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiFetch, setRequestHeadersDecorator } from '@/api/http';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

import { CATALOGUE } from '../model/catalogue';
import { createPreferDecorator } from '../model/prefer-decorator';
import { PRESETS } from '../model/presets';
import { createScenarioStore, SCENARIOS_STORAGE_KEY } from '../model/scenario-store';
import { ScenarioSwitcher } from './scenario-switcher';

const backend = setupSandboxBackend();

/**
 * The Prefer header of every request the app sent. Only Prism answers by that header; the sandbox
 * backend ignores it, which is all this test needs: it asserts what the app sends, which the
 * backend records, not what comes back.
 */
const sentPrefer = () => backend.calls.map((call) => call.headers.get('Prefer'));

/** A request through the app's transport; its answer (often a refusal of `{}`) is not the point. */
const send = (url: string, init?: RequestInit) => apiFetch(url, init).catch(() => undefined);

/** The switcher as mount.tsx wires it: a store from local storage, the transport decorated. */
function renderSwitcher() {
  const store = createScenarioStore();
  setRequestHeadersDecorator(createPreferDecorator(CATALOGUE, store));
  const view = render(<ScenarioSwitcher catalogue={CATALOGUE} presets={PRESETS} store={store} />);
  return { ...view, user: userEvent.setup({ delay: null }) };
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText(/^Mock scenarios \(/, { selector: 'button' }));
  return screen.findByRole('region', { name: 'Mock scenarios' });
}

const select = (operationId: string) => screen.getByLabelText(new RegExp(`\\(${operationId}\\)`));
// The flask button is the first child of the switcher's own root (the panel is in a portal).
const badge = (count: number) =>
  screen.getByLabelText(`Mock scenarios (${count} active)`, { selector: 'button' });

// The panel lists the whole contract (about 50 selects): generous time on a busy machine.
describe('scenario switcher', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    // Signed in, so no call is answered 401 and followed by a refresh the test did not make.
    await backend.signIn(DANA);
  });
  afterEach(() => setRequestHeadersDecorator(undefined));

  it('opens from the flask button and with Alt+Shift+S, and lists the operations by tag', async () => {
    const { user } = renderSwitcher();
    const panel = await openPanel(user);
    expect(within(panel).getByRole('region', { name: 'Tag auth' })).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'Tag sync' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Close'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Mock scenarios' })).not.toBeInTheDocument(),
    );

    await user.keyboard('{Alt>}{Shift>}S{/Shift}{/Alt}');
    expect(await screen.findByRole('region', { name: 'Mock scenarios' })).toBeInTheDocument();
  });

  it("offers each response's status codes and named examples", async () => {
    const { user } = renderSwitcher();
    await openPanel(user);
    const options = within(select('getConnectionStepStatus')).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(
      expect.arrayContaining([
        '',
        'code=200, example=complete',
        'code=200, example=incompleteStep3',
        'code=401, example=tokenInvalid',
      ]),
    );
    // A response without examples (204) is offered by its status code alone.
    expect(within(select('deleteUser')).getByRole('option', { name: /^204/ })).toHaveValue(
      'code=204',
    );
  });

  it('narrows the list to the operations matching every word of the search', async () => {
    const { user } = renderSwitcher();
    await openPanel(user);
    await user.type(
      screen.getByRole('searchbox', { name: 'Search operations' }),
      'connectionFailed',
    );
    expect(select('createSalesforceConnection')).toBeInTheDocument();
    expect(select('updateSalesforceConnection')).toBeInTheDocument();
    expect(screen.queryByLabelText(/\(login\)/)).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search operations' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'Search operations' }),
      'sync errors get',
    );
    expect(select('listSyncErrors')).toBeInTheDocument();
    expect(screen.queryByLabelText(/\(deleteSyncError\)/)).not.toBeInTheDocument();
  });

  it("sends the picked response's Prefer header on that operation's requests until Reset all", async () => {
    const { user } = renderSwitcher();
    await openPanel(user);
    await user.selectOptions(select('login'), 'code=401, example=invalidCredentials');
    await user.selectOptions(select('listSyncErrors'), 'code=200, example=empty');
    expect(badge(2)).toBeInTheDocument();

    await send('/api/v1/auth/login/', { method: 'POST', body: '{}' });
    await send('/api/v1/salesforce/data-mappings/sync-errors/?page=2');
    await send('/api/v1/users/');
    expect(sentPrefer()).toEqual([
      'code=401, example=invalidCredentials',
      'code=200, example=empty',
      null,
    ]);

    await user.click(screen.getByText('Reset all'));
    expect(badge(0)).toBeInTheDocument();
    expect(select('login')).toHaveValue('');
    await send('/api/v1/auth/login/', { method: 'POST', body: '{}' });
    expect(sentPrefer().at(-1)).toBeNull();
  });

  it('matches a templated path to its operation, not to a literal sibling', async () => {
    const { user } = renderSwitcher();
    await openPanel(user);
    await user.selectOptions(select('getTenant'), 'code=404, example=notFound');
    await send('/api/v1/tenants/7/');
    await send('/api/v1/tenants/check-connection/');
    await send('/api/v1/tenants/7/', { method: 'PATCH', body: '{}' });
    expect(sentPrefer()).toEqual(['code=404, example=notFound', null, null]);
  });

  it('keeps the choices in local storage, so they survive a reload', async () => {
    const first = renderSwitcher();
    await openPanel(first.user);
    await first.user.selectOptions(select('createTenant'), 'code=400, example=fieldErrors');
    expect(localStorage.getItem(SCENARIOS_STORAGE_KEY)).toContain('fieldErrors');
    first.unmount();

    const again = renderSwitcher();
    expect(badge(1)).toBeInTheDocument();
    await openPanel(again.user);
    expect(select('createTenant')).toHaveValue('code=400, example=fieldErrors');
    await send('/api/v1/tenants/', { method: 'POST', body: '{}' });
    expect(sentPrefer()[0]).toBe('code=400, example=fieldErrors');
  });

  it('applies a preset in place of the active scenarios; a one-time entry serves one request', async () => {
    const { user } = renderSwitcher();
    await openPanel(user);
    await user.selectOptions(select('login'), 'code=401, example=invalidCredentials');
    await user.click(screen.getByLabelText('Apply preset: session expired'));
    expect(badge(2)).toBeInTheDocument();
    expect(select('login')).toHaveValue('');
    expect(screen.getByText('next request only')).toBeInTheDocument();

    await send('/api/v1/connection-step-status/', { method: 'POST', body: '{}' });
    await send('/api/v1/connection-step-status/', { method: 'POST', body: '{}' });
    expect(sentPrefer()).toEqual(['code=401, example=tokenInvalid', null]);
    expect(badge(1)).toBeInTheDocument();
    expect(select('refreshToken')).toHaveValue('code=200, example=refreshed');
  });
});
