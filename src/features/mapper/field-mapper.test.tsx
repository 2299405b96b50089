import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend, status } from './test/fake-backend';
import { routes } from './test/mapper-data';
import { renderMapper } from './test/render-mapper';
import { toast as toasts } from '../../../tests/toaster-spies';

vi.mock('@/lib/toaster', () => import('../../../tests/toaster-spies'));

const MAPPINGS = '/api/v1/salesforce/data-mappings/';
const field = (name: string) =>
  screen.getByRole('combobox', { name: `Salesforce Fields for ${name}` });
const row = (name: string) => field(name).closest('tr') as HTMLElement;

async function openOpportunities(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Opportunities' }));
  await screen.findByRole('combobox', { name: 'Salesforce Fields for partnerProjectTitle' });
}

// Whole-screen tests on a busy machine: give them room.
describe('FieldMapper', { timeout: 30_000 }, () => {
  beforeEach(() => Object.values(toasts).forEach((toast) => toast.mockClear()));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the connection, the legend, the counts and the lead fields, without the reserved ones', async () => {
    fakeBackend(routes());
    renderMapper();
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(screen.getByText(/Connection/)).toBeInTheDocument();
    expect(
      screen.getByText(/A red asterisk means mandatory and needs a match or dummy value\./),
    ).toBeInTheDocument();
    expect(await screen.findByText('0/2 Required Fields of leads Matched')).toBeInTheDocument();
    expect(screen.getByText('2/4 Required Fields of opportunities Matched')).toBeInTheDocument();
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
    fakeBackend({ ...routes(), 'GET /api/v1/tenants/check-connection/': status(500, {}) });
    renderMapper();
    expect(await screen.findByText('FAILED')).toBeInTheDocument();
  });

  it('maps a mandatory field: one create, and the count line moves', async () => {
    const backend = fakeBackend(routes());
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(field('partnerProjectTitle'));
    await user.keyboard('opportunity name');
    await user.click(await screen.findByRole('option', { name: /^Name/ }));
    await waitFor(() => expect(backend.sent('POST', MAPPINGS)).toHaveLength(1));
    expect(backend.sent('POST', MAPPINGS)[0]?.body).toMatchObject({
      aws_ace_attribute: 40,
      salesforce_attribute: 147,
      is_concatenated: false,
    });
    expect(
      await screen.findByText('3/4 Required Fields of opportunities Matched'),
    ).toBeInTheDocument();
  });

  it('lists the required fields still unmatched; a link opens its tab and focuses its row', async () => {
    fakeBackend(routes());
    const user = userEvent.setup();
    renderMapper();
    const opportunities = await screen.findByRole('navigation', {
      name: 'Required fields of opportunities still unmatched',
    });
    const links = within(opportunities).getAllByRole('button');
    expect(links.map((link) => link.textContent)).toEqual([
      'Customer.Account.WebsiteUrl',
      'partnerProjectTitle',
    ]); // 2/4 matched
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(opportunities).getByRole('button', { name: 'partnerProjectTitle' }));
    expect(screen.getByRole('tab', { name: 'Opportunities' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() =>
      expect(row('partnerProjectTitle')).toContainElement(document.activeElement as HTMLElement),
    );

    // Mapped, it leaves the list.
    await user.click(field('partnerProjectTitle'));
    await user.keyboard('opportunity name');
    await user.click(await screen.findByRole('option', { name: /^Name/ }));
    await waitFor(() =>
      expect(
        within(opportunities).queryByRole('button', { name: 'partnerProjectTitle' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(opportunities).getAllByRole('button')).toHaveLength(1);
  });

  it('concatenates two fields chosen one after the other into one mapping', async () => {
    const backend = fakeBackend(routes());
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(field('projectDescription'));
    await user.keyboard('descr');
    await user.keyboard('{Enter}');
    await user.clear(field('projectDescription'));
    await user.keyboard('problem{Enter}');
    // One create with both, or a create then its update if the first choice was saved already.
    const writes = () => [...backend.sent('POST', MAPPINGS), ...backend.sent('PATCH', MAPPINGS)];
    await waitFor(() =>
      expect(writes().at(-1)?.body).toMatchObject({
        aws_ace_attribute: 41,
        salesforce_attribute: null,
        is_concatenated: true,
        concatenated_attribute_mapping: [{ value: 164 }, { value: 181 }],
      }),
    );
    expect(backend.sent('POST', MAPPINGS)).toHaveLength(1);
  });

  it('saves a dummy value once the typing pauses, with the whole text', async () => {
    const backend = fakeBackend(routes());
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(field('projectDescription'));
    await user.click(await screen.findByRole('option', { name: 'Dummy Value' }));
    await waitFor(() => expect(backend.sent('POST', MAPPINGS)).toHaveLength(1));
    await user.type(
      screen.getByRole('textbox', { name: 'Dummy value for projectDescription' }),
      'Fixed text',
    );
    await waitFor(() => expect(backend.sent('PATCH', MAPPINGS)).toHaveLength(1));
    expect(backend.sent('PATCH', MAPPINGS)[0]?.body).toMatchObject({
      is_dummy_value: true,
      dummy_value_description: 'Fixed text',
    });
  });

  it('clearing a mapped field deletes its mapping', async () => {
    const backend = fakeBackend(routes());
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(within(row('customerCompanyName')).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(backend.sent('DELETE', MAPPINGS)).toHaveLength(1));
    expect(backend.sent('DELETE', MAPPINGS)[0]?.path).toBe(`${MAPPINGS}2/`);
    expect(
      await screen.findByText('1/4 Required Fields of opportunities Matched'),
    ).toBeInTheDocument();
  });

  it("offers 'Receive ACE Updates?' only where the Salesforce field can take it, and patches it", async () => {
    const backend = fakeBackend(routes());
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    const receive = (name: string) =>
      screen.getByRole('checkbox', { name: `Receive ACE Updates? ${name}` });
    expect(receive('projectDescription')).toBeDisabled(); // no mapping
    expect(receive('customerCompanyName')).toBeChecked();
    // Account.Name already receives updates through customerCompanyName.
    await user.click(field('projectDescription'));
    await user.keyboard('account name{Enter}{Escape}');
    expect(receive('projectDescription')).toBeDisabled();
    await user.click(receive('stage'));
    await waitFor(() => expect(backend.sent('PATCH', `${MAPPINGS}8/`)).toHaveLength(1));
    expect(backend.sent('PATCH', `${MAPPINGS}8/`)[0]?.body).toEqual({ is_receive_update: true });
    expect(toasts.success).toHaveBeenCalledWith('Updated successfully');
  });

  it('lists 15 picklist values at first and 15 more on scroll, and maps one past the first 15', async () => {
    const backend = fakeBackend(routes());
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    const values = screen.getByRole('group', { name: 'Values of stage' });
    const valueBoxes = () => within(values).getAllByRole('combobox');
    expect(valueBoxes()).toHaveLength(15);
    Object.defineProperties(values, {
      scrollHeight: { configurable: true, value: 1000 },
      clientHeight: { configurable: true, value: 500 },
      scrollTop: { configurable: true, value: 500 },
    });
    values.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(valueBoxes()).toHaveLength(20));
    const seventeenth = screen.getByRole('combobox', {
      name: 'Salesforce values for stage Stage 17',
    });
    await user.click(seventeenth);
    await user.keyboard('sf stage 17{Enter}');
    await waitFor(() => expect(backend.sent('POST', MAPPINGS)).toHaveLength(1));
    expect(backend.sent('POST', MAPPINGS)[0]?.body).toMatchObject({
      aws_ace_attribute: 46,
      aws_ace_picklist_value: 'Stage 17',
      salesforce_picklist_value: 'SF Stage 17',
      picklist_mapping: 8,
      salesforce_attribute: 159,
      is_picklist: true,
    });
  });

  it('moves a Salesforce value from True to False on a boolean field', async () => {
    const backend = fakeBackend(routes());
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(
      screen.getByRole('combobox', { name: 'Salesforce values for doesOppBelongToNatSec False' }),
    );
    await user.keyboard('true{Enter}');
    await waitFor(() => expect(backend.sent('DELETE', MAPPINGS)).toHaveLength(1));
    expect(backend.sent('DELETE', MAPPINGS)[0]?.path).toBe(`${MAPPINGS}21/`);
    await waitFor(() => expect(backend.sent('POST', MAPPINGS)).toHaveLength(1));
    expect(backend.sent('POST', MAPPINGS)[0]?.body).toMatchObject({
      aws_ace_picklist_value: 'False',
      salesforce_picklist_value: 'true',
    });
  });

  it('runs AutoMatch: the server message, or the failure text and the button back', async () => {
    fakeBackend({
      ...routes(),
      'GET /api/v1/salesforce/auto-match': { message: 'Auto match completed.' },
    });
    const user = userEvent.setup();
    renderMapper();
    await screen.findByRole('combobox', { name: 'Salesforce Fields for status' });
    await user.click(screen.getByRole('button', { name: 'AutoMatch' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Auto match completed.'));

    vi.unstubAllGlobals();
    fakeBackend({ ...routes(), 'GET /api/v1/salesforce/auto-match': status(400, { error: 'x' }) });
    await user.click(screen.getByRole('button', { name: 'AutoMatch' }));
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith('Error. Could not auto match.'));
    expect(screen.getByRole('button', { name: 'AutoMatch' })).toBeEnabled();
  });
});
