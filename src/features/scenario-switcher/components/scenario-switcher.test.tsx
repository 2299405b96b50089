import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiFetch, setRequestHeadersDecorator } from '@/api/http';
import { getGetSyncStatsQueryOptions } from '@generated/api/sync/sync';
import { renderWithClient } from '@tests/render-with-client';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

import { CATALOGUE } from '../model/catalogue';
import { createPreferDecorator } from '../model/prefer-decorator';
import { PRESETS } from '../model/presets';
import { linkScenariosToQueries } from '../model/query-link';
import { createScenarioStore, SCENARIOS_STORAGE_KEY } from '../model/scenario-store';
import styles from '../scenario-switcher.module.css';
import { answerPreferAsPrism } from '../testing/prism-prefer';
import { BAR_LABEL, ScenarioSwitcher } from './scenario-switcher';

const backend = setupSandboxBackend();

/**
 * The Prefer header of every request the app sent, as the backend received it (the sandbox
 * records it; only Prism, or `answerPreferAsPrism`, answers by it).
 */
const sentPrefer = () => backend.calls.map((call) => call.headers.get('Prefer'));

/** A request through the app's transport; its answer (often a refusal of `{}`) is not the point. */
const send = (url: string, init?: RequestInit) => apiFetch(url, init).catch(() => undefined);

let unlink: (() => void) | undefined;

/** The switcher as mount.tsx wires it: a store from local storage, the transport and queries tied. */
function wire() {
  const store = createScenarioStore();
  setRequestHeadersDecorator(createPreferDecorator(CATALOGUE, store));
  unlink = linkScenariosToQueries(CATALOGUE, store);
  return store;
}

function renderSwitcher() {
  const store = wire();
  const view = render(<ScenarioSwitcher catalogue={CATALOGUE} presets={PRESETS} store={store} />);
  return { ...view, store, user: userEvent.setup({ delay: null }) };
}

const bar = () => screen.getByRole('complementary', { name: BAR_LABEL });
/** The bar's button that opens the panel, by what it says. */
const barButton = (name: string | RegExp) => within(bar()).getByRole('button', { name });

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(bar()).getAllByRole('button')[0]!);
  return screen.findByRole('region', { name: 'Mock scenarios' });
}

const searchbox = () => screen.getByRole('searchbox', { name: 'Search operations' });

async function search(user: ReturnType<typeof userEvent.setup>, query: string) {
  await user.clear(searchbox());
  await user.type(searchbox(), query);
}

/** The select of an operation (the first one, where several screens call it). */
const select = (operationId: string) =>
  screen.getAllByLabelText(new RegExp(`\\(${operationId}\\)`))[0]!;

/** Searches for an operation and picks a reply for it. */
async function choose(
  user: ReturnType<typeof userEvent.setup>,
  operationId: string,
  prefer: string,
) {
  await search(user, operationId);
  await user.selectOptions(select(operationId), prefer);
}

