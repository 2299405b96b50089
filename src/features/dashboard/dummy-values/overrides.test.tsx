import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toaster';
import { renderApp } from '../../../../tests/render-app';
import {
  callsTo,
  ERRORS,
  fakeDashboardBackend,
  signInAs,
  type Route,
} from '../testing/dashboard-backend';

const SAVE = '/api/v1/salesforce/update-dummy-value-for-error/';
const SAVED_PATH = 'GET /api/v1/salesforce/get-dummy-value-for-error/';

async function openErrors(overrides: Record<string, Route> = {}, path = '/dashboard') {
  signInAs('super_admin');
  const calls = fakeDashboardBackend(overrides);
  const view = renderApp(path);
  const table = await screen.findByRole('table', { name: 'Errors' });
  await within(table).findByText('Globex Retail');
  return { calls, table, ...view };
}

async function choose(buttonName: RegExp | string, option: string) {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }));
  const item = await screen.findByRole('option', { name: option });
  await userEvent.click(within(item).getByText(option));
}

const saveButton = () => screen.getByRole('button', { name: 'Save values for next Sync' });

describe('override values in the errors table', () => {
  beforeEach(() => {
    vi.spyOn(toast, 'success').mockResolvedValue('t');
    vi.spyOn(toast, 'danger').mockResolvedValue('t');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads values saved earlier into the row and the Overwritten value column', async () => {
    const { table } = await openErrors();
    const row = within(table).getByText('Globex Retail').closest('tr')!;
    expect(
      await within(row).findByRole('button', {
        name: 'ACE field for 0065g00000XyZ12AAB: expectedMonthlyAwsRevenue',
      }),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ12AAB' }),
    ).toHaveValue('10000');
    expect(row).toHaveTextContent('expectedMonthlyAwsRevenue: 10000');
  });

  it("offers only the record's own, overridable, not yet chosen attributes", async () => {
    await openErrors();
    await userEvent.click(
      screen.getByRole('button', { name: 'ACE field for 0065g00000XyZ34AAB: Select attribute' }),
    );
    const list = await screen.findByRole('listbox', { name: 'ACE field for 0065g00000XyZ34AAB' });
    const names = within(list)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['expectedMonthlyAwsRevenue', 'targetCloseDate', 'stage', 'nextStep']);
    // Filtering is case-insensitive.
    await userEvent.type(screen.getByRole('combobox', { name: 'Type to search' }), 'STA');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['stage']);
  });

  it('saves the pairs of two errors, with the values saved before', async () => {
    const { calls } = await openErrors();
    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'stage');
    await choose('Dummy value for 0065g00000XyZ34AAB: Select value', 'Launched');
    await choose('ACE field for 00Q5g00000ABCDeEAF: Select attribute', 'leadAge');
    const age = screen.getByRole('textbox', { name: 'Dummy value for 00Q5g00000ABCDeEAF' });
    await userEvent.type(age, '42');
    await userEvent.click(saveButton());
    await waitFor(() => expect(callsTo(calls, 'POST', SAVE)).toHaveLength(1));
    expect(callsTo(calls, 'POST', SAVE)[0]?.body).toEqual([
      { sync_error_id: 1, salesforce_id: '0065g00000XyZ12AAB', ace_id: 44, dummy_value: '10000' },
      {
        sync_error_id: 2,
        salesforce_id: '0065g00000XyZ34AAB',
        ace_id: 46,
        dummy_value: 'Launched',
      },
      { sync_error_id: 3, salesforce_id: '00Q5g00000ABCDeEAF', ace_id: 23, dummy_value: '42' },
    ]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved.'));
    // The saved values are asked for again.
    await waitFor(() =>
      expect(calls.filter((c) => `${c.method} ${c.path}` === SAVED_PATH).length).toBeGreaterThan(1),
    );
  });

  it('refuses half a pair, and a value of the wrong type, and highlights them', async () => {
    const { calls } = await openErrors();
    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'expectedMonthlyAwsRevenue');
    await userEvent.click(saveButton());
    expect(toast.danger).toHaveBeenCalledWith('Form is not valid. Please fill all the elements');
    expect(
      screen.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ34AAB' }),
    ).toHaveAttribute('aria-invalid', 'true');
    const value = screen.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ34AAB' });
    await userEvent.type(value, 'ten thousand');
    await userEvent.tab();
    expect(await screen.findByText('Enter a number.')).toBeInTheDocument();
    await userEvent.click(saveButton());
    expect(toast.danger).toHaveBeenCalledTimes(2);
    expect(callsTo(calls, 'POST', SAVE)).toHaveLength(0);
  });

  it('looks disabled with nothing to save, says why when clicked, and types are debounced 2 s', async () => {
    await openErrors({ [SAVED_PATH]: () => ({ data: [] }) });
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(saveButton());
    expect(toast.danger).toHaveBeenCalledWith('Please select attribute and its dummy value');

    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'nextStep');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ34AAB' }),
      'Call back',
    );
    // Not yet: the text reaches the form 2 seconds after the last keystroke.
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(saveButton()).not.toHaveAttribute('aria-disabled'), {
      timeout: 3500,
    });
  });

  it('keeps unsaved values across a page change and a look at the logs', async () => {
    const paged: Route = (call) => ({
      count: 9,
      next: null,
      previous: null,
      results: call.search.get('page') === '2' ? ERRORS.slice(0, 1) : ERRORS,
    });
    await openErrors({ 'GET /api/v1/salesforce/data-mappings/sync-errors/': paged });
    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'nextStep');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ34AAB' }),
      'Typed, not saved',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /0065g00000XyZ34AAB/ })).not.toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'All Logs' }));
    await screen.findByRole('table', { name: 'All Logs' });
    await userEvent.click(screen.getByRole('tab', { name: 'Errors' }));
    expect(
      await screen.findByRole('textbox', { name: 'Dummy value for 0065g00000XyZ34AAB' }),
    ).toHaveValue('Typed, not saved');
  });
});
