import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { DataType } from '@generated/api/model';
import { FILTER_VALUE_MAX_LENGTH } from '@generated/rules';

import { VALUE_LABEL, ValueInput } from './value-input';

const CLOSE_DATE = { id: 9, name: 'targetCloseDate', dataType: DataType.Date };

function Harness({ onPick }: { onPick: (value: string) => void }) {
  const [value, setValue] = useState('2026-03-31');
  return (
    <ValueInput
      attribute={CLOSE_DATE}
      value={value}
      invalid={false}
      describedBy={undefined}
      onPick={(next) => {
        setValue(next);
        onPick(next);
      }}
      onType={() => {}}
      onBlur={() => {}}
    />
  );
}

describe('the value of a Date condition', () => {
  it('shows the day in a read-only box until focused, then the calendar, open, whose pick is saved', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: VALUE_LABEL });
    expect(box).toHaveValue('2026-03-31');
    expect(box).toHaveAttribute('readonly');
    expect(screen.queryByRole('dialog', { name: 'date picker' })).not.toBeInTheDocument();

    await user.click(box);
    const picker = await screen.findByRole('dialog', { name: 'date picker' });
    const input = screen.getByRole('combobox', { name: VALUE_LABEL });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveValue('2026-03-31');

    await user.click(within(picker).getByText('15', { exact: true }));
    expect(onPick).toHaveBeenCalledWith('2026-03-15');
    expect(screen.getByRole('combobox', { name: VALUE_LABEL })).toHaveValue('2026-03-15');
  });
});

describe('the value of a text condition', () => {
  it('stops at the contract’s bound', () => {
    render(
      <ValueInput
        attribute={{ id: 3, name: 'projectDescription', dataType: DataType.String }}
        value=""
        invalid={false}
        describedBy={undefined}
        onPick={() => {}}
        onType={() => {}}
        onBlur={() => {}}
      />,
    );
    expect(screen.getByRole('textbox', { name: VALUE_LABEL })).toHaveAttribute(
      'maxLength',
      String(FILTER_VALUE_MAX_LENGTH),
    );
  });
});

describe('the value of a Boolean condition', () => {
  const NAT_SEC = { id: 51, name: 'doesOppBelongToNatSec', dataType: DataType.Boolean };

  it("offers the contract's True and False, the words of the mapper and the overrides", async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(
      <ValueInput
        attribute={NAT_SEC}
        value=""
        invalid={false}
        describedBy={undefined}
        onPick={onPick}
        onType={() => {}}
        onBlur={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: VALUE_LABEL });
    const options = within(select)
      .getAllByRole('option')
      .filter((option) => !(option as HTMLOptionElement).disabled)
      .map((option) => [(option as HTMLOptionElement).value, option.textContent]);
    expect(options).toEqual([
      ['True', 'True'],
      ['False', 'False'],
    ]);
    await user.selectOptions(select, 'False');
    expect(onPick).toHaveBeenCalledWith('False');
  });

  it("shows a value saved as 'true' as True, not as a third choice", () => {
    render(
      <ValueInput
        attribute={NAT_SEC}
        value="true"
        invalid={false}
        describedBy={undefined}
        onPick={() => {}}
        onType={() => {}}
        onBlur={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: VALUE_LABEL });
    expect(select).toHaveValue('True');
    expect(within(select).getAllByRole('option')).toHaveLength(3);
  });
});
