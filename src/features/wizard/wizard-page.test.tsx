import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionStore, session } from '@/api/session';
import { ACCESS, ADMIN, fakeBackend, KEY, renderWizard, type Routes } from './wizard-test-kit';
import { toast as toasts } from '../../../tests/toaster-spies';

vi.mock('@/lib/toaster', () => import('../../../tests/toaster-spies'));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

const signIn = () => session.start({ user: ADMIN, access: ACCESS, refresh: 'refresh-token' });
const next = () => screen.getByRole('button', { name: 'Next' });

async function authorize(key: string) {
  const user = userEvent.setup();
  await user.clear(await screen.findByLabelText(/Licence Key/));
  await user.type(screen.getByLabelText(/Licence Key/), key);
  await user.click(screen.getByRole('button', { name: 'Authorize' }));
}

describe('wizard step 1', () => {
  it('shows the title, the progress, Login, a hidden Previous and a disabled Next', async () => {
    fakeBackend();
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
    fakeBackend();
    renderWizard();
    await authorize('NOPE-0000');
    await waitFor(() =>
      expect(screen.getByLabelText(/Licence Key/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(next()).toBeDisabled();
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('a new verified key clears the stored state and logs the user out, then Next goes on', async () => {
    // In production the logout call goes to the tenant's subdomain: it must still be known.
    let logoutSubdomain: string | null = null;
    const calls = fakeBackend({
      'POST /api/v1/connection-step-status/': [200, { current_step: 1, message: null }],
      'POST /api/v1/auth/logout/': () => {
        logoutSubdomain = connectionStore.getTenantSubdomain();
        return [200, {}];
      },
    });
    signIn();
    connectionStore.setProductKey('OLD-KEY');
    connectionStore.setTenantSubdomain('old');
    const { footer } = renderWizard();
    await authorize(KEY);
    expect(await screen.findByText('Product key verified successfully.')).toBeVisible();
    expect(next()).toBeEnabled();
    expect(session.isLoggedIn()).toBe(false);
    expect(connectionStore.getProductKey()).toBe(KEY);
    expect(connectionStore.getTenantSubdomain()).toBeNull();
    expect(calls.some((call) => call.path === '/api/v1/auth/logout/')).toBe(true);
    expect(logoutSubdomain).not.toBeNull();
    await userEvent.click(next());
    expect(await screen.findByRole('heading', { name: 'Step 2' })).toBeVisible();
    expect(footer.hidden).toBe(true);
  });
});

describe('wizard step 2', { timeout: 15_000 }, () => {
  async function fillAccount(name: string) {
    const user = userEvent.setup();
    // Pasted rather than typed: the form validates on every change, keystroke by keystroke.
    const paste = async (label: RegExp, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await paste(/Company Name/, 'Acme Cloud Solutions');
    await paste(/Company Email/, 'info@acme-cloud.com');
    await paste(/Admin Name/, name);
    await paste(/Admin Email/, 'dana.whitfield@acme-cloud.com');
    await paste(/Admin Password/, 'Sup3r-Secret!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(next());
  }

  it('opens the legal pages in new tabs from the terms checkbox', async () => {
    fakeBackend();
    connectionStore.setProductKey(KEY);
    renderWizard();
    await screen.findByRole('heading', { name: 'Step 2' });
    // The step's form loads with the step.
    await screen.findByLabelText(/Company Name/);
    for (const name of ['Terms and Conditions', 'Privacy Policy']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
  });

  it('sends the split name, signs the admin in, shows the message and moves on after a second', async () => {
    const calls = fakeBackend();
    connectionStore.setProductKey(KEY);
    renderWizard();
    await screen.findByRole('heading', { name: 'Step 2' });
    // The step's form loads with the step.
    await screen.findByLabelText(/Company Name/);
    await fillAccount('Dana  Maria Whitfield');
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
    expect(toasts.success).toHaveBeenCalledWith('Company and admin account created successfully.');
    expect(calls.find((call) => call.path === '/api/v1/tenants/')?.body).toEqual({
      key: KEY,
      company: {
        company_name: 'Acme Cloud Solutions',
        aws_partner_status: 'advance',
        industry: null,
        email: 'info@acme-cloud.com',
        is_term_and_conditions_accepted: true,
      },
      admin: {
        first_name: 'Dana',
        last_name: 'Maria Whitfield',
        email: 'dana.whitfield@acme-cloud.com',
        password: 'Sup3r-Secret!',
      },
    });
    expect(session.isLoggedIn()).toBe(true);
    expect(session.getUser()).toEqual(ADMIN);
    expect(connectionStore.getTenantSubdomain()).toBe('acme');
    expect(screen.getByRole('heading', { name: 'Step 2' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Step 3' }, { timeout: 2500 })).toBeVisible();
  });

  it('shows the server’s password and e-mail errors under the admin’s fields', async () => {
    fakeBackend({
      'POST /api/v1/tenants/': [
        400,
        {
          errors: {
            email: ['A user with this email already exists.'],
            password: ['This password is too common.'],
          },
        },
      ],
    });
    connectionStore.setProductKey(KEY);
    renderWizard();
    await screen.findByRole('heading', { name: 'Step 2' });
    // The step's form loads with the step.
    await screen.findByLabelText(/Company Name/);
    await fillAccount('Dana Whitfield');
    expect(await screen.findByText('This password is too common.')).toBeVisible();
    expect(screen.getByText('A user with this email already exists.')).toBeVisible();
    expect(screen.getByLabelText(/Admin Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.danger).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Step 2' })).toBeVisible();
  });

  it('toasts a refusal that names no field', async () => {
    fakeBackend({ 'POST /api/v1/tenants/': [400, { error: 'Invalid product key.' }] });
    connectionStore.setProductKey(KEY);
    renderWizard();
    await screen.findByRole('heading', { name: 'Step 2' });
    // The step's form loads with the step.
    await screen.findByLabelText(/Company Name/);
    await fillAccount('Dana Whitfield');
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith('Invalid product key.'));
  });
});

describe('wizard step 3', () => {
  const atStep3: Routes = { 'POST /api/v1/connection-step-status/': [200, { current_step: 3 }] };

  it('offers Production only to a production-enabled tenant, Beta being the default', async () => {
    fakeBackend({
      ...atStep3,
      'GET /api/v1/tenants/1/': [200, { id: 1, is_production_enabled: true }],
    });
    signIn();
    renderWizard();
    expect(
      await screen.findByRole('heading', { name: 'Setup Salesforce Connection' }),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Beta' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Production' })).toBeEnabled());
    await userEvent.click(screen.getByRole('radio', { name: 'Production' }));
    expect(screen.getByRole('radio', { name: 'Production' })).toBeChecked();
  });

  it('says "Connected Successfully" when the server gives no text, then moves on', async () => {
    const calls = fakeBackend({
      ...atStep3,
      'POST /api/v1/tenants/connections/': [200, {}],
    });
    signIn();
    renderWizard();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Salesforce Username/));
    await user.paste('integration@acme-cloud.com');
    await user.click(next());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Connected Successfully'));
    expect(calls.find((call) => call.path === '/api/v1/tenants/connections/')?.body).toEqual({
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
});
