import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { restoreWaits } from '@/lib/timing';
import { toast } from '@/lib/toaster';
import { renderApp } from '@tests/render-app';
import { replyExample, type Schemas } from '@tests/sandbox/contract';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

const backend = setupSandboxBackend();
const saves = () => backend.callsTo('updateOverrides');

async function openErrors(path = '/dashboard') {
  await backend.signIn(DANA);
  const view = renderApp(path);
  const table = await screen.findByRole('table', { name: 'Errors' });
  await within(table).findByText('Globex Retail - Data Lake Migration');
  return { table, ...view };
}

/** Adds `count` older errors of Acme, after the seeded ones (20 errors make a page). */
function olderErrors(count: number) {
  backend.store.transact((draft) => {
    const template = draft.syncErrors.find((error) => error.id === 1)!;
    for (let n = 1; n <= count; n += 1) {
      draft.sequences.syncErrors = (draft.sequences.syncErrors ?? 0) + 1;
      draft.syncErrors.push({
        ...template,
        id: draft.sequences.syncErrors,
        salesforce_id: `0065g00000Old${String(n).padStart(2, '0')}AAB`,
        name: `Older error ${n}`,
        created_at: new Date(Date.UTC(2026, 1, 1) - n * 60_000).toISOString(),
      });
    }
  });
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

  it('loads values saved earlier into the row and the Overwritten value column', async () => {
    const { table } = await openErrors();
    const row = within(table).getByText('Globex Retail - Data Lake Migration').closest('tr')!;
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
    const ace = backend.store.state.attributes.filter((attribute) => attribute.is_aws_ace);
    const named = (test: (attribute: (typeof ace)[number]) => boolean) =>
      ace.filter(test).map((attribute) => attribute.name);
    expect(names).toEqual(
      expect.arrayContaining(['expectedMonthlyAwsRevenue', 'targetCloseDate', 'stage', 'nextStep']),
    );
    // The record's own: an opportunity's attributes only (leadAge, email are a lead's).
    const opportunity = named((attribute) => attribute.type === 'Opportunity');
    names.forEach((name) => expect(opportunity).toContain(name));
    // Overridable: no related-record field, reserved identifier or Read Only attribute.
    const readOnly = named(
      (attribute) => attribute.type === 'Opportunity' && attribute.permission_type === 'Read Only',
    );
    expect(readOnly.length).toBeGreaterThan(0);
    for (const name of [
      'Customer.Account.WebsiteUrl',
      'Customer.Contact.Email',
      'partnerCrmUniqueIdentifier',
      ...readOnly,
    ]) {
      expect(opportunity).toContain(name);
      expect(names).not.toContain(name);
    }
    // Filtering is case-insensitive.
    await userEvent.type(screen.getByRole('combobox', { name: 'Type to search' }), 'STA');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['state', 'postalCode', 'stage', 'contractStartDate']);
  });

  it('saves the pairs of two errors, with the values saved before', async () => {
    await openErrors();
    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'stage');
    await choose('Dummy value for 0065g00000XyZ34AAB: Select value', 'Launched');
    // The lead's leadAge is Read Only in ACE: its city takes the value.
    await choose('ACE field for 00Q5g00000ABCDeEAF: Select attribute', 'city');
    const city = screen.getByRole('textbox', { name: 'Dummy value for 00Q5g00000ABCDeEAF' });
    await userEvent.type(city, 'Springfield');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toEqual([
      { sync_error_id: 1, salesforce_id: '0065g00000XyZ12AAB', ace_id: 44, dummy_value: '10000' },
      {
        sync_error_id: 2,
        salesforce_id: '0065g00000XyZ34AAB',
        ace_id: 46,
        dummy_value: 'Launched',
        status: 'pending',
        used_at: null,
      },
      {
        sync_error_id: 3,
        salesforce_id: '00Q5g00000ABCDeEAF',
        ace_id: 14,
        dummy_value: 'Springfield',
        status: 'pending',
        used_at: null,
      },
      {
        sync_error_id: 7,
        salesforce_id: '0065g00000XyZ90AAB',
        ace_id: 45,
        dummy_value: '2026-03-31',
        status: 'pending',
        used_at: null,
      },
    ]);
    // The sandbox's reply is what the toast shows.
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Dummy values saved. They will be used on the next sync.',
      ),
    );
    // The saved values are asked for again.
    await waitFor(() => expect(backend.callsTo('listOverrides').length).toBeGreaterThan(1));
  });

  it('shows a refused value on the pair that caused it, without a toast, keeping every pair as typed', async () => {
    await openErrors();
    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'stage');
    await choose('Dummy value for 0065g00000XyZ34AAB: Select value', 'Launched');
    await choose('ACE field for 00Q5g00000ABCDeEAF: Select attribute', 'city');
    const city = screen.getByRole('textbox', { name: 'Dummy value for 00Q5g00000ABCDeEAF' });
    await userEvent.type(city, 'Springfield');
    // The contract's example names item 1: the first pair sent, the value saved before for
    // 0065g00000XyZ12AAB (the server counts from 1).
    backend.fail('updateOverrides', {
      status: 400,
      body: replyExample<Schemas['BadRequestError']>(
        '/api/v1/salesforce/update-dummy-value-for-error/',
        'post',
        '400',
        'valueFormat',
      ),
    });
    await userEvent.click(saveButton());
    const message = 'Yes is not a valid Boolean value: use True or False.';
    expect(await screen.findByText(message)).toBeVisible();
    const revenue = screen.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ12AAB' });
    expect(revenue).toHaveAttribute('aria-invalid', 'true');
    expect(revenue).toHaveAccessibleDescription(message);
    expect(revenue).toHaveValue('10000');
    expect(city).toHaveValue('Springfield');
    expect(city).not.toHaveAttribute('aria-invalid');
    expect(
      screen.getByRole('button', { name: 'Dummy value for 0065g00000XyZ34AAB: Launched' }),
    ).toBeVisible();
    expect(toast.danger).not.toHaveBeenCalled();
    // Editing the pair takes the server's message away, once the typing pause is over.
    await userEvent.type(revenue, '0');
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it('toasts a refusal that names no pair, once', async () => {
    await openErrors();
    await screen.findByRole('textbox', { name: 'Dummy value for 0065g00000XyZ12AAB' });
    const tooMany = 'A company can keep at most 10000 saved override values.';
    backend.fail('updateOverrides', { status: 400, body: { error: tooMany } });
    await userEvent.click(saveButton());
    await waitFor(() => expect(toast.danger).toHaveBeenCalledWith(tooMany));
    expect(toast.danger).toHaveBeenCalledTimes(1);
  });

  it('is busy while it saves, and a double click saves once', async () => {
    await openErrors();
    // Values saved before fill the form: it can be saved as it is.
    expect(
      await screen.findByRole('textbox', { name: 'Dummy value for 0065g00000XyZ12AAB' }),
    ).toHaveValue('10000');
    const gate = backend.hold('updateOverrides');
    const save = saveButton();
    // Two clicks before React renders again: faster than the button can turn busy.
    act(() => {
      save.click();
      save.click();
    });
    await waitFor(() => expect(save).toHaveClass('bp6-loading'));
    gate.open();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Dummy values saved. They will be used on the next sync.',
      ),
    );
    expect(saves()).toHaveLength(1);
  });

  it('refuses half a pair, and a value of the wrong type, and highlights them', async () => {
    await openErrors();
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
    expect(saves()).toHaveLength(0);
  });

  it("offers the contract's True and False for a Boolean attribute, and saves the word", async () => {
    await openErrors();
    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'doesOppBelongToNatSec');
    await userEvent.click(
      screen.getByRole('button', { name: 'Dummy value for 0065g00000XyZ34AAB: Select value' }),
    );
    const list = await screen.findByRole('listbox', {
      name: 'Dummy value for 0065g00000XyZ34AAB',
    });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['True', 'False']);
    await userEvent.click(within(list).getByText('True'));
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toContainEqual({
      sync_error_id: 2,
      salesforce_id: '0065g00000XyZ34AAB',
      ace_id: 51,
      dummy_value: 'True',
      status: 'pending',
      used_at: null,
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Dummy values saved. They will be used on the next sync.',
      ),
    );
  });

  it("refuses a Boolean's value saved as 'Yes', saying to pick True or False", async () => {
    backend.store.transact((draft) => {
      draft.overrides.push({
        tenantId: 1,
        sync_error_id: 2,
        salesforce_id: '0065g00000XyZ34AAB',
        aws_ace_attribute: 51,
        dummy_value: 'Yes',
        status: 'pending',
        used_at: null,
      });
    });
    await openErrors();
    const value = await screen.findByRole('button', {
      name: 'Dummy value for 0065g00000XyZ34AAB: Yes',
    });
    await userEvent.click(saveButton());
    expect(toast.danger).toHaveBeenCalledWith('Form is not valid. Please fill all the elements');
    expect(await screen.findByText('Pick True or False.')).toBeInTheDocument();
    expect(value).toHaveClass('bp6-intent-danger');
    expect(saves()).toHaveLength(0);
  });

  it('looks disabled with nothing to save, says why when clicked, and types are debounced 2 s', async () => {
    restoreWaits();
    backend.store.transact((draft) => {
      draft.overrides = draft.overrides.filter((override) => override.tenantId !== 1);
    });
    await openErrors();
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
    olderErrors(15); // 23 errors: the seeded ones on page 1, page 2 holds older ones only
    await openErrors();
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
