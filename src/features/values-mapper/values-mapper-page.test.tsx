import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { ERROR_TEXT } from '@/api/error-messages';
import type { SyncFilterCreate } from '@generated/api/model';
import { renderWithClient } from '@tests/render-with-client';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

import { ValuesMapperPage } from './values-mapper-page';

spyOnToasts();

const SYNC_FILTERS_PATH = '/api/v1/salesforce/data-mappings/sync-settings';

/** Stage is Committed and revenue above 5000, or the close date after New Year 2026. */
const SAVED: SyncFilterCreate[] = [
  {
    attribute_id: 46, // stage
    comparison_type: 'equal_to',
    field_value: 'Committed',
    entity_type: 'Opportunity',
    sync_type: 'or',
    block: 1,
    data_type: 'Picklist',
  },
  {
    attribute_id: 44, // expectedMonthlyAwsRevenue
    comparison_type: 'greater_than',
    field_value: '5000',
    entity_type: 'Opportunity',
    sync_type: 'or',
    block: 1,
    data_type: 'Double',
  },
  {
    attribute_id: 45, // targetCloseDate
    comparison_type: 'greater_than',
    field_value: '2026-01-01',
    entity_type: 'Opportunity',
    sync_type: 'or',
    block: 2,
    data_type: 'Date',
  },
];

const backend = setupSandboxBackend();

beforeEach(async () => {
  // Acme starts without filters: everything syncs until the page adds one.
  backend.store.transact((draft) => {
    draft.filters = [];
  });
  await backend.signIn(DANA);
});

/** Saves SAVED through the sandbox's API, as Dana; resolves with their ids. */
async function saveFilters(): Promise<number[]> {
  const dana = await backend.as(DANA);
  const ids: number[] = [];
  for (const filter of SAVED) ids.push((await dana.post(`${SYNC_FILTERS_PATH}/`, filter)).body.id);
  return ids;
}

/** What the sandbox counts for Acme's opportunities now. */
async function opportunityCount(): Promise<{ matching: number; total: number }> {
  const dana = await backend.as(DANA);
  return (await dana.get(`${SYNC_FILTERS_PATH}/count/?entity_type=Opportunity`)).body;
}

function renderPage(tab?: 'leads' | 'opportunities') {
  const view = renderWithClient(<ValuesMapperPage tab={tab} mapper={<p>Mapping editor</p>} />);
  return { ...view, user: userEvent.setup() };
}

const block = (n: number) => screen.getByRole('group', { name: `OR block ${n}` });
const inBlock = (n: number) => within(block(n));
const SLOW = { timeout: 3000 };

