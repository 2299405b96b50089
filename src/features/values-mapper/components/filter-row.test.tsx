import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { createRefusalBoard } from '@/components/form/refusal-board';

import {
  emptyRow,
  FILTER_FIELDS,
  patchRow,
  type FilterAttribute,
  type FilterRow,
} from '../model/filter-blocks';
import { VALUE_DEBOUNCE_MS } from '../model/filter-rules';
import { FilterRowView } from './filter-row';

const REVENUE: FilterAttribute = { id: 44, name: 'expectedMonthlyAwsRevenue', dataType: 'Double' };

const refusals = createRefusalBoard(FILTER_FIELDS);

/** One row, held as the editor holds it: a patch becomes the row the view shows next. */
function Editor({ onSave }: { onSave: (row: FilterRow) => void }) {
  const [rows, setRows] = useState<FilterRow[]>(() => [{ ...emptyRow(1), attribute: REVENUE }]);
  return (
    <FilterRowView
      row={rows[0]!}
      isLast
      attributes={[REVENUE]}
      removing={false}
      refusals={refusals}
      onPatch={(key, patch) => setRows((current) => patchRow(current, key, patch))}
      onSave={onSave}
      onRemove={() => undefined}
    />
  );
}

describe('FilterRowView', () => {
  it('a choice made inside the typing pause saves the newest row once, never the older typed one', async () => {
    const onSave = vi.fn<(row: FilterRow) => void>();
    render(<Editor onSave={onSave} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Attribute value' }), '7');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Comparison' }), 'lesser_than');
    await new Promise((resolve) => setTimeout(resolve, VALUE_DEBOUNCE_MS + 200));
    expect(onSave.mock.calls.map(([row]) => [row.comparison, row.value])).toEqual([
      ['lesser_than', '7'],
    ]);
  });
});