// The panel lists up to a hundred selects at once: generous time on a busy machine.
describe('scenario switcher', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    // Signed in, so no call is answered 401 and followed by a refresh the test did not make.
    await backend.signIn(DANA);
  });
  afterEach(() => {
    setRequestHeadersDecorator(undefined);
    unlink?.();
  });

  it('opens from the bar and with Alt+Shift+S, and lists the operations by the screen that calls them', async () => {
    const { user } = renderSwitcher();
    const panel = await openPanel(user);
    const dashboard = within(panel).getByRole('region', { name: 'Update Feed' });
    expect(within(panel).getByRole('region', { name: 'User Login' })).toBeInTheDocument();
    // Folded until opened: the screens first, their operations on a click.
    expect(within(dashboard).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(dashboard).getByRole('button', { name: 'Update Feed' }));
    expect(within(dashboard).getByLabelText(/\(getSyncStats\)/)).toBeInTheDocument();

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
    await search(user, 'getConnectionStepStatus');
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
    await search(user, 'deleteUser');
    expect(within(select('deleteUser')).getByRole('option', { name: /^204/ })).toHaveValue(
      'code=204',
    );
  });

  it('narrows the list to the operations matching every word of the search', async () => {
    const { user } = renderSwitcher();
    await openPanel(user);
    await search(user, 'connectionFailed');
    expect(select('createSalesforceConnection')).toBeInTheDocument();
    expect(select('updateSalesforceConnection')).toBeInTheDocument();
    expect(screen.queryByLabelText(/\(login\)/)).not.toBeInTheDocument();

    await search(user, 'sync errors get');
    expect(select('listSyncErrors')).toBeInTheDocument();
    expect(screen.queryByLabelText(/\(deleteSyncError\)/)).not.toBeInTheDocument();
  });

  it("finds a screen's operations by the screen's name, path or feature", async () => {
    const { user } = renderSwitcher();
    const panel = await openPanel(user);
    await search(user, 'dashboard');
    const dashboard = within(panel).getByRole('region', { name: 'Update Feed' });
    for (const id of ['getSyncStats', 'listSyncErrors', 'listSyncRuns', 'listUnreadLaunches']) {
      expect(within(dashboard).getByLabelText(new RegExp(`\\(${id}\\)`))).toBeInTheDocument();
    }
    // The operations the dashboard does not call are not listed.
    expect(screen.queryByLabelText(/\(login\)/)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: 'User Login' })).not.toBeInTheDocument();

    await search(user, 'sync settings filter');
    const settings = within(panel).getByRole('region', { name: 'Sync Settings' });
    expect(within(settings).getByLabelText(/\(createSyncFilter\)/)).toBeInTheDocument();

    await search(user, 'wizard step 3');
    expect(within(panel).getByRole('region', { name: '/new-connection' })).toBeInTheDocument();
    expect(select('createSalesforceConnection')).toBeInTheDocument();
  });

  it("sends the picked response's Prefer header on that operation's requests until Clear all", async () => {
    const { user } = renderSwitcher();
    await openPanel(user);
    await choose(user, 'login', 'code=401, example=invalidCredentials');
    await choose(user, 'listSyncErrors', 'code=200, example=empty');

    await send('/api/v1/auth/login/', { method: 'POST', body: '{}' });
    await send('/api/v1/salesforce/data-mappings/sync-errors/?page=2');
    await send('/api/v1/users/');
    expect(sentPrefer()).toEqual([
      'code=401, example=invalidCredentials',
      'code=200, example=empty',
      null,
    ]);

    await user.click(
      within(screen.getByRole('region', { name: 'Mock scenarios' })).getByText('Clear all'),
    );
    await search(user, 'login');
    expect(select('login')).toHaveValue('');
    await send('/api/v1/auth/login/', { method: 'POST', body: '{}' });
    expect(sentPrefer().at(-1)).toBeNull();
  });

  it('matches a templated path to its operation, not to a literal sibling', async () => {
    const { user } = renderSwitcher();
    await openPanel(user);
    await choose(user, 'getTenant', 'code=404, example=notFound');
    await send('/api/v1/tenants/7/');
    await send('/api/v1/tenants/check-connection/');
    await send('/api/v1/tenants/7/', { method: 'PATCH', body: '{}' });
    expect(sentPrefer()).toEqual(['code=404, example=notFound', null, null]);
  });

  it('keeps the choices in local storage, so they survive a reload', async () => {
    const first = renderSwitcher();
    await openPanel(first.user);
    await choose(first.user, 'createTenant', 'code=400, example=fieldErrors');
    expect(localStorage.getItem(SCENARIOS_STORAGE_KEY)).toContain('fieldErrors');
    first.unmount();
    unlink?.();

    const again = renderSwitcher();
    expect(barButton('Scenario: createTenant → 400 fieldErrors')).toBeInTheDocument();
    await openPanel(again.user);
    await search(again.user, 'createTenant');
    expect(select('createTenant')).toHaveValue('code=400, example=fieldErrors');
    await send('/api/v1/tenants/', { method: 'POST', body: '{}' });
    expect(sentPrefer()[0]).toBe('code=400, example=fieldErrors');
  });

  it('applies a preset in place of the active scenarios; a one-time entry serves one request', async () => {
    const { user } = renderSwitcher();
    await openPanel(user);
    await choose(user, 'login', 'code=401, example=invalidCredentials');
    await user.click(screen.getByLabelText('Apply preset: session expired'));
    expect(barButton('Preset: session expired')).toBeInTheDocument();
    expect(select('login')).toHaveValue('');
    await search(user, 'getConnectionStepStatus');
    expect(screen.getAllByText('next request only')[0]).toBeInTheDocument();

    await send('/api/v1/connection-step-status/', { method: 'POST', body: '{}' });
    await send('/api/v1/connection-step-status/', { method: 'POST', body: '{}' });
    expect(sentPrefer()).toEqual(['code=401, example=tokenInvalid', null]);
    expect(barButton('Scenario: refreshToken → 200 refreshed')).toBeInTheDocument();
    await search(user, 'refreshToken');
    expect(select('refreshToken')).toHaveValue('code=200, example=refreshed');
  });
});

/** A stylesheet's plain rules: selector to declarations (comments dropped, no nesting). */
function cssRules(css: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  for (const [, selector = '', body = ''] of css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const declarations = body
      .split(';')
      .map((declaration) => declaration.split(':').map((part) => part.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0]));
    rules.set(selector.trim(), Object.fromEntries(declarations));
  }
  return rules;
}

