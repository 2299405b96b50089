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
/** The items a save sent, as the app wrote them. */
const sentItems = (n = 0): unknown[] =>
  (saves()[n]?.body ?? []).map(
    ({ sync_error_id, salesforce_id, ace_id, dummy_value }: Record<string, unknown>) => ({
      sync_error_id,
      salesforce_id,
      ace_id,
      dummy_value,
    }),
  );
const SAVED = 'Dummy values saved. They will be used on the next sync.';
const SAVED_ONE = 'Dummy value saved. It will be used on the next sync.';

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

  it('saves only the rows the user changed, never the values saved before that were not touched', async () => {
    await openErrors();
    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'stage');
    await choose('Dummy value for 0065g00000XyZ34AAB: Select value', 'Launched');
    // The lead's leadAge is Read Only in ACE: its city takes the value.
    await choose('ACE field for 00Q5g00000ABCDeEAF: Select attribute', 'city');
    const city = screen.getByRole('textbox', { name: 'Dummy value for 00Q5g00000ABCDeEAF' });
    await userEvent.type(city, 'Springfield');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves()).toHaveLength(1));
    // The values saved for errors 1 and 7 stay on the server as they are: they are not sent.
    expect(sentItems()).toEqual([
      {
        sync_error_id: 2,
        salesforce_id: '0065g00000XyZ34AAB',
        ace_id: 46,
        dummy_value: 'Launched',
      },
      {
        sync_error_id: 3,
        salesforce_id: '00Q5g00000ABCDeEAF',
        ace_id: 14,
        dummy_value: 'Springfield',
      },
    ]);
    // The sandbox's reply is what the toast shows.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SAVED));
    // The saved values are asked for again; what was sent is saved, not waiting to be sent again.
    await waitFor(() => expect(backend.callsTo('listOverrides').length).toBeGreaterThan(1));
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(saveButton());
    expect(toast.danger).toHaveBeenCalledWith('Please select attribute and its dummy value');
    expect(saves()).toHaveLength(1);
  });

  it('saves a value after a sync replaced the errors the saved values were typed on', async () => {
    // The journey of the first finding: Dana syncs, the run replaces the seeded errors (values
    // were saved on errors 1 and 7), then she types a value on one of the new errors.
    const dana = await backend.as(DANA);
    await dana.post('/api/v1/salesforce/data-mappings/sync-data/', { tenant_sub_domain: 'acme' });
    await backend.syncsIdle();
    const { state } = backend.store;
    const savedFor = new Set(state.overrides.map((override) => override.salesforce_id));
    const target = state.syncErrors.find(
      (error) =>
        error.tenantId === 1 &&
        error.salesforce_id.startsWith('006') &&
        !savedFor.has(error.salesforce_id),
    )!;
    expect(state.syncErrors.some((error) => error.id === 1)).toBe(false);
    await backend.signIn(DANA);
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Errors' });
    const record = target.salesforce_id;
    await choose(`ACE field for ${record}: Select attribute`, 'nextStep');
    await userEvent.type(
      screen.getByRole('textbox', { name: `Dummy value for ${record}` }),
      'Call back',
    );
    await userEvent.click(saveButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SAVED_ONE));
    const nextStep = state.attributes.find(
      (attribute) => attribute.is_aws_ace && attribute.name === 'nextStep',
    )!;
    expect(sentItems()).toEqual([
      {
        sync_error_id: target.id,
        salesforce_id: record,
        ace_id: nextStep.id,
        dummy_value: 'Call back',
      },
    ]);
    expect(toast.danger).not.toHaveBeenCalled();
  });

  it('shows a refused value on the pair that caused it, without a toast, keeping every pair as typed', async () => {
    await openErrors();
    // A value saved before, changed: its row is sent, first (the server counts items from 1).
    const revenue = screen.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ12AAB' });
    await userEvent.clear(revenue);
    await userEvent.type(revenue, '12000');
    await choose('ACE field for 00Q5g00000ABCDeEAF: Select attribute', 'city');
    const city = screen.getByRole('textbox', { name: 'Dummy value for 00Q5g00000ABCDeEAF' });
    await userEvent.type(city, 'Springfield');
    // The contract's example names item 1: the first pair sent, the changed revenue.
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
    expect(sentItems().map((item) => (item as { sync_error_id: number }).sync_error_id)).toEqual([
      1, 3,
    ]);
    expect(revenue).toHaveAttribute('aria-invalid', 'true');
    expect(revenue).toHaveAccessibleDescription(message);
    expect(revenue).toHaveValue('12000');
    expect(city).toHaveValue('Springfield');
    expect(city).not.toHaveAttribute('aria-invalid');
    expect(toast.danger).not.toHaveBeenCalled();
    // Editing the pair takes the server's message away, once the typing pause is over.
    await userEvent.type(revenue, '0');
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it('toasts a refusal that names no pair, once', async () => {
    await openErrors();
    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'nextStep');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ34AAB' }),
      'Call back',
    );
    const tooMany = 'A company can keep at most 10000 saved override values.';
    backend.fail('updateOverrides', { status: 400, body: { error: tooMany } });
    await userEvent.click(saveButton());
    await waitFor(() => expect(toast.danger).toHaveBeenCalledWith(tooMany));
    expect(toast.danger).toHaveBeenCalledTimes(1);
  });

  it('is busy while it saves, and a double click saves once', async () => {
    await openErrors();
    await choose('ACE field for 0065g00000XyZ34AAB: Select attribute', 'nextStep');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Dummy value for 0065g00000XyZ34AAB' }),
      'Call back',
    );
    // The typed value is in the form (after the typing pause): there is something to save.
    await waitFor(() => expect(saveButton()).not.toHaveAttribute('aria-disabled'));
    const gate = backend.hold('updateOverrides');
    const save = saveButton();
    // Two clicks before React renders again: faster than the button can turn busy.
    act(() => {
      save.click();
      save.click();
    });
    await waitFor(() => expect(save).toHaveClass('bp6-loading'));
    gate.open();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SAVED_ONE));
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
    expect(sentItems()).toEqual([
      { sync_error_id: 2, salesforce_id: '0065g00000XyZ34AAB', ace_id: 51, dummy_value: 'True' },
    ]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SAVED_ONE));
  });

  it('never lets a value saved earlier that the user did not touch stop a save', async () => {
    // A Boolean's value saved as 'Yes' (ACE wants True or False), before the rule was checked.
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
    await screen.findByRole('button', { name: 'Dummy value for 0065g00000XyZ34AAB: Yes' });
    await choose('ACE field for 00Q5g00000ABCDeEAF: Select attribute', 'city');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Dummy value for 00Q5g00000ABCDeEAF' }),
      'Springfield',
    );
    await userEvent.click(saveButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SAVED_ONE));
    expect(sentItems()).toEqual([
      {
        sync_error_id: 3,
        salesforce_id: '00Q5g00000ABCDeEAF',
        ace_id: 14,
        dummy_value: 'Springfield',
      },
    ]);
    expect(toast.danger).not.toHaveBeenCalled();
  });

  it("refuses a Boolean's value 'Yes' once the user changes its row, saying to pick True or False", async () => {
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
    await userEvent.click(
      screen.getByRole('button', { name: 'Add attribute for 0065g00000XyZ34AAB' }),
    );
    await choose('ACE field 2 for 0065g00000XyZ34AAB: Select attribute', 'nextStep');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Dummy value 2 for 0065g00000XyZ34AAB' }),
      'Call back',
    );
    await userEvent.click(saveButton());
    expect(toast.danger).toHaveBeenCalledWith('Form is not valid. Please fill all the elements');
    expect(await screen.findByText('Pick True or False.')).toBeInTheDocument();
    expect(value).toHaveClass('bp6-intent-danger');
    expect(saves()).toHaveLength(0);
  });

  it('keeps at least one value for a record with values saved: a save cannot send none', async () => {
    await openErrors();
    const record = '0065g00000XyZ12AAB';
    await screen.findByRole('textbox', { name: `Dummy value for ${record}` });
    expect(
      screen.queryByRole('button', { name: `Remove ACE field for ${record}` }),
    ).not.toBeInTheDocument();
    // A second value can go again.
    await userEvent.click(screen.getByRole('button', { name: `Add attribute for ${record}` }));
    await choose(`ACE field 2 for ${record}: Select attribute`, 'nextStep');
    await userEvent.click(screen.getByRole('button', { name: `Remove ACE field 1 for ${record}` }));
    expect(
      screen.queryByRole('button', { name: `Remove ACE field for ${record}` }),
    ).not.toBeInTheDocument();
  });

  it('looks disabled with nothing changed, values saved before or not, says why when clicked, and types are debounced 2 s', async () => {
    restoreWaits();
    // Acme has values saved (errors 1 and 7): they alone give nothing to save.
    await openErrors();
    await screen.findByRole('textbox', { name: 'Dummy value for 0065g00000XyZ12AAB' });
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
