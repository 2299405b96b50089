import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { SESSION_KEYS } from '@/api/session';
import { announceSessionEnd } from '@/api/session-sync';
import { followSessionEnd } from '@/app/session-end';
import { restoreWaits } from '@/lib/timing';

import { renderApp, wholeAppTestSettings } from './render-app';
import { DEMO_PASSWORD } from './sandbox/seed/seed';
import { DANA, MARCUS, setupSandboxBackend } from './sandbox-backend';
import { spyOnToasts, toasts } from './toaster-spies';

spyOnToasts();

/**
 * A session that ends mid-edit loses nothing: the app goes to /login with the screen as returnUrl,
 * and what was typed but not saved is saved once the same user signs in again, and only then.
 */

const backend = setupSandboxBackend();
wholeAppTestSettings();
const GLOBEX = 'ops@globex.example';
const SAVED_TEXT = 'Your unsaved changes were saved.';
const FIRST_LOAD = { timeout: 10_000 };

// The login screen is reached by a navigation in the middle of a test: its code is loaded (and
// transformed, slow on a busy machine) before, as a browser would have it from the first visit.
beforeAll(async () => {
  await import('@/features/auth');
}, 30_000);

let stop: (() => void) | undefined;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  stop?.();
  stop = undefined;
});

/** The app at `path`, reacting to a lost session as the App component does. */
function openApp(path: string) {
  const app = renderApp(path);
  stop = followSessionEnd(app.queryClient, app.router);
  return { ...app, user: userEvent.setup() };
}

/**
 * Both tokens stop working, as after a revocation: the next call gets a 401, and the refresh it
 * makes is refused, which ends the session.
 */
function revokeSession() {
  localStorage.setItem(SESSION_KEYS.access, 'expired-access-token');
  localStorage.setItem(SESSION_KEYS.refresh, 'revoked-refresh-token');
}

/** Another tab signs out: the session's keys go, and this tab hears of it (a storage event). */
function signOutInAnotherTab() {
  for (const key of [SESSION_KEYS.user, SESSION_KEYS.access, SESSION_KEYS.refresh]) {
    localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
  }
}

async function signInOnLoginPage(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(await screen.findByLabelText('Email', { exact: false }, FIRST_LOAD), email);
  await user.type(screen.getByLabelText('Password', { exact: false }), DEMO_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the values mapper', () => {
  beforeEach(() =>
    backend.store.transact((draft) => {
      draft.filters = [];
    }),
  );

  async function typeThenLoseSession() {
    await backend.signIn(DANA);
    const app = openApp('/values-mapper?tab=opportunities');
    const first = await screen.findByRole('group', { name: 'OR block 1' }, FIRST_LOAD);
    await app.user.selectOptions(
      within(first).getByRole('combobox', { name: 'Attribute' }),
      'expectedMonthlyAwsRevenue',
    );
    revokeSession();
    // The typed value's save (after the pause) meets the ended session.
    await app.user.type(within(first).getByRole('textbox', { name: 'Attribute value' }), '7500');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.router.state.location.search).toEqual({
      returnUrl: '/values-mapper?tab=opportunities',
    });
    expect(backend.store.state.filters).toEqual([]);
    return app;
  }

  it('saves the typed filter value once the same user signs in again', async () => {
    const app = await typeThenLoseSession();
    await signInOnLoginPage(app.user, DANA);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(SAVED_TEXT), FIRST_LOAD);
    expect(app.router.state.location.href).toBe('/values-mapper?tab=opportunities');
    expect(backend.store.state.filters).toMatchObject([
      { field_value: '7500', comparison_type: 'greater_than', entity_type: 'Opportunity' },
    ]);
    const first = screen.getByRole('group', { name: 'OR block 1' });
    expect(within(first).getByRole('textbox', { name: 'Attribute value' })).toHaveValue('7500');
    expect(sessionStorage.length).toBe(0);
  });

  it('never shows or saves it for another user', async () => {
    const app = await typeThenLoseSession();
    await signInOnLoginPage(app.user, GLOBEX);
    await screen.findByText(
      'There are no filters set, so all Opportunities will sync.',
      {},
      FIRST_LOAD,
    );
    expect(screen.queryByDisplayValue('7500')).not.toBeInTheDocument();
    expect(
      backend.callsTo('createSyncFilter').filter((call) => call.body?.field_value === '7500'),
    ).toHaveLength(1); // the one refused as the session ended, none since
    expect(backend.store.state.filters).toEqual([]);
    expect(toasts.success).not.toHaveBeenCalledWith(SAVED_TEXT);
  });
});

