import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';

import { renderApp, wholeAppTestSettings } from './render-app';
import { DANA, MARCUS, setupSandboxBackend } from './sandbox-backend';

// axe on the states of forms the browser suite checks only as they first show: with their
// messages out, and My Account as a user sees it. Colour contrast needs a browser's computed
// colours: it stays in e2e/dialogs-a11y.spec.ts.

wholeAppTestSettings();
const backend = setupSandboxBackend();

/** The serious and critical axe violations of the page, as the browser suite counts them. */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
}

describe('no serious axe violation', () => {
  it('on My Account, as a user sees it', async () => {
    await backend.signIn(MARCUS);
    renderApp('/accounts');
    await screen.findByRole('heading', { name: 'My Account' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('in the invite modal showing every field’s message', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts?invite=true');
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'T');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'tomas.rivera@');
    await userEvent.click(within(dialog).getByLabelText(/^Role/));
    await userEvent.tab();
    expect(within(dialog).getByText('Please choose the proper role')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });

  it('in the AWS registration form with every field marked', async () => {
    renderApp('/aws-onboarding');
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('Required Field')).toHaveLength(4);
    expect(await seriousViolations()).toEqual([]);
  });

  it('on Activity with the integrity verdict out and an event open', async () => {
    await backend.signIn(DANA);
    renderApp('/activity');
    const table = await screen.findByRole('table', { name: 'Activity' });
    await userEvent.click(await screen.findByRole('button', { name: 'Check integrity' }));
    await screen.findByText(/^The log is intact/);
    // The verdict may come before the page of events: wait for the row, not only the table.
    const [event] = await within(table).findAllByRole('button', { name: 'Changed a mapping' });
    await userEvent.click(event!);
    await screen.findByRole('dialog', { name: 'Changed a mapping' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('in the password reset request showing the reply', async () => {
    renderApp('/request-reset-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), `${MARCUS}{Enter}`);
    await screen.findByText('Password reset e-mail has been sent.');
    expect(await seriousViolations()).toEqual([]);
  });
});
