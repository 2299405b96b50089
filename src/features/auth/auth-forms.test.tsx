import { Classes } from '@blueprintjs/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { SESSION_KEYS } from '@/api/session';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { ACME, DEMO_PASSWORD, GLOBEX } from '@tests/sandbox/seed/seed';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

spyOnToasts();

wholeAppTestSettings();

const backend = setupSandboxBackend();

/** The paths of the API calls the app made. */
const calls = () => backend.calls.map((call) => call.path);

/** The message of a 429, with the seconds the sandbox's Retry-After gave (a minute's limit). */
const TOO_MANY = /^Too many attempts\. Try again in \d+ s\.$/;
/** The same past 90 s, in whole minutes (an hour's limit). */
const TOO_MANY_FOR_LONG = /^Too many attempts\. Try again in \d+ min\.$/;

type AppRouter = ReturnType<typeof renderApp>['router'];

/** Waits until the app has settled on `pathname`: no navigation under way, no guard still asking. */
async function landsOn(router: AppRouter, pathname: string): Promise<void> {
  await waitFor(
    () => {
      expect(router.state.status).toBe('idle');
      expect(router.state.resolvedLocation?.pathname).toBe(pathname);
    },
    { timeout: 10_000 },
  );
}

/** Logs in on the login screen, as a user would: the e-mail, the password, Enter. */
async function logIn(email: string, password = DEMO_PASSWORD): Promise<void> {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), `${password}{Enter}`);
}

/** Acme's set-up stopped before step 3 (no Salesforce) or step 4 (no AWS): it is incomplete. */
function acmeSetupIncompleteAt(step: 3 | 4): void {
  backend.store.transact((draft) => {
    const acme = draft.tenants.find((tenant) => tenant.id === ACME.id)!;
    if (step === 3) acme.salesforce = null;
    acme.aws = null;
  });
}

/** Two clicks with no render between them, as a fast double click can come in a browser. */
function doubleClick(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

/** Calls the sandbox `count` times (not through the app): its throttles count them. */
async function beforehand(count: number, path: string, body: object): Promise<void> {
  for (let index = 0; index < count; index += 1)
    await backend.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
}

describe('login', () => {
  it('an e-mail of only spaces is missing: the field is invalid and nothing is sent', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), '   ');
    await user.type(screen.getByLabelText(/^Password/), 'Sup3r-Secret!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls()).toEqual([]);
  });

  it('the e-mail and password stop at the contract’s bounds (254 and 128 characters)', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText(/^Email/)).toHaveAttribute('maxlength', '254');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('maxlength', '128');
  });

  it('a refused login marks both fields invalid, without a toast, and keeps what was typed', async () => {
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'dana.whitfield@acme-cloud.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('dana.whitfield@acme-cloud.com');
    expect(calls()).toEqual(['/api/v1/auth/login/']);
    expect(toasts.danger).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('too many attempts show the wait, and keep what was typed, even the right password', async () => {
    // Five failures within the minute: the sandbox refuses the account's next attempt with a 429.
    await beforehand(5, '/api/v1/auth/login/', { email: DANA, password: 'wrong' });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), DANA);
    await user.type(screen.getByLabelText(/^Password/), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(screen.getByLabelText(/^Email/)).toHaveValue(DANA);
    expect(screen.getByLabelText(/^Password/)).toHaveValue(DEMO_PASSWORD);
    // No verdict on what was typed: the fields are not marked.
    expect(screen.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls()).toEqual(['/api/v1/auth/login/']);
  });
});