describe("the dashboard's override editor", () => {
  const RECORD = '0065g00000XyZ12AAB'; // Acme's error with a value saved earlier: 10000
  const dummyValue = () => screen.getByRole('textbox', { name: `Dummy value for ${RECORD}` });
  const savedValue = () =>
    backend.store.state.overrides.find((override) => override.salesforce_id === RECORD)
      ?.dummy_value;

  async function typeThenLoseSession() {
    await backend.signIn(DANA);
    const app = openApp('/dashboard');
    const table = await screen.findByRole('table', { name: 'Errors' }, FIRST_LOAD);
    await within(table).findByDisplayValue('10000');
    await app.user.clear(dummyValue());
    await app.user.type(dummyValue(), '12345');
    revokeSession();
    // The save meets the ended session.
    await app.user.click(screen.getByRole('button', { name: 'Save values for next Sync' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.router.state.location.search).toEqual({ returnUrl: '/dashboard' });
    expect(savedValue()).toBe('10000');
    return app;
  }

  it('saves the typed override value once the same user signs in again', async () => {
    const app = await typeThenLoseSession();
    await signInOnLoginPage(app.user, DANA);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(SAVED_TEXT), FIRST_LOAD);
    expect(app.router.state.location.href).toBe('/dashboard');
    expect(savedValue()).toBe('12345');
    await waitFor(() => expect(dummyValue()).toHaveValue('12345'));
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps a value still being typed when another tab ends the session', async () => {
    await backend.signIn(DANA);
    const app = openApp('/dashboard');
    const table = await screen.findByRole('table', { name: 'Errors' }, FIRST_LOAD);
    await within(table).findByDisplayValue('10000');
    await app.user.clear(dummyValue());
    // Typed text reaches the form after a 2 s pause: the session ends before that.
    restoreWaits();
    await app.user.type(dummyValue(), '777');
    signOutInAnotherTab();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.router.state.location.search).toEqual({ returnUrl: '/dashboard' });
    await signInOnLoginPage(app.user, DANA);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(SAVED_TEXT), FIRST_LOAD);
    expect(savedValue()).toBe('777');
  });

  it('never shows or saves it for another user of the same company', async () => {
    const app = await typeThenLoseSession();
    await signInOnLoginPage(app.user, MARCUS);
    const table = await screen.findByRole('table', { name: 'Errors' }, FIRST_LOAD);
    expect(await within(table).findByDisplayValue('10000')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('12345')).not.toBeInTheDocument();
    expect(savedValue()).toBe('10000');
    expect(backend.callsTo('updateOverrides')).toHaveLength(1); // the one refused, none since
    expect(toasts.success).not.toHaveBeenCalledWith(SAVED_TEXT);
  });
});

describe("the mapper's fixed (dummy) value", () => {
  const INDUSTRY_OTHER = 30; // an optional opportunity field of Acme, unmapped in the seed
  const dummyText = () => screen.getByRole('textbox', { name: 'Dummy value for industryOther' });
  const acmeDummy = () =>
    backend.store.state.mappings.find(
      (mapping) => mapping.aws_ace_attribute === INDUSTRY_OTHER && mapping.is_dummy_value,
    )?.dummy_value_description;

  /** The mapper's own Opportunities tab (the filters beside it have one too). */
  async function openMapperOpportunities(user: ReturnType<typeof userEvent.setup>) {
    await screen.findAllByRole('combobox', { name: /^Salesforce Fields for / }, FIRST_LOAD);
    const filters = screen.getByRole('region', { name: 'Sync Settings' });
    const tab = screen
      .getAllByRole('tab', { name: 'Opportunities' })
      .find((candidate) => !filters.contains(candidate));
    await user.click(tab!);
    await screen.findByRole('combobox', { name: 'Salesforce Fields for industryOther' });
  }

  async function typeThenLoseSession() {
    await backend.signIn(DANA);
    const app = openApp('/values-mapper');
    await openMapperOpportunities(app.user);
    await app.user.click(
      screen.getByRole('combobox', { name: 'Salesforce Fields for industryOther' }),
    );
    await app.user.click(await screen.findByRole('option', { name: 'Dummy Value' }));
    await waitFor(() => expect(acmeDummy()).toBe(''));
    revokeSession();
    // The typed text's save (after the pause) meets the ended session.
    await app.user.type(dummyText(), 'Fixed text');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.router.state.location.search).toEqual({ returnUrl: '/values-mapper' });
    expect(acmeDummy()).toBe('');
    return app;
  }

  it('saves the typed text once the same user signs in again', async () => {
    const app = await typeThenLoseSession();
    await signInOnLoginPage(app.user, DANA);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(SAVED_TEXT), FIRST_LOAD);
    expect(app.router.state.location.href).toBe('/values-mapper');
    expect(acmeDummy()).toBe('Fixed text');
    await openMapperOpportunities(app.user);
    expect(dummyText()).toHaveValue('Fixed text');
    expect(sessionStorage.length).toBe(0);
  });

  it('never shows or saves it for a user of another company', async () => {
    const app = await typeThenLoseSession();
    await signInOnLoginPage(app.user, GLOBEX);
    await openMapperOpportunities(app.user);
    expect(screen.queryByDisplayValue('Fixed text')).not.toBeInTheDocument();
    expect(acmeDummy()).toBe('');
    expect(
      backend.writes().filter((call) => JSON.stringify(call.body ?? null).includes('Fixed text')),
    ).toHaveLength(1); // the one refused as the session ended, none since
    expect(toasts.success).not.toHaveBeenCalledWith(SAVED_TEXT);
  });
});

describe('the way to /login', () => {
  it('carries no returnUrl from the login screen itself', async () => {
    const app = openApp('/login');
    await screen.findByLabelText('Email', { exact: false }, FIRST_LOAD);
    const visited: string[] = [];
    app.router.subscribe('onBeforeNavigate', (event) => visited.push(event.toLocation.href));
    expect(announceSessionEnd({ kind: 'no-refresh-token' })).toBe(true);
    await waitFor(() => expect(visited).toEqual(['/login']));
    expect(toasts.danger).toHaveBeenCalledTimes(1);
  });
});
