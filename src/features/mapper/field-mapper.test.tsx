import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

import { renderMapper } from './testing/render-mapper';

spyOnToasts();

/**
 * Acme as seeded (tests/sandbox/store/seed.ts): 2 of its 3 required lead fields and 9 of its 18
 * required opportunity fields mapped. The ids below are the seed's: ACE attributes 27
 * customerCompanyName (mapping 2, to Account.Name), 29 industry (mapping 5, a picklist to
 * AWS_Industry__c 186, no values yet), 33 postalCode (required, unmapped), 40 partnerProjectTitle
 * (mapping 1, to Name, receiving ACE updates), 51 doesOppBelongToNatSec (mapping 20, with the value
 * rows 21 True -> 'true' and 22 False -> 'false'), 30 industryOther (optional, unmapped).
 */
const backend = setupSandboxBackend();

/** Acme's required opportunity fields without a mapping, in row order (the read-only ones last). */
const UNMATCHED_OPPORTUNITY_FIELDS = [
  'country',
  'postalCode',
  'deliveryModel',
  'partnerPrimaryNeedFromAws',
  'salesActivities',
  'IsOppFromMarketingActivity',
  'aWSAccountOwnerEmail',
  'aWSSalesRepName',
  'opportunityOwnership',
];
/** What the sandbox's AutoMatch answers for Acme as seeded. */
const AUTO_MATCH_MESSAGE = 'Auto match completed. 13 fields were matched.';
const MAPPINGS = '/api/v1/salesforce/data-mappings/';
const field = (name: string) =>
  screen.getByRole('combobox', { name: `Salesforce Fields for ${name}` });
const row = (name: string) => field(name).closest('tr') as HTMLElement;
const creates = () => backend.callsTo('createDataMapping');
const updates = () => backend.callsTo('updateDataMapping');
const deletes = () => backend.callsTo('deleteDataMapping');

async function openOpportunities(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Opportunities' }));
  await screen.findByRole('combobox', { name: 'Salesforce Fields for partnerProjectTitle' });
}

