import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionStore, session } from '@/api/session';
import { ACCESS, ADMIN, fakeBackend, KEY, renderWizard } from './wizard-test-kit';
import { toast as toasts } from '../../../tests/toaster-spies';

vi.mock('@/lib/toaster', () => import('../../../tests/toaster-spies'));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

const signIn = () => session.start({ user: ADMIN, access: ACCESS, refresh: 'refresh-token' });

/** Resuming where the set-up stands, and leaving it at step 5. */
describe('wizard recovery on load', () => {
  it('asks a signed-in admin’s step and tenant subdomain, and resumes there', async () => {
    const calls = fakeBackend({
      'POST /api/v1/connection-step-status/': [200, { current_step: 4, message: null }],
    });
    signIn();
    connectionStore.setProductKey(KEY);
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 4' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Connecting...' })).toBeVisible();
    expect(calls).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/v1/connection-step-status/', body: { key: KEY } },
        { method: 'POST', path: '/api/v1/tenant-subdomain/', body: { email: ADMIN.email } },
      ]),
    );
    expect(connectionStore.getTenantSubdomain()).toBe('acme');
  });

  it('a null step means step 5, with the mapper (which shows the status line and counts)', async () => {
    fakeBackend({ 'POST /api/v1/connection-step-status/': [200, { current_step: null }] });
    signIn();
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 5' })).toBeVisible();
    expect(await screen.findByText('Field mapper')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
  });

  it('a reply with a message hands over to the dashboard', async () => {
    fakeBackend({
      'POST /api/v1/connection-step-status/': [
        200,
        { current_step: null, message: 'All steps are completed' },
      ],
    });
    signIn();
    const { router } = renderWizard();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a stored key without a signed-in user resumes at step 2 without asking', async () => {
    const calls = fakeBackend();
    connectionStore.setProductKey(KEY);
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 2' })).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('a failed recovery just ends loading, at step 1', async () => {
    fakeBackend({ 'POST /api/v1/connection-step-status/': [500, {}] });
    signIn();
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 1' })).toBeVisible();
    expect(toasts.danger).not.toHaveBeenCalled();
  });
});

describe('wizard step 5', () => {
  it('Finish with no mandatory field mapped warns and stays', async () => {
    fakeBackend({ 'POST /api/v1/connection-step-status/': [200, { current_step: 5 }] });
    signIn();
    const { router } = renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith('At least one required field needs to be mapped'),
    );
    expect(router.state.location.pathname).toBe('/new-connection');
  });

  it('Finish with a mandatory field mapped goes to the dashboard', async () => {
    fakeBackend({
      'POST /api/v1/connection-step-status/': [200, { current_step: 5 }],
      'GET /api/v1/salesforce/data-mappings/count/': [
        200,
        {
          aws_mandatory_lead: 3,
          mapped_aws_mandatory_lead: 0,
          aws_mandatory_opportunity: 18,
          mapped_aws_mandatory_opportunity: 1,
        },
      ],
    });
    signIn();
    const { router } = renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('Previous goes back to step 4', async () => {
    fakeBackend({ 'POST /api/v1/connection-step-status/': [200, { current_step: 5 }] });
    signIn();
    renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Step 4' })).toBeVisible();
  });
});
