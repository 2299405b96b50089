import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { SINGLE_LINE_MESSAGE } from '@generated/rules';
import { renderWithClient } from '@tests/render-with-client';
import { ACME } from '@tests/sandbox/seed/seed';
import { setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

import { INITIAL_ACCOUNT, type AccountValues } from '../model/account-values';
import { AccountStep } from './account-step';

spyOnToasts();

const backend = setupSandboxBackend();
beforeEach(() => vi.clearAllMocks());

function Step() {
  const [value, setValue] = useState<AccountValues>(INITIAL_ACCOUNT);
  return (
    <AccountStep
      // Acme's key, already spent: the sandbox refuses the sign-up without naming a field.
      productKey={ACME.key}
      value={value}
      onChange={setValue}
      onPrevious={vi.fn()}
      onNext={vi.fn()}
    />
  );
}

async function submitWithCompanyName(companyName: string) {
  renderWithClient(<Step />);
  const user = userEvent.setup();
  const paste = async (label: RegExp, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  await paste(/Company Name/, companyName);
  await paste(/Company Email/, 'info@acme-cloud.com');
  await paste(/Admin Name/, 'Dana Whitfield');
  await paste(/Admin Email/, 'dana.whitfield@acme-cloud.com');
  await paste(/Admin Password/, 'Sup3r-Secret!');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('wizard step 2: required text is trimmed before it is checked', () => {
  it('a company name of only spaces is required, and nothing is sent', async () => {
    await submitWithCompanyName('     ');
    expect(await screen.findByText('Company Name is required')).toBeVisible();
    expect(screen.getByLabelText(/Company Name/)).toHaveAttribute('aria-invalid', 'true');
    // Not the length rule: the spaces do not count as characters.
    expect(
      screen.queryByText('Company Name must be at least 3 characters'),
    ).not.toBeInTheDocument();
    expect(backend.callsTo('createTenant')).toEqual([]);
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('the same form with a company name is sent (the check above is the only thing in the way)', async () => {
    await submitWithCompanyName('Acme Cloud Solutions');
    await waitFor(() => expect(backend.callsTo('createTenant')).toHaveLength(1));
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith('Invalid product key.'));
    expect(screen.queryByText('Company Name is required')).not.toBeInTheDocument();
  });
});

describe('wizard step 2: single-line text', () => {
  it('a company name with a control character shows the message on the field, sends nothing, and keeps what was typed', async () => {
    // An input drops CR and LF itself; an ESC sequence or a line separator pasted in stays.
    const typed = 'Evil Corp\u001b[2J\u2028X-Phish: yes';
    await submitWithCompanyName(typed);
    expect(await screen.findByText(SINGLE_LINE_MESSAGE)).toBeVisible();
    expect(SINGLE_LINE_MESSAGE).toBe(
      'Enter one line of text, without line breaks, tabs or other control characters.',
    );
    expect(screen.getByLabelText(/Company Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Company Name/)).toHaveValue(typed);
    expect(backend.callsTo('createTenant')).toEqual([]);
    expect(toasts.danger).not.toHaveBeenCalled();
  });
});
