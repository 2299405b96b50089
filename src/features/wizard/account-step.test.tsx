import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast as toasts } from '../../../tests/toaster-spies';
import { AccountStep } from './account-step';
import { INITIAL_ACCOUNT, type AccountValues } from './account-values';

vi.mock('@/lib/toaster', () => import('../../../tests/toaster-spies'));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

/** Every call the step makes, each refused with an error that names no field. */
function recordCalls() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0] ?? url;
      paths.push(path);
      const [status, body] = path === '/config.json' ? [200, {}] : [400, { error: 'Refused.' }];
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { tenantCalls: () => paths.filter((path) => path.endsWith('/tenants/')) };
}

function Step() {
  const [value, setValue] = useState<AccountValues>(INITIAL_ACCOUNT);
  return (
    <AccountStep
      productKey="ACEB-7Q2M-K9XD-41PF"
      value={value}
      onChange={setValue}
      onPrevious={vi.fn()}
      onNext={vi.fn()}
    />
  );
}

async function submitWithCompanyName(companyName: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Step />
    </QueryClientProvider>,
  );
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
    const backend = recordCalls();
    await submitWithCompanyName('     ');
    expect(await screen.findByText('Company Name is required')).toBeVisible();
    expect(screen.getByLabelText(/Company Name/)).toHaveAttribute('aria-invalid', 'true');
    // Not the length rule: the spaces do not count as characters.
    expect(
      screen.queryByText('Company Name must be at least 3 characters'),
    ).not.toBeInTheDocument();
    expect(backend.tenantCalls()).toEqual([]);
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('the same form with a company name is sent (the check above is the only thing in the way)', async () => {
    const backend = recordCalls();
    await submitWithCompanyName('Acme Cloud Solutions');
    await waitFor(() => expect(backend.tenantCalls()).toHaveLength(1));
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith('Refused.'));
    expect(screen.queryByText('Company Name is required')).not.toBeInTheDocument();
  });
});
