import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, wholeAppTestSettings } from '../render-app';
import { DANA, setupSandboxBackend } from '../sandbox-backend';
import { spyOnToasts, toasts } from '../toaster-spies';

/**
 * A request the validating proxy in front of the API (Prism, under `npm start`) refuses never
 * reaches a user raw: its 422 names the field under which the form shows it, in plain words, and
 * where no form has a place for it, it is a plain sentence (src/api/validation-refusal.ts).
 */

wholeAppTestSettings();
spyOnToasts();
const backend = setupSandboxBackend();

/** Prism's refusal, as it answered a threshold of 0 (`npm run mock`, curl). */
function prismRefuses(
  operation: 'updateAlertSettings' | 'startSync',
  ...validation: Array<{ location: string[]; code: string; message: string }>
) {
  // No operation declares a 422: a validating proxy answers it for any of them.
  (backend.fail as (operationId: string, reply: { status: number; body: unknown }) => void)(
    operation,
    {
      status: 422,
      body: {
        type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
        title: 'Invalid request',
        status: 422,
        detail:
          'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.',
        validation: validation.map((issue) => ({ severity: 'Error', ...issue })),
      },
    },
  );
}

const neverRaw = () => {
  for (const [message] of toasts.danger.mock.calls) expect(message).not.toMatch(/stoplight|prism/i);
};

describe('a validating proxy’s refusal', () => {
  it('shows under the field it names, in plain words, and no toast', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts');
    const user = userEvent.setup();
    const threshold = await screen.findByLabelText(/Failed records that send the alert/);
    if (threshold.hasAttribute('disabled'))
      await user.click(screen.getByLabelText('A sync run has failed records'));
    await user.clear(threshold);
    await user.type(threshold, '5');
    prismRefuses('updateAlertSettings', {
      location: ['body', 'sync_failures', 'threshold'],
      code: 'minimum',
      message: 'Request body property sync_failures.threshold must be >= 1',
    });
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    const group = threshold.closest('.bp6-form-group') as HTMLElement;
    expect(await within(group).findByText('Must be at least 1.')).toBeVisible();
    expect(threshold).toHaveValue(5);
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('is a plain sentence where no form has a place for it', async () => {
    await backend.signIn(DANA);
    renderApp('/dashboard');
    const lastSynced = await screen.findByRole('region', { name: 'Last Synced' });
    await within(lastSynced).findByText('37');
    prismRefuses('startSync', {
      location: ['body', 'tenant_sub_domain'],
      code: 'minLength',
      message: 'Request body property tenant_sub_domain must NOT have fewer than 1 characters',
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync' }));
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith('Tenant sub domain must not be empty.'),
    );
    neverRaw();
  });
});