describe('login: where it leads', () => {
  it('sends an e-mail filled in from the link trimmed and lower-cased too', async () => {
    const { router } = renderApp(
      `/login?email=${encodeURIComponent(' Dana.Whitfield@ACME-cloud.com ')}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'User Login' })).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(backend.callsTo('login')).toHaveLength(1));
    expect(backend.callsTo('login')[0]?.body).toEqual({ email: DANA, password: DEMO_PASSWORD });
    await landsOn(router, '/dashboard');
  });

  it('sends the e-mail trimmed and lower-cased, once on a double click while busy; toasts a second, then the dashboard', async () => {
    const gate = backend.hold('login');
    toasts.success.mockResolvedValueOnce('login-toast');
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Login' })).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), '  Dana.Whitfield@ACME-cloud.com ');
    await user.type(screen.getByLabelText(/^Password/), DEMO_PASSWORD);
    const login = screen.getByRole('button', { name: 'Login' });
    doubleClick(login);
    await waitFor(() => expect(gate.waiting).toBe(1));
    expect(login).toHaveClass(Classes.LOADING);
    await user.keyboard('{Enter}');
    gate.open();
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Login successful'));
    expect(router.state.location.pathname).toBe('/login'); // the toast has its second first
    await landsOn(router, '/dashboard');
    expect(backend.callsTo('login').map((call) => call.body)).toEqual([
      { email: DANA, password: DEMO_PASSWORD },
    ]);
    // The toast is taken down as the app moves on.
    expect(toasts.dismiss).toHaveBeenCalledWith('login-toast');
    expect(localStorage.getItem(SESSION_KEYS.access)).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEYS.refresh)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.user) ?? '{}').role).toBe('super_admin');
  });

  it.each([
    {
      who: 'a super_admin with set-up incomplete',
      email: DANA,
      incompleteAt: 3,
      home: '/new-connection',
    },
    { who: 'a user', email: MARCUS, incompleteAt: undefined, home: '/dashboard' },
    {
      who: 'a user whose company set-up is incomplete',
      email: MARCUS,
      incompleteAt: 4,
      home: '/incomplete-setup',
    },
  ] as const)('$who lands on $home', async ({ email, incompleteAt, home }) => {
    if (incompleteAt) acmeSetupIncompleteAt(incompleteAt);
    const { router } = renderApp('/login');
    await logIn(email);
    await landsOn(router, home);
    if (home === '/incomplete-setup') {
      expect(await screen.findByText(/^Account Setup is incomplete\./)).toBeVisible();
    }
  });

  it('forgets a product key the wizard stored for another company: the set-up check sends none, and the dashboard opens', async () => {
    localStorage.setItem(SESSION_KEYS.productKey, GLOBEX.key);
    const { router } = renderApp('/login');
    await logIn(MARCUS);
    await landsOn(router, '/dashboard');
    const checks = backend.calls.filter((call) => call.operationId === 'getConnectionStepStatus');
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) expect(check.body?.key).toBeUndefined();
    expect(localStorage.getItem(SESSION_KEYS.productKey)).toBeNull();
  });

  it('a logged-in visitor of /login goes straight to the dashboard', async () => {
    await backend.signIn(DANA);
    const { router } = renderApp('/login');
    await landsOn(router, '/dashboard');
  });

  it('a guarded route visited logged out asks to log in, then returns there', async () => {
    const { router } = renderApp('/accounts');
    await landsOn(router, '/login');
    expect(router.state.location.search).toEqual({ returnUrl: '/accounts' });
    await logIn(DANA);
    await landsOn(router, '/accounts');
  });

  it('ignores a hostile returnUrl: the dashboard after login', async () => {
    const { router } = renderApp('/login?returnUrl=%2F%2Fevil.example%2Fx');
    await logIn(DANA);
    await landsOn(router, '/dashboard');
    expect(router.state.location.href).toBe('/dashboard');
  });
});

describe('logout', () => {
  it('calls logout, clears the session and goes to /login', async () => {
    await backend.signIn(DANA);
    const { router } = renderApp('/logout');
    await landsOn(router, '/login');
    expect(backend.callsTo('logout')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'User Login' })).toBeVisible();
    for (const key of [SESSION_KEYS.access, SESSION_KEYS.refresh, SESSION_KEYS.user]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });
});

describe('request reset', () => {
  it('is named the same in the tab and in its heading', async () => {
    renderApp('/request-reset-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Reset your password · AceBridge'));
  });

  it('opens from the login screen; an empty Send asks for the e-mail; a malformed one shows the server’s e-mail error', async () => {
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot Password' }));
    await landsOn(router, '/request-reset-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getByText('Email Field is required')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/^Email/), 'nobody@acme-cloud{Enter}');
    expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('an e-mail of only spaces says the e-mail is required, and nothing is sent', async () => {
    renderApp('/request-reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Email Field is required')).toBeVisible();
    expect(calls()).toEqual([]);
  });

  it('shows the server’s reply under the form, not as a toast', async () => {
    renderApp('/request-reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), ' Marcus.Oyelaran@acme-cloud.com ');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Password reset e-mail has been sent.')).toBeVisible();
    expect(calls()).toEqual(['/api/v1/auth/password/reset/']);
    expect(backend.store.state.outbox.at(-1)?.to).toBe(MARCUS);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('too many requests for an address show the wait under the form and keep the address', async () => {
    await beforehand(3, '/api/v1/auth/password/reset/', { email: MARCUS });
    renderApp('/request-reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), MARCUS);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_FOR_LONG);
    expect(screen.getByLabelText(/^Email/)).toHaveValue(MARCUS);
    expect(toasts.danger).not.toHaveBeenCalled();
  });
});