describe('the scenario bar', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    await backend.signIn(DANA);
  });
  afterEach(() => {
    setRequestHeadersDecorator(undefined);
    unlink?.();
  });

  it('says which scenario is active, opens the panel, and clears them all in one click', async () => {
    const { user, store } = renderSwitcher();
    expect(barButton('Mock scenarios')).toBeInTheDocument();
    expect(within(bar()).queryByRole('button', { name: /Clear all/ })).not.toBeInTheDocument();

    await openPanel(user);
    await choose(user, 'getSyncStats', 'code=500, example=serverError');
    expect(barButton('Scenario: getSyncStats → 500 serverError')).toBeInTheDocument();
    await choose(user, 'listSyncErrors', 'code=200, example=empty');
    expect(barButton('2 scenarios active')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Close'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Mock scenarios' })).not.toBeInTheDocument(),
    );

    // The bar's summary opens the panel; it is a button in the page's tab order.
    barButton('2 scenarios active').focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'Mock scenarios' })).toBeInTheDocument();

    await user.click(within(bar()).getByRole('button', { name: 'Clear all scenarios' }));
    expect(store.getSnapshot()).toEqual({});
    expect(localStorage.getItem(SCENARIOS_STORAGE_KEY)).toBeNull();
    expect(barButton('Mock scenarios')).toBeInTheDocument();
    expect(within(bar()).queryByRole('button', { name: /Clear all/ })).not.toBeInTheDocument();
  });

  // jsdom lays nothing out, so the layout rule is read from the stylesheet: the bar is fixed at
  // the top, exactly as high as the strip the page starts below. (A browser at 1366 and 390 px
  // showed it covering nothing: README, Mock scenarios.)
  it('is fixed in a strip of its own at the top of the page, which the page leaves free', () => {
    renderSwitcher();
    expect(bar()).toHaveClass(styles.bar!);
    const rules = cssRules(
      readFileSync(
        join(process.cwd(), 'src/features/scenario-switcher/scenario-switcher.module.css'),
        'utf8',
      ),
    );
    expect(rules.get('.bar')).toMatchObject({
      position: 'fixed',
      top: '0',
      height: 'var(--scenario-bar-height)',
    });
    expect(rules.get(':global(body)')).toMatchObject({
      'padding-top': 'var(--scenario-bar-height)',
    });
    expect(rules.get(':global(:root)')).toMatchObject({
      'scroll-padding-top': 'var(--scenario-bar-height)',
    });
  });
});

/** A mounted query of the dashboard's statistics, as a screen would hold it. */
function SyncStatsProbe() {
  const stats = useQuery(getGetSyncStatsQueryOptions());
  if (stats.isError) return <p role="alert">Statistics failed</p>;
  if (stats.isPending) return <p>Loading statistics</p>;
  return <p>Leads synced: {stats.data.total_synced.lead}</p>;
}

describe('a choice refetches what it affects', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    await backend.signIn(DANA);
    answerPreferAsPrism();
  });
  afterEach(() => {
    setRequestHeadersDecorator(undefined);
    unlink?.();
  });

  it('shows a chosen failure of a mounted query at once, and the data again when cleared', async () => {
    const store = wire();
    const user = userEvent.setup({ delay: null });
    renderWithClient(
      <>
        <SyncStatsProbe />
        <ScenarioSwitcher catalogue={CATALOGUE} presets={PRESETS} store={store} />
      </>,
    );
    expect(await screen.findByText(/^Leads synced: \d+/)).toBeInTheDocument();
    const before = backend.callsTo('getSyncStats').length;

    await openPanel(user);
    await choose(user, 'getSyncStats', 'code=500, example=serverError');
    // No reload: the query asks again at once, with the chosen reply's Prefer header.
    expect(await screen.findByText('Statistics failed', {}, { timeout: 1000 })).toBeInTheDocument();
    expect(
      backend
        .callsTo('getSyncStats')
        .slice(before)
        .map((call) => call.headers.get('Prefer')),
    ).toEqual(['code=500, example=serverError']);

    await user.click(within(bar()).getByRole('button', { name: 'Clear all scenarios' }));
    expect(
      await screen.findByText(/^Leads synced: \d+/, {}, { timeout: 1000 }),
    ).toBeInTheDocument();
    expect(backend.callsTo('getSyncStats').at(-1)?.headers.get('Prefer')).toBeNull();
  });

  it('leaves the queries of other operations alone', async () => {
    const store = wire();
    const user = userEvent.setup({ delay: null });
    renderWithClient(
      <>
        <SyncStatsProbe />
        <ScenarioSwitcher catalogue={CATALOGUE} presets={PRESETS} store={store} />
      </>,
    );
    expect(await screen.findByText(/^Leads synced: \d+/)).toBeInTheDocument();
    const before = backend.callsTo('getSyncStats').length;
    await openPanel(user);
    await choose(user, 'listSyncErrors', 'code=500, example=serverError');
    await user.click(within(bar()).getByRole('button', { name: 'Clear all scenarios' }));
    expect(backend.callsTo('getSyncStats')).toHaveLength(before);
    expect(screen.getByText(/^Leads synced: \d+/)).toBeInTheDocument();
  });
});
