import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncFilterSetting } from '@generated/api/model';
import { toast } from '@/lib/toaster';
import { SyncSettingsPage } from './sync-settings-page';
import { ATTRIBUTES_PATH, COUNT_PATH, fakeSyncBackend, SETTINGS_PATH } from './test-backend';

vi.mock('@/lib/toaster', () => ({
  toast: { success: vi.fn(), danger: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const SAVED: SyncFilterSetting[] = [
  {
    id: 11,
    attribute: { id: 46, name: 'stage', data_type: 'Picklist' },
    comparison_type: 'equal_to',
    field_value: 'Committed',
    entity_type: 'Opportunity',
    sync_type: 'or',
    block: 1,
    data_type: 'Picklist',
  },
  {
    id: 12,
    attribute: { id: 44, name: 'expectedMonthlyAwsRevenue', data_type: 'Double' },
    comparison_type: 'greater_than',
    field_value: '5000',
    entity_type: 'Opportunity',
    sync_type: 'or',
    block: 1,
    data_type: 'Double',
  },
  {
    id: 13,
    attribute: { id: 45, name: 'targetCloseDate', data_type: 'Date' },
    comparison_type: 'greater_than',
    field_value: '2026-01-01',
    entity_type: 'Opportunity',
    sync_type: 'or',
    block: 2,
    data_type: 'Double',
  },
];

function renderPage(tab?: 'leads' | 'opportunities') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={client}>
      <SyncSettingsPage tab={tab} mapper={<p>Mapping editor</p>} />
    </QueryClientProvider>,
  );
  return { ...view, user: userEvent.setup() };
}

const block = (n: number) => screen.getByRole('group', { name: `OR block ${n}` });
const inBlock = (n: number) => within(block(n));
const SLOW = { timeout: 3000 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

describe('Sync Settings page', () => {
  it('loads the Leads attributes with the sync-filter query and says all Leads sync', async () => {
    const backend = fakeSyncBackend();
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
    const attributes = backend.calls.find((call) => call.path === ATTRIBUTES_PATH);
    expect(Object.fromEntries(attributes?.search ?? [])).toEqual({
      fields: 'name,id,type,data_type,choices',
      type: 'Lead',
      from_sync_setting_page: '1',
      'page-size': '100000',
    });
    expect(
      backend.calls.find((call) => call.path === SETTINGS_PATH)?.search.get('entity_type'),
    ).toBe('Lead');
    // Only the lead attributes are offered.
    const options = within(inBlock(1).getByRole('combobox', { name: 'Attribute' })).getAllByRole(
      'option',
    );
    expect(options.map((option) => option.textContent)).toEqual(['Select attribute', 'status']);
  });

  it('shows saved conditions as OR blocks of AND conditions with inputs by type', async () => {
    fakeSyncBackend({ settings: SAVED });
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
    const backend = fakeSyncBackend();
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
    expect(toast.success).toHaveBeenCalledWith('Sync filter saved successfully.');
    await waitFor(() =>
      expect(screen.queryByText(/^There are no filters set/)).not.toBeInTheDocument(),
    );

    await user.click(within(first).getByRole('button', { name: 'Add' }));
    expect(toast.success).toHaveBeenCalledWith('Added an empty sync filter.');
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
      'isNationalSecurity',
    );
    await user.selectOptions(
      within(second).getByRole('combobox', { name: 'Attribute value' }),
      'True',
    );
    await waitFor(() => expect(backend.writes()).toHaveLength(3));
    expect(backend.writes()[2]?.body).toMatchObject({
      attribute_id: 51,
      comparison_type: 'equal_to',
      field_value: 'true',
      block: 2,
      data_type: 'Boolean',
    });
    expect(backend.writes().every((call) => call.method === 'POST')).toBe(true);
  });

  it('says how many records the filters let through, and counts again after each saved change', async () => {
    const backend = fakeSyncBackend();
    const { user } = renderPage('opportunities');
    expect(
      await screen.findByText('140 of 140 opportunities would sync with these filters'),
    ).toBeInTheDocument();
    const first = await screen.findByRole('group', { name: 'OR block 1' }, SLOW);
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Attribute' }), 'stage');
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Attribute value' }),
      'Committed',
    );
    expect(
      await screen.findByText('133 of 140 opportunities would sync with these filters'),
    ).toBeInTheDocument();
    const counts = backend.calls.filter((call) => call.path === COUNT_PATH);
    expect(counts.map((call) => call.search.get('entity_type'))).toEqual([
      'Opportunity',
      'Opportunity',
    ]);
  });

  it('does not save a non-numeric value for a numeric comparison, and says why', async () => {
    const backend = fakeSyncBackend();
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
    fakeSyncBackend();
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
    const backend = fakeSyncBackend();
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
      body: { attribute_id: 60, comparison_type: 'contains', field_value: 'Acme' },
    });
  });

  it('saves what was typed when the page is closed or reloaded inside the debounce', async () => {
    const backend = fakeSyncBackend();
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
      body: { attribute_id: 60, comparison_type: 'equal_to', field_value: 'Acme' },
    });
  });

  it('saves what was typed when the tab changes inside the debounce, then loads the other entity', async () => {
    const backend = fakeSyncBackend();
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

  it('removes conditions: a block goes with its last one, and an empty form stays', async () => {
    const backend = fakeSyncBackend({ settings: SAVED });
    const { user } = renderPage('opportunities');
    const second = await screen.findByRole('group', { name: 'OR block 2' }, SLOW);
    await user.click(within(second).getByRole('button', { name: 'Remove condition' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'OR block 2' })).not.toBeInTheDocument(),
    );
    expect(toast.success).toHaveBeenCalledWith('Sync filter deleted successfully.');
    for (const button of inBlock(1).getAllByRole('button', { name: 'Remove condition' })) {
      await user.click(button);
    }
    await screen.findByText('There are no filters set, so all Opportunities will sync.');
    expect(inBlock(1).getByRole('combobox', { name: 'Attribute' })).toHaveValue('');
    expect(backend.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE ${SETTINGS_PATH}/13/`,
      `DELETE ${SETTINGS_PATH}/11/`,
      `DELETE ${SETTINGS_PATH}/12/`,
    ]);
  });
});
