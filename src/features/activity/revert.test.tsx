import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '@/lib/format-date';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

wholeAppTestSettings();
const backend = setupSandboxBackend();

const FIRST_LOAD = { timeout: 10_000 };
const FILTERS = '/api/v1/salesforce/data-mappings/sync-settings/';

/** A sync filter Dana adds, then changes from 900 to each of `values`, through the API. */
async function filterChangedTo(...values: string[]): Promise<number> {
  const dana = await backend.as(DANA);
  const { body } = await dana.post(FILTERS, {
    attribute_id: 44,
    comparison_type: 'lesser_than',
    field_value: '900',
    entity_type: 'Opportunity',
    block: 3,
  });
  for (const value of values) await dana.patch(`${FILTERS}${body.id}/`, { field_value: value });
  return body.id as number;
}

const valueOf = (id: number) =>
  backend.store.state.filters.find((row) => row.id === id)?.field_value;

/** The table's rows once loaded, the action of each. */
async function actionRows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'Activity' }, FIRST_LOAD);
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return within(table).getAllByRole('row').slice(1);
}

async function openEvent(action: string, index = 0) {
  const user = userEvent.setup();
  const buttons = await waitFor(async () => {
    const found = (await actionRows()).flatMap((row) =>
      within(row).queryAllByRole('button', { name: action }),
    );
    expect(found.length).toBeGreaterThan(index);
    return found;
  });
  await user.click(buttons[index]!);
  return { user, dialog: await screen.findByRole('dialog', { name: action }) };
}

describe('Revert, from an event of the activity log', () => {
  it('asks first, showing what will be restored, then puts it back as an event of its own', async () => {
    const id = await filterChangedTo('950');
    await backend.signIn(DANA);
    renderApp('/activity?area=sync_filter');
    const { user, dialog } = await openEvent('Changed a sync filter');
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));

    const confirm = await screen.findByRole('dialog', { name: 'Revert this change?' });
    const restored = within(confirm).getByRole('table', { name: 'What will be restored' });
    // Now 950, back to 900.
    expect(within(restored).getByRole('row', { name: /value/ })).toHaveTextContent('value950900');
    expect(backend.callsTo('revertActivityEvent')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revert' }));

    expect(await screen.findByText('Change reverted.')).toBeInTheDocument();
    expect(valueOf(id)).toBe('900');
    await waitFor(async () =>
      expect(within((await actionRows())[0]!).getByRole('button')).toHaveTextContent(
        'Reverted a sync filter change',
      ),
    );
  });

  it('names a later change it would overwrite, and asks again before overwriting it', async () => {
    const id = await filterChangedTo('950', '1000');
    const later = backend.store.state.activity.at(-1)!;
    await backend.signIn(DANA);
    renderApp('/activity?area=sync_filter');
    // The older of the two changes (the second row).
    const { user, dialog } = await openEvent('Changed a sync filter', 1);
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revert this change?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revert' }));

    const overwrite = await screen.findByRole('button', { name: 'Overwrite' });
    const asked = overwrite.closest('[role="dialog"]') as HTMLElement;
    expect(asked).toHaveTextContent(
      `This will overwrite a later change by Dana Whitfield at ${formatDateTime(later.at)}: Changed a sync filter.`,
    );
    expect(valueOf(id)).toBe('1000');
    await user.click(overwrite);

    expect(await screen.findByText('Change reverted.')).toBeInTheDocument();
    expect(valueOf(id)).toBe('900');
    expect(backend.callsTo('revertActivityEvent').at(-1)?.body).toEqual({ confirm: later.id });
  });

  it('is not offered for what cannot be reverted', async () => {
    await backend.signIn(DANA);
    renderApp('/activity?area=sign_in');
    const { dialog } = await openEvent('Signed in');
    expect(within(dialog).queryByRole('button', { name: 'Revert' })).not.toBeInTheDocument();
  });
});