// Whole-screen tests on a busy machine: give them room.
describe('FieldMapper', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    Object.values(toasts).forEach((toast) => toast.mockClear());
    await backend.signIn(DANA);
  });

  it('shows the connection, the legend, the counts and the lead fields, without the reserved ones', async () => {
    renderMapper();
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(screen.getByText(/Connection/)).toBeInTheDocument();
    expect(
      screen.getByText(/A red asterisk means mandatory and needs a match or dummy value\./),
    ).toBeInTheDocument();
    expect(await screen.findByText('2/3 Required Fields of leads Matched')).toBeInTheDocument();
    expect(screen.getByText('9/18 Required Fields of opportunities Matched')).toBeInTheDocument();
    expect(
      await screen.findByRole('combobox', { name: 'Salesforce Fields for status' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('partnerCrmLeadId')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'ACE Fields' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Receive ACE Updates?' })).toBeInTheDocument();
    // Read-only fields come last, under their heading, with a badge.
    const heading = screen.getByRole('columnheader', { name: 'Salesforce Optional Update Values' });
    expect(heading).toBeInTheDocument();
    expect(within(row('campaignName')).getByText('Read Only')).toBeInTheDocument();
  });

  it("shows 'FAILED' in red when the connection check fails", async () => {
    backend.fail('checkConnection', { status: 500 }, { times: Infinity });
    renderMapper();
    expect(await screen.findByText('FAILED')).toBeInTheDocument();
  });

  it('maps a mandatory field: one create, and the count line moves', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(field('postalCode'));
    await user.keyboard('billing zip');
    await user.click(await screen.findByRole('option', { name: /^Account\.BillingPostalCode/ }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body).toMatchObject({
      aws_ace_attribute: 33,
      salesforce_attribute: 155,
      is_concatenated: false,
      is_dummy_value: false,
    });
    expect(
      await screen.findByText('10/18 Required Fields of opportunities Matched'),
    ).toBeInTheDocument();
    expect(
      within(row('postalCode')).getByRole('button', { name: /^Remove Account\.BillingPostalCode/ }),
    ).toBeInTheDocument();
  });

  it('lists the required fields still unmatched; a link opens its tab and focuses its row', async () => {
    const user = userEvent.setup();
    renderMapper();
    const opportunities = await screen.findByRole('navigation', {
      name: 'Required fields of opportunities still unmatched',
    });
    const links = within(opportunities).getAllByRole('button');
    expect(links.map((link) => link.textContent)).toEqual(UNMATCHED_OPPORTUNITY_FIELDS); // 9/18
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(opportunities).getByRole('button', { name: 'postalCode' }));
    expect(screen.getByRole('tab', { name: 'Opportunities' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() =>
      expect(row('postalCode')).toContainElement(document.activeElement as HTMLElement),
    );

    // Mapped, it leaves the list.
    await user.click(field('postalCode'));
    await user.keyboard('billing zip');
    await user.click(await screen.findByRole('option', { name: /^Account\.BillingPostalCode/ }));
    await waitFor(() =>
      expect(
        within(opportunities).queryByRole('button', { name: 'postalCode' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(opportunities).getAllByRole('button')).toHaveLength(
      UNMATCHED_OPPORTUNITY_FIELDS.length - 1,
    );
  });

  it('concatenates two fields chosen one after the other into one mapping', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(field('industryOther'));
    await user.keyboard('descr');
    await user.keyboard('{Enter}');
    await user.clear(field('industryOther'));
    await user.keyboard('problem{Enter}');
    // One create with both, or a create then its update if the first choice was saved already.
    const writes = () => [...creates(), ...updates()];
    await waitFor(() =>
      expect(writes().at(-1)?.body).toMatchObject({
        aws_ace_attribute: 30,
        salesforce_attribute: null,
        is_concatenated: true,
        concatenated_attribute_mapping: [{ value: 164 }, { value: 181 }],
      }),
    );
    expect(creates()).toHaveLength(1);
  });

  it('saves a dummy value once the typing pauses, with the whole text', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(field('industryOther'));
    await user.click(await screen.findByRole('option', { name: 'Dummy Value' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    await user.type(
      screen.getByRole('textbox', { name: 'Dummy value for industryOther' }),
      'Fixed text',
    );
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.body).toMatchObject({
      is_dummy_value: true,
      dummy_value_description: 'Fixed text',
    });
  });

  it("says beside 'Add item' that the typed text becomes a fixed value for every record", async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(field('industryOther'));
    await user.keyboard('Web');
    const add = await screen.findByRole('option', { name: /^Add item/ });
    expect(add).toHaveTextContent('Add item Web');
    expect(add).toHaveTextContent('a fixed value, sent for every record');
  });

  it('clearing a mapped field deletes its mapping', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(within(row('customerCompanyName')).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]?.path).toBe(`${MAPPINGS}2/`);
    expect(
      await screen.findByText('8/18 Required Fields of opportunities Matched'),
    ).toBeInTheDocument();
  });

  it("offers 'Receive ACE Updates?' only where the Salesforce field can take it, and patches it", async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    const receive = (name: string) =>
      screen.getByRole('checkbox', { name: `Receive ACE Updates? ${name}` });
    expect(receive('industryOther')).toBeDisabled(); // no mapping
    expect(receive('partnerProjectTitle')).toBeChecked();
    // Name already receives updates through partnerProjectTitle.
    await user.click(field('industryOther'));
    await user.keyboard('opportunity name{Enter}{Escape}');
    expect(receive('industryOther')).toBeDisabled();
    await user.click(receive('customerCompanyName'));
    await waitFor(() =>
      expect(updates().filter((call) => call.path === `${MAPPINGS}2/`)).toHaveLength(1),
    );
    expect(updates().find((call) => call.path === `${MAPPINGS}2/`)?.body).toEqual({
      is_receive_update: true,
    });
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(
        'Updated successfully',
        expect.objectContaining({ action: expect.objectContaining({ text: 'Undo' }) }),
      ),
    );
  });

  it('lists 15 picklist values at first and the rest on scroll, and maps one past the first 15', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    const values = screen.getByRole('group', { name: 'Values of industry' });
    const valueBoxes = () => within(values).getAllByRole('combobox');
    expect(valueBoxes()).toHaveLength(15);
    Object.defineProperties(values, {
      scrollHeight: { configurable: true, value: 1000 },
      clientHeight: { configurable: true, value: 500 },
      scrollTop: { configurable: true, value: 500 },
    });
    values.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(valueBoxes()).toHaveLength(25)); // every ACE industry
    const seventeenth = screen.getByRole('combobox', {
      name: 'Salesforce values for industry Non-Profit Organization',
    });
    await user.click(seventeenth);
    await user.keyboard('non-profit{Enter}');
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body).toMatchObject({
      aws_ace_attribute: 29,
      aws_ace_picklist_value: 'Non-Profit Organization',
      salesforce_picklist_value: 'Non-Profit Organization',
      picklist_mapping: 5,
      salesforce_attribute: 186,
      is_picklist: true,
    });
  });

  it('moves a Salesforce value from True to False on a boolean field', async () => {
    // False has no Salesforce value yet: 'true' is only on True.
    backend.store.transact((draft) => {
      draft.mappings = draft.mappings.filter((mapping) => mapping.id !== 22);
    });
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    // The boolean is on the second page of 20 rows.
    const pages = screen.getByRole('navigation', { name: 'Opportunities pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await user.click(
      await screen.findByRole('combobox', {
        name: 'Salesforce values for doesOppBelongToNatSec False',
      }),
    );
    await user.keyboard('true{Enter}');
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]?.path).toBe(`${MAPPINGS}21/`);
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body).toMatchObject({
      aws_ace_picklist_value: 'False',
      salesforce_picklist_value: 'true',
    });
  });

  it('Rules: each box saves its rule; a refusal says so and puts the box back', async () => {
    backend.store.transact((draft) => {
      const acme = draft.tenants.find((tenant) => tenant.id === 1)!;
      acme.is_lead_create_allowed_in_sf = true;
      acme.is_opportunity_create_allowed_in_sf = false;
    });
    const user = userEvent.setup();
    renderMapper();
    await user.click(await screen.findByRole('tab', { name: 'Rules' }));
    const leads = await screen.findByRole('checkbox', {
      name: 'Are new Leads created when syncing from AWS to Salesforce?',
    });
    const opportunities = screen.getByRole('checkbox', {
      name: 'Are new Opportunities created when syncing from AWS to Salesforce?',
    });
    await waitFor(() => expect(leads).toBeChecked());
    expect(opportunities).not.toBeChecked();

    await user.click(opportunities);
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Settings updated successfully.'),
    );
    const rules = () => backend.callsTo('updateCreateOnSfSettings').map((call) => call.body);
    expect(rules()).toEqual([{ type: 'opportunity', value: true }]);
    expect(opportunities).toBeChecked();

    backend.fail('updateCreateOnSfSettings', { status: 500 });
    await user.click(leads);
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith('Could not update the settings'),
    );
    expect(rules()).toEqual([
      { type: 'opportunity', value: true },
      { type: 'lead', value: false },
    ]);
    expect(leads).toBeChecked();
  });

  it('is busy while AutoMatch runs, and a double click matches once', async () => {
    renderMapper();
    await screen.findByRole('combobox', { name: 'Salesforce Fields for status' });
    const gate = backend.hold('autoMatch');
    const autoMatch = screen.getByRole('button', { name: 'AutoMatch' });
    // Two clicks before React renders again: faster than the button can turn busy.
    act(() => {
      autoMatch.click();
      autoMatch.click();
    });
    await waitFor(() => expect(autoMatch).toHaveClass('bp6-loading'));
    await waitFor(() => expect(gate.waiting).toBe(1));
    gate.open();
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(AUTO_MATCH_MESSAGE));
    expect(backend.callsTo('autoMatch')).toHaveLength(1);
  });

  it('runs AutoMatch: the server message, or the failure text and the button back', async () => {
    const user = userEvent.setup();
    renderMapper();
    await screen.findByRole('combobox', { name: 'Salesforce Fields for status' });
    await user.click(screen.getByRole('button', { name: 'AutoMatch' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(AUTO_MATCH_MESSAGE));

    backend.fail('autoMatch', { status: 400, body: { error: 'x' } });
    await user.click(screen.getByRole('button', { name: 'AutoMatch' }));
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith('Error. Could not auto match.'));
    expect(screen.getByRole('button', { name: 'AutoMatch' })).toBeEnabled();
  });
});