describe('values mapper page', () => {
  it('loads the Leads attributes with the sync-filter query and says all Leads sync', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sync Settings' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Add filters and rules to control which opportunities and leads automatically sync.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Mapping editor')).toBeInTheDocument();
    expect(
      await screen.findByText('There are no filters set, so all Leads will sync.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const attributes = backend.callsTo('listAwsAttributes')[0];
    expect(Object.fromEntries(attributes?.search ?? [])).toEqual({
      fields: 'name,id,type,data_type,choices',
      type: 'Lead',
      from_sync_setting_page: '1',
      'page-size': '100000',
    });
    expect(backend.callsTo('listSyncFilters')[0]?.search.get('entity_type')).toBe('Lead');
    // Only the lead attributes are offered.
    const options = within(inBlock(1).getByRole('combobox', { name: 'Attribute' })).getAllByRole(
      'option',
    );
    const leadAttributes = backend.store.state.attributes
      .filter((attribute) => attribute.is_aws_ace && attribute.type === 'Lead')
      .map((attribute) => attribute.name);
    expect(leadAttributes).toContain('status');
    expect(options.map((option) => option.textContent)).toEqual([
      'Select attribute',
      ...leadAttributes,
    ]);
  });

  it('shows saved conditions as OR blocks of AND conditions with inputs by type', async () => {
    await saveFilters();
    renderPage('opportunities');
    await screen.findByRole('group', { name: 'OR block 2' }, SLOW);
    expect(screen.queryByText(/^There are no filters set/)).not.toBeInTheDocument();
    expect(inBlock(1).getAllByRole('combobox', { name: 'Attribute' })).toHaveLength(2);
    expect(inBlock(1).getAllByRole('combobox', { name: 'Attribute value' })[0]).toHaveValue(
      'Committed',
    );
    expect(inBlock(1).getByRole('textbox', { name: 'Attribute value' })).toHaveValue('5000');
    expect(inBlock(1).getAllByRole('combobox', { name: 'Comparison' })[1]).toHaveDisplayValue(
      'Greater than',
    );
    expect(await inBlock(2).findByDisplayValue('2026-01-01')).toHaveAttribute('readonly');
    expect(screen.getByText('AND')).toBeInTheDocument();
    expect(screen.getByText('OR')).toBeInTheDocument();
  });

  it('builds conditions that save themselves: a choice at once, typed text once after a pause', async () => {
    const { user } = renderPage('opportunities');
    const first = await screen.findByRole('group', { name: 'OR block 1' }, SLOW);
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Attribute' }), 'stage');
    expect(within(first).getByRole('combobox', { name: 'Comparison' })).toHaveDisplayValue(
      'Equal To',
    );
    expect(backend.writes()).toEqual([]); // an attribute alone is not saved
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Attribute value' }),
      'Committed',
    );
    await waitFor(() => expect(backend.writes()).toHaveLength(1));
    expect(toasts.success).toHaveBeenCalledWith('Sync filter saved successfully.');
    await waitFor(() =>
      expect(screen.queryByText(/^There are no filters set/)).not.toBeInTheDocument(),
    );

    await user.click(within(first).getByRole('button', { name: 'Add' }));
    expect(toasts.success).toHaveBeenCalledWith('Added an empty sync filter.');
    const attributeSelects = within(first).getAllByRole('combobox', { name: 'Attribute' });
    await user.selectOptions(attributeSelects[1]!, 'expectedMonthlyAwsRevenue');
    await user.type(within(first).getByRole('textbox', { name: 'Attribute value' }), '5000{Enter}');
    await waitFor(() => expect(backend.writes()).toHaveLength(2), SLOW);
    expect(backend.writes()[1]?.body).toMatchObject({
      attribute_id: 44,
      comparison_type: 'greater_than',
      field_value: '5000',
      block: 1,
    });

    await user.click(screen.getByRole('button', { name: 'Add OR block' }));
    const second = block(2);
    await user.selectOptions(
      within(second).getByRole('combobox', { name: 'Attribute' }),
      'doesOppBelongToNatSec',
    );
    await user.selectOptions(
      within(second).getByRole('combobox', { name: 'Attribute value' }),
      'True',
    );
    await waitFor(() => expect(backend.writes()).toHaveLength(3));
    expect(backend.writes()[2]?.body).toMatchObject({
      attribute_id: 51,
      comparison_type: 'equal_to',
      field_value: 'True',
      block: 2,
      data_type: 'Boolean',
    });
    expect(backend.writes().every((call) => call.method === 'POST')).toBe(true);
  });

  it('says how many records the filters let through, and counts again after each saved change', async () => {
    const all = await opportunityCount();
    expect(all.matching).toBe(all.total);
    const { user } = renderPage('opportunities');
    expect(
      await screen.findByText(
        `${all.total} of ${all.total} opportunities would sync with these filters`,
      ),
    ).toBeInTheDocument();
    const first = await screen.findByRole('group', { name: 'OR block 1' }, SLOW);
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Attribute' }), 'stage');
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Attribute value' }),
      'Committed',
    );
    await waitFor(() => expect(backend.writes()).toHaveLength(1));
    const committed = await opportunityCount();
    expect(committed.matching).toBeLessThan(all.total);
    expect(
      await screen.findByText(
        `${committed.matching} of ${all.total} opportunities would sync with these filters`,
      ),
    ).toBeInTheDocument();
    const counts = backend.callsTo('countSyncFilterMatches');
    expect(counts.map((call) => call.search.get('entity_type'))).toEqual([
      'Opportunity',
      'Opportunity',
    ]);
  });

  it('does not save a non-numeric value for a numeric comparison, and says why', async () => {
    const { user } = renderPage('opportunities');
    const first = await screen.findByRole('group', { name: 'OR block 1' }, SLOW);
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Attribute' }),
      'expectedMonthlyAwsRevenue',
    );
    const value = within(first).getByRole('textbox', { name: 'Attribute value' });
    await user.type(value, 'lots');
    await user.tab();
    expect(await within(first).findByText('Please input a valid number.')).toBeInTheDocument();
    expect(value).toHaveAttribute('aria-invalid', 'true');
    await user.clear(value);
    await user.type(value, '12.5');
    await waitFor(() => expect(backend.writes()).toHaveLength(1), SLOW);
    expect(backend.writes()[0]?.body?.field_value).toBe('12.5');
    expect(within(first).queryByText('Please input a valid number.')).not.toBeInTheDocument();
  });

  it('flags an incomplete condition once another follows it in its block', async () => {
    const { user } = renderPage('opportunities');
    const first = await screen.findByRole('group', { name: 'OR block 1' }, SLOW);
    expect(within(first).queryByText('Attribute is mandatory.')).not.toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Add' }));
    expect(within(first).getAllByText('Attribute is mandatory.')).toHaveLength(1);
    expect(within(first).getAllByText('Please input a valid number.')).toHaveLength(1);
    const comparisons = within(first).getAllByRole('combobox', { name: 'Comparison' });
    await user.selectOptions(comparisons[0]!, 'Equal To');
    expect(within(first).getByText('Value is Mandatory')).toBeInTheDocument();
  });

  it('saves what was typed when the page goes away inside the debounce', async () => {
    const { user, unmount } = renderPage('opportunities');
    const first = await screen.findByRole('group', { name: 'OR block 1' }, SLOW);
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Attribute' }),
      'customerCompanyName',
    );
    await user.type(within(first).getByRole('textbox', { name: 'Attribute value' }), 'Acme');
    expect(backend.writes()).toEqual([]);
    unmount();
    await waitFor(() => expect(backend.writes()).toHaveLength(1));
    expect(backend.writes()[0]).toMatchObject({
      method: 'POST',
      keepalive: true,
      body: { attribute_id: 27, comparison_type: 'contains', field_value: 'Acme' },
    });
  });

  it('saves what was typed when the page is closed or reloaded inside the debounce', async () => {
    const { user } = renderPage('opportunities');
    const first = await screen.findByRole('group', { name: 'OR block 1' }, SLOW);
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Attribute' }), 'stage');
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Comparison' }),
      'Equal To',
    );
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Attribute' }),
      'customerCompanyName',
    );
    await user.type(within(first).getByRole('textbox', { name: 'Attribute value' }), 'Acme');
    expect(backend.writes()).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(backend.writes()).toHaveLength(1));
    expect(backend.writes()[0]).toMatchObject({
      keepalive: true,
      body: { attribute_id: 27, comparison_type: 'equal_to', field_value: 'Acme' },
    });
  });

  it('saves what was typed when the tab changes inside the debounce, then loads the other entity', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Opportunities' }));
    const first = await screen.findByRole('group', { name: 'OR block 1' }, SLOW);
    await screen.findByText('There are no filters set, so all Opportunities will sync.');
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Attribute' }),
      'customerCompanyName',
    );
    await user.type(within(first).getByRole('textbox', { name: 'Attribute value' }), 'Acme');
    await user.click(screen.getByRole('tab', { name: 'Leads' }));
    await waitFor(() => expect(backend.writes()).toHaveLength(1));
    expect(backend.writes()[0]?.body).toMatchObject({
      entity_type: 'Opportunity',
      field_value: 'Acme',
    });
    expect(
      await screen.findByText('There are no filters set, so all Leads will sync.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends an edit of a saved number once, as a PATCH of that condition', async () => {
    const [, revenue] = await saveFilters();
    const { user } = renderPage('opportunities');
    await screen.findByRole('group', { name: 'OR block 2' }, SLOW);
    const amount = inBlock(1).getByRole('textbox', { name: 'Attribute value' });
    await user.clear(amount);
    await user.type(amount, '7000');
    await waitFor(() => expect(backend.writes()).toHaveLength(1), SLOW);
    expect(backend.writes()[0]).toMatchObject({
      method: 'PATCH',
      path: `${SYNC_FILTERS_PATH}/${revenue}/`,
      body: { attribute_id: 44, comparison_type: 'greater_than', field_value: '7000', block: 1 },
    });
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Sync filter updated successfully.'),
    );
    // Past another typing pause: no late duplicate.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(backend.writes()).toHaveLength(1);
  });

  it('shows a refused save on the condition that caused it, under its value, without a toast, keeping what was typed', async () => {
    await saveFilters();
    toasts.danger.mockClear();
    const message = 'A valid number is required.';
    backend.fail('updateSyncFilter', { status: 400, body: { field_value: [message] } });
    const { user } = renderPage('opportunities');
    await screen.findByRole('group', { name: 'OR block 2' }, SLOW);
    const amount = inBlock(1).getByRole('textbox', { name: 'Attribute value' });
    await user.clear(amount);
    await user.type(amount, '7000');
    expect(await inBlock(1).findByText(message, {}, SLOW)).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(message);
    expect(amount).toHaveValue('7000');
    expect(inBlock(2).queryByText(message)).not.toBeInTheDocument();
    expect(toasts.danger).not.toHaveBeenCalled();
    // Typing again is a new try: the message goes, and the next save goes through.
    await user.type(amount, '0');
    expect(inBlock(1).queryByText(message)).not.toBeInTheDocument();
    await waitFor(() => expect(backend.callsTo('updateSyncFilter')).toHaveLength(2), SLOW);
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Sync filter updated successfully.'),
    );
  });

  it('toasts a refused save that names no field of the condition, once', async () => {
    await saveFilters();
    toasts.danger.mockClear();
    backend.fail('updateSyncFilter', { status: 500, body: { error: 'Server Error' } });
    const { user } = renderPage('opportunities');
    await screen.findByRole('group', { name: 'OR block 2' }, SLOW);
    const amount = inBlock(1).getByRole('textbox', { name: 'Attribute value' });
    await user.clear(amount);
    await user.type(amount, '7000');
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledTimes(1), SLOW);
    expect(toasts.danger).toHaveBeenCalledWith(ERROR_TEXT.server);
    expect(amount).toHaveValue('7000');
  });

  it('removes conditions: a block goes with its last one, and an empty form stays', async () => {
    const [stage, revenue, closeDate] = await saveFilters();
    const { user } = renderPage('opportunities');
    const second = await screen.findByRole('group', { name: 'OR block 2' }, SLOW);
    await user.click(within(second).getByRole('button', { name: 'Remove condition' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'OR block 2' })).not.toBeInTheDocument(),
    );
    expect(toasts.success).toHaveBeenCalledWith('Sync filter deleted successfully.');
    for (const button of inBlock(1).getAllByRole('button', { name: 'Remove condition' })) {
      await user.click(button);
    }
    await screen.findByText('There are no filters set, so all Opportunities will sync.');
    expect(inBlock(1).getByRole('combobox', { name: 'Attribute' })).toHaveValue('');
    expect(backend.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE ${SYNC_FILTERS_PATH}/${closeDate}/`,
      `DELETE ${SYNC_FILTERS_PATH}/${stage}/`,
      `DELETE ${SYNC_FILTERS_PATH}/${revenue}/`,
    ]);
  });
});
