import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { SalesforceFields } from '../mapper-queries';
import { createLastChange } from '../model/last-change';
import { groupMappings } from '../model/mapping';
import { createMappingStore } from '../model/mapping-store';
import { createMappingSync } from '../model/mapping-sync';
import { ace, mapping, salesforce } from '../testing/fixtures';
import { FieldRow } from './field-row';
import { MapperContext, type MapperContextValue } from './mapper-context';
import { DUMMY_OPTION } from './salesforce-options';
import { makeOption } from './select/select-options';

const sfFields = Array.from({ length: 10_000 }, (_, i) => salesforce(1000 + i, `Field_${i}__c`));
const fields: SalesforceFields = {
  options: [DUMMY_OPTION, ...sfFields.map((f) => makeOption(String(f.id), f.name))],
  byId: new Map(sfFields.map((f) => [f.id, f])),
  loading: false,
};
const rows = [ace(40, 'partnerProjectTitle'), ace(41, 'projectDescription'), ace(42, 'nextStep')];

function renderRows() {
  const store = createMappingStore(
    groupMappings([mapping(1, 42, { salesforce_attribute: { id: 1000, name: 'Field_0__c' } })]),
  );
  const api = {
    create: vi.fn(async () => mapping(9, 40)),
    update: vi.fn(async () => mapping(9, 40)),
    remove: vi.fn(async () => {}),
  };
  const sync = createMappingSync(
    store,
    api,
    { mandatory: vi.fn(), toast: vi.fn(), deleteFailed: vi.fn() },
    () => undefined,
  );
  const changes = createLastChange(store, sync, () => undefined, {
    saved: vi.fn(),
    undone: vi.fn(),
    undoFailed: vi.fn(),
    forgotten: vi.fn(),
  });
  const context: MapperContextValue = {
    store,
    sync,
    changes,
    aceById: new Map(rows.map((row) => [row.id, row])),
    attributes: rows,
    pending: new Set(),
    flush: async () => {},
    reload: async () => {},
  };
  const renders = new Map<string, number>();
  const count = (id: string) => () => renders.set(id, (renders.get(id) ?? 0) + 1);
  render(
    <MapperContext.Provider value={context}>
      <table>
        <tbody>
          {rows.map((row) => (
            <Profiler key={row.id} id={row.name} onRender={count(row.name)}>
              <FieldRow attribute={row} fields={fields} />
            </Profiler>
          ))}
        </tbody>
      </table>
    </MapperContext.Provider>,
  );
  return { renders, api };
}

describe('FieldRow', () => {
  it('typing in one row re-renders that row only; choosing re-renders it alone too', async () => {
    const user = userEvent.setup();
    const { renders } = renderRows();
    const before = new Map(renders);
    await user.click(
      screen.getByRole('combobox', { name: 'Salesforce Fields for partnerProjectTitle' }),
    );
    await user.keyboard('field_12');
    expect(renders.get('partnerProjectTitle')).toBeGreaterThan(
      before.get('partnerProjectTitle') ?? 0,
    );
    expect(renders.get('projectDescription')).toBe(before.get('projectDescription'));
    expect(renders.get('nextStep')).toBe(before.get('nextStep'));

    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Field_12__c' })).toBeInTheDocument();
    expect(renders.get('projectDescription')).toBe(before.get('projectDescription'));
    expect(renders.get('nextStep')).toBe(before.get('nextStep'));
  });

  it("shows the dummy text box for the dummy option, and a row's own mapping", async () => {
    const user = userEvent.setup();
    renderRows();
    expect(screen.getByRole('button', { name: 'Remove Field_0__c' })).toBeInTheDocument();
    await user.click(
      screen.getByRole('combobox', { name: 'Salesforce Fields for projectDescription' }),
    );
    await user.keyboard('dummy{Enter}');
    expect(
      screen.getByRole('textbox', { name: 'Dummy value for projectDescription' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("names its Salesforce fields and 'Receive ACE Updates?' cells, for the rows stacked on a phone", () => {
    renderRows();
    const select = screen.getByRole('combobox', { name: 'Salesforce Fields for nextStep' });
    expect(select.closest('td')).toHaveAttribute('data-label', 'Salesforce Fields');
    const receive = screen.getByRole('checkbox', { name: 'Receive ACE Updates? nextStep' });
    expect(receive.closest('td')).toHaveAttribute('data-label', 'Receive ACE Updates?');
  });
});
