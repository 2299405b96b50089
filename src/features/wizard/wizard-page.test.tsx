import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { connectionStore, session } from '@/api/session';
import { startEnv } from '@/lib/env';
import { POLICY_MAX_BYTES } from '@generated/rules';
import { replyExample, type Schemas } from '@tests/sandbox/contract';
import { ACME, DEMO_LICENCE_KEYS } from '@tests/sandbox/seed/seed';
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

/** A licence key the sandbox sold and nobody has spent yet. */
const KEY = DEMO_LICENCE_KEYS[0] ?? '';
const next = () => screen.getByRole('button', { name: 'Next' });

/** Two clicks before React renders again: a double click faster than the button turns busy. */
function doubleClick(button: HTMLElement) {
  act(() => {
    button.click();
    button.click();
  });
}

async function authorize(key: string) {
  const user = userEvent.setup();
  await user.clear(await screen.findByLabelText(/Licence Key/));
  await user.type(screen.getByLabelText(/Licence Key/), key);
  await user.click(screen.getByRole('button', { name: 'Authorize' }));
}

describe('wizard step 1', () => {
  it('shows the title, the progress, Login, a hidden Previous and a disabled Next', async () => {
    const { footer } = renderWizard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 1' })).toBeVisible();
    expect(screen.getByText('Account Authorization', { selector: 'p' })).toBeVisible();
    const progress = screen.getByRole('list', { name: 'Set-up progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
    expect(footer.hidden).toBe(false);
  });

  it('marks a refused key invalid, without a message, and keeps Next disabled', async () => {
    renderWizard();
    await authorize('NOPE-0000');
    await waitFor(() =>
      expect(screen.getByLabelText(/Licence Key/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(backend.callsTo('verifyProductKey')).toHaveLength(1);
    expect(next()).toBeDisabled();
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('is busy until the key is checked, and a double click checks it once', async () => {
    renderWizard();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Licence Key/), KEY);
    const check = backend.hold('verifyProductKey');
    const authorizeButton = screen.getByRole('button', { name: 'Authorize' });
    doubleClick(authorizeButton);
    await waitFor(() => expect(authorizeButton).toHaveClass('bp6-loading'));
    expect(next()).toBeDisabled();
    check.open();
    await waitFor(() => expect(next()).toBeEnabled());
    expect(backend.callsTo('verifyProductKey').map((call) => call.body)).toEqual([{ key: KEY }]);
  });

  it('too many checks show the wait under the key, keep the key and keep Next disabled', async () => {
    // Ten checks within the minute from this client: the sandbox refuses the next with a 429.
    for (let index = 0; index < 10; index += 1)
      await backend.app.request('/api/v1/auth/key/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: `GUESS-${index}` }),
      });
    renderWizard();
    await authorize(KEY);
    expect(await screen.findByText(/^Too many attempts\. Try again in \d+ s\.$/)).toBeVisible();
    expect(screen.getByLabelText(/Licence Key/)).toHaveValue(KEY);
    expect(screen.getByLabelText(/Licence Key/)).toHaveAttribute('aria-invalid', 'true');
    expect(next()).toBeDisabled();
  });

  describe('for a signed-in user', () => {
    // The tenant's API origin shows where a call went: unit tests otherwise use relative URLs.
    beforeEach(() => startEnv(Promise.resolve({ apiHost: 'api.example.com' })));
    afterEach(() => startEnv(Promise.resolve({ apiHost: undefined })));

    it('a new verified key clears the stored state and logs the user out, then Next goes on', async () => {
      await backend.signIn(DANA);
      // A key from an earlier visit that the backend does not know: recovery fails, so the
      // wizard starts at step 1 with the user still signed in.
      connectionStore.setProductKey('OLD-KEY');
      connectionStore.setTenantSubdomain('old');
      const { footer } = renderWizard();
      await authorize(KEY);
      expect(await screen.findByText('Product key verified successfully.')).toBeVisible();
      expect(next()).toBeEnabled();
      expect(session.isLoggedIn()).toBe(false);
      expect(connectionStore.getProductKey()).toBe(KEY);
      expect(connectionStore.getTenantSubdomain()).toBeNull();
      // In production the logout call goes to the tenant's subdomain: it must still be known.
      await waitFor(() => expect(backend.callsTo('logout')).toHaveLength(1));
      expect(backend.callsTo('logout')[0]?.origin).toBe(
        `https://${ACME.subdomain}.api.example.com`,
      );
      await userEvent.click(next());
      expect(await screen.findByRole('heading', { name: 'Step 2' })).toBeVisible();
      expect(footer.hidden).toBe(true);
      const progress = screen.getByRole('list', { name: 'Set-up progress' });
      const current = within(progress)
        .getAllByRole('listitem')
        .filter((step) => step.getAttribute('aria-current') === 'step');
      expect(current).toHaveLength(1);
      expect(current[0]).toHaveTextContent('Account Details');
    });
  });
});

describe('wizard step 2', { timeout: 15_000 }, () => {
  /** A new company's admin; Dana Whitfield of Acme already has an account. */
  const NEW_ADMIN = 'dana.whitfield@initech.example';

  async function fillAccount(name: string, options: { email?: string; password?: string } = {}) {
    await fillAccountFields(name, options);
    await userEvent.click(next());
  }

  async function fillAccountFields(
    name: string,
    { email = NEW_ADMIN, password = 'Sup3r-Secret!' }: { email?: string; password?: string } = {},
  ) {
    const user = userEvent.setup();
    // Pasted rather than typed: the form validates on every change, keystroke by keystroke.
    const paste = async (label: RegExp, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await paste(/Company Name/, 'Initech Cloud Solutions');
    await paste(/Company Email/, 'info@initech.example');
    await paste(/Admin Name/, name);
    await paste(/Admin Email/, email);
    await paste(/Admin Password/, password);
    await user.click(screen.getByRole('checkbox'));
  }

  async function atStep2(key = KEY) {
    connectionStore.setProductKey(key);
    renderWizard();
    await screen.findByRole('heading', { name: 'Step 2' });
    // The step's form loads with the step.
    await screen.findByLabelText(/Company Name/);
  }

  it('opens the legal pages in new tabs from the terms checkbox', async () => {
    await atStep2();
    for (const name of ['Terms and Conditions', 'Privacy Policy']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
  });

  it('sends the split name, signs the admin in, shows the message and moves on after a second', async () => {
    await atStep2();
    await fillAccount('Dana  Maria Whitfield');
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
    expect(toasts.success).toHaveBeenCalledWith('Company and admin account created successfully.');
    expect(backend.callsTo('createTenant')[0]?.body).toEqual({
      key: KEY,
      company: {
        company_name: 'Initech Cloud Solutions',
        aws_partner_status: 'advance',
        industry: null,
        email: 'info@initech.example',
        is_term_and_conditions_accepted: true,
      },
      admin: {
        first_name: 'Dana',
        last_name: 'Maria Whitfield',
        email: NEW_ADMIN,
        password: 'Sup3r-Secret!',
      },
    });
    const admin = backend.store.state.users.find((user) => user.email === NEW_ADMIN);
    expect(session.isLoggedIn()).toBe(true);
    expect(session.getUser()).toMatchObject({
      id: admin?.id,
      email: NEW_ADMIN,
      role: 'super_admin',
    });
    expect(connectionStore.getTenantSubdomain()).toBe('initech');
    expect(screen.getByRole('heading', { name: 'Step 2' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Step 3' }, { timeout: 2500 })).toBeVisible();
  });

  it('is busy while the company is created, and a double click creates it once', async () => {
    await atStep2();
    await fillAccountFields('Dana Whitfield');
    const create = backend.hold('createTenant');
    const nextButton = next();
    doubleClick(nextButton);
    await waitFor(() => expect(nextButton).toHaveClass('bp6-loading'));
    create.open();
    expect(await screen.findByRole('heading', { name: 'Step 3' }, { timeout: 2500 })).toBeVisible();
    expect(backend.callsTo('createTenant')).toHaveLength(1);
  });

  it('shows the server’s e-mail error under the admin’s e-mail', async () => {
    await atStep2();
    await fillAccount('Dana Whitfield', { email: DANA });
    expect(await screen.findByText('A user with this email already exists.')).toBeVisible();
    expect(screen.getByLabelText(/Admin Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.danger).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Step 2' })).toBeVisible();
  });

  it('shows the server’s password verdict (nested under `errors`) under the admin’s password', async () => {
    await atStep2();
    await fillAccount('Dana Whitfield', { password: 'password1' });
    expect(await screen.findByText('This password is too common.')).toBeVisible();
    expect(screen.getByLabelText(/Admin Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.danger).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Step 2' })).toBeVisible();
  });

  it('toasts a refusal that names no field', async () => {
    await atStep2('NOPE-0000');
    await fillAccount('Dana Whitfield');
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith('Invalid product key.'));
  });
});

describe('wizard step 3', () => {
  it('offers Production only to a production-enabled tenant, Beta being the default', async () => {
    acmeAtStep(backend, 3);
    backend.store.transact((draft) => {
      const acme = draft.tenants.find((tenant) => tenant.id === ACME.id);
      if (acme) acme.is_production_enabled = true;
    });
    await backend.signIn(DANA);
    renderWizard();
    expect(
      await screen.findByRole('heading', { name: 'Setup Salesforce Connection' }),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Beta' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Production' })).toBeEnabled());
    await userEvent.click(screen.getByRole('radio', { name: 'Production' }));
    expect(screen.getByRole('radio', { name: 'Production' })).toBeChecked();
  });

  it('connects with what was entered, says the server’s message, then moves on', async () => {
    acmeAtStep(backend, 3);
    await backend.signIn(DANA);
    renderWizard();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Salesforce Username/));
    await user.paste('integration@acme-cloud.com');
    // A Beta tenant connects its Beta org only.
    expect(screen.getByRole('radio', { name: 'Beta' })).toBeChecked();
    await waitFor(() => expect(backend.callsTo('getTenant')).toHaveLength(1));
    expect(screen.getByRole('radio', { name: 'Production' })).toBeDisabled();
    await user.click(next());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Connected Successfully'));
    expect(backend.callsTo('createSalesforceConnection')[0]?.body).toEqual({
      connection_type: 'work_with_us',
      accounts: [
        {
          username: 'integration@acme-cloud.com',
          consumer_key: null,
          account_type: 'salesforce_beta',
          is_salesforce_managed_package: true,
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Step 4' }, { timeout: 2500 })).toBeVisible();
  });

  it('stays on a refusal: the key’s error under the key, another error toasted', async () => {
    acmeAtStep(backend, 3);
    await backend.signIn(DANA);
    renderWizard();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Salesforce Username/));
    await user.paste('integration@acme-cloud.com');
    await user.click(screen.getByRole('radio', { name: 'Use a custom consumer key' }));
    await user.click(screen.getByLabelText(/Custom Consumer Key/));
    await user.paste('3MVG9n_bad');
    backend.fail('createSalesforceConnection', {
      status: 400,
      body: { consumer_key: ['invalid_client_id: client identifier invalid'] },
    });
    await user.click(next());
    expect(await screen.findByText('invalid_client_id: client identifier invalid')).toBeVisible();
    expect(screen.getByLabelText(/Custom Consumer Key/)).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.danger).not.toHaveBeenCalled();

    const failure = 'Could not connect to Salesforce. Check that the managed package is installed.';
    backend.fail('createSalesforceConnection', { status: 400, body: { error: failure } });
    await user.click(screen.getByRole('radio', { name: "Use the managed package's default key" }));
    expect(screen.queryByLabelText(/Custom Consumer Key/)).not.toBeInTheDocument();
    await user.click(next());
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith(failure));
    expect(backend.callsTo('createSalesforceConnection')[1]?.body.accounts[0]).toMatchObject({
      consumer_key: null,
      is_salesforce_managed_package: true,
    });
    expect(screen.getByRole('heading', { name: 'Step 3' })).toBeVisible();
  });

  it('says "Connected Successfully" when the server gives no text', async () => {
    acmeAtStep(backend, 3);
    // The contract requires a message but not that it says something.
    backend.fail('createSalesforceConnection', { status: 200, body: { message: '' } });
    await backend.signIn(DANA);
    renderWizard();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Salesforce Username/));
    await user.paste('integration@acme-cloud.com');
    await user.click(next());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Connected Successfully'));
    expect(await screen.findByRole('heading', { name: 'Step 4' }, { timeout: 2500 })).toBeVisible();
  });
});

describe('wizard step 4', () => {
  it('shows the same external id after a reload and after signing in again', async () => {
    acmeAtStep(backend, 4);
    await backend.signIn(DANA);
    const shownId = async () => {
      const field = (await screen.findByLabelText(/^External Id/)) as HTMLInputElement;
      await waitFor(() => expect(field.value).toMatch(/^[0-9a-f-]{36}$/));
      return field.value;
    };
    const first = renderWizard();
    const id = await shownId();
    first.unmount(); // a reload
    const second = renderWizard();
    expect(await shownId()).toBe(id);
    second.unmount();
    await backend.signIn(DANA); // another sign-in
    renderWizard();
    expect(await shownId()).toBe(id);
  });

  it('fills the external id from the server and copies it, uploads the policy, then moves on', async () => {
    acmeAtStep(backend, 4);
    await backend.signIn(DANA);
    renderWizard();
    const user = userEvent.setup(); // with its own clipboard
    expect(await screen.findByRole('heading', { name: 'Connecting...' })).toBeVisible();
    const externalId = (await screen.findByLabelText(/^External Id/)) as HTMLInputElement;
    await waitFor(() => expect(externalId.value).toMatch(/^[0-9a-f-]{36}$/));
    const uuid = externalId.value;
    await user.click(screen.getByRole('button', { name: 'Copy external id' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Copied to clipboard'));
    expect(await navigator.clipboard.readText()).toBe(uuid);

    const policy = '{"Version":"2012-10-17","Statement":[]}';
    await user.upload(
      screen.getByLabelText(/^AWS Assume Role Policy File/),
      new File([policy], 'policy.json', { type: 'application/json' }),
    );
    await user.click(screen.getByLabelText(/^AWS Account Id/));
    await user.paste('123456789012');
    await user.click(screen.getByLabelText(/^External Role ARN/));
    await user.paste('arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole');
    // The sandbox's own reply: its multipart parser cannot read a file sent from jsdom (undici
    // makes the parsed file with jsdom's global File, then refuses it as not a File).
    backend.fail('addPolicy', { status: 200, body: { message: 'AWS policy added successfully.' } });
    await user.click(next());
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('AWS policy added successfully.'),
    );
    const form = backend.callsTo('addPolicy')[0]?.body as FormData;
    const entries = await Promise.all(
      [...form.entries()].map(async ([name, value]) =>
        typeof value === 'string' ? [name, value] : [name, await value.text(), value.name],
      ),
    );
    expect(entries).toEqual([
      ['policy', policy, 'policy.json'],
      ['account_id', '123456789012'],
      ['external_id', uuid],
      ['external_role_arn', 'arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole'],
    ]);
    expect(await screen.findByRole('heading', { name: 'Step 5' }, { timeout: 2500 })).toBeVisible();
  });

  it('refuses a policy file larger than the API takes before sending it, with the text of its 413', async () => {
    acmeAtStep(backend, 4);
    await backend.signIn(DANA);
    renderWizard();
    const user = userEvent.setup();
    const externalId = (await screen.findByLabelText(/^External Id/)) as HTMLInputElement;
    await waitFor(() => expect(externalId.value).toMatch(/^[0-9a-f-]{36}$/));
    // A JSON document one byte over the limit.
    const policy = `"${'x'.repeat(POLICY_MAX_BYTES - 1)}"`;
    await user.upload(
      screen.getByLabelText(/^AWS Assume Role Policy File/),
      new File([policy], 'policy.json', { type: 'application/json' }),
    );
    await user.click(screen.getByLabelText(/^AWS Account Id/));
    await user.paste('123456789012');
    await user.click(screen.getByLabelText(/^External Role ARN/));
    await user.paste('arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole');
    await user.click(next());
    const tooLarge = 'File size too large. The policy file must be smaller than 1 MB.';
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith(tooLarge));
    expect(await screen.findByText(tooLarge)).toBeVisible();
    expect(backend.callsTo('addPolicy')).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Step 5' })).toBeNull();
  });

  it('shows a refused policy under the policy file, without a toast, keeping what was typed', async () => {
    acmeAtStep(backend, 4);
    await backend.signIn(DANA);
    renderWizard();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Connecting...' })).toBeVisible();
    const externalId = (await screen.findByLabelText(/^External Id/)) as HTMLInputElement;
    await waitFor(() => expect(externalId.value).toMatch(/^[0-9a-f-]{36}$/));
    await user.upload(
      screen.getByLabelText(/^AWS Assume Role Policy File/),
      new File(['{"Version":"2012-10-17","Statement":[]}'], 'policy.json', {
        type: 'application/json',
      }),
    );
    await user.click(screen.getByLabelText(/^AWS Account Id/));
    await user.paste('123456789012');
    const role = 'arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole';
    await user.click(screen.getByLabelText(/^External Role ARN/));
    await user.paste(role);
    backend.fail('addPolicy', {
      status: 400,
      body: replyExample<Schemas['BadRequestError']>(
        '/api/v1/tenants/add-policy/',
        'post',
        '400',
        'invalidPolicy',
      ),
    });
    await user.click(next());
    expect(await screen.findByText('Upload a valid JSON policy file.')).toBeVisible();
    expect(screen.getByLabelText(/^AWS Assume Role Policy File/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(toasts.danger).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^AWS Account Id/)).toHaveValue('123456789012');
    expect(screen.getByLabelText(/^External Role ARN/)).toHaveValue(role);
    expect(screen.getByRole('heading', { name: 'Step 4' })).toBeVisible();
  });
});
