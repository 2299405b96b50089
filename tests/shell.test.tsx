import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { INCOMPLETE_SETUP_TEXT } from '@/features/notices/incomplete-setup-page';

import { renderApp } from './render-app';
import { setupSandboxBackend } from './sandbox-backend';

// These screens ask the backend nothing today; should one start to, it gets the sandbox, and a
// call the contract lacks fails the test.
setupSandboxBackend();

describe('app shell and routes', () => {
  it('redirects the empty path to /new-connection', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-connection'));
  });

  it('shows the 404 page with a way home for an unknown path', async () => {
    const { router } = renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Sorry, the page not found.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // Inside the shell, once.
    expect(screen.getByRole('link', { name: 'AceBridge home' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    // Home is the wizard.
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.resolvedLocation?.pathname).toBe('/new-connection'));
  });

  it.each(['/dashboard', '/values-mapper', '/accounts', '/invite-user'])(
    'asks a logged-out visitor of %s to log in first, keeping where they were going',
    async (path) => {
      const { router } = renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'User Login' }),
      ).toBeInTheDocument();
      expect(router.state.location.href).toBe(`/login?returnUrl=${encodeURIComponent(path)}`);
    },
  );

  it('shows the brand title and a footer whose legal links open in a new tab', async () => {
    renderApp('/new-account');
    expect(await screen.findByRole('link', { name: 'AceBridge home' })).toHaveTextContent(
      'AceBridge',
    );
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
    ] as const) {
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it('tells a user whose set-up is incomplete to ask the administrator', async () => {
    renderApp('/incomplete-setup');
    expect(await screen.findByText(INCOMPLETE_SETUP_TEXT)).toBeInTheDocument();
    expect(INCOMPLETE_SETUP_TEXT).toBe(
      'Account Setup is incomplete. Please ask your administrator to complete the account setup so that you can access the dashboard.',
    );
  });

  it('greets on /new-account', async () => {
    renderApp('/new-account');
    expect(
      await screen.findByRole('heading', { name: 'Welcome to AceBridge!' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['/terms-and-conditions', 'Terms and Conditions'],
    ['/privacy-policy', 'Privacy Policy'],
  ])('renders the legal page %s', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});
