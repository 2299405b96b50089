import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { Attribute } from '@generated/api/model';
import { OVERRIDE_VALUE_MAX_LENGTH } from '@generated/rules';

import { OverrideValueInput } from './override-value-input';

const CLOSE_DATE: Attribute = { id: 7, name: 'targetCloseDate', data_type: 'Date' };
const LABEL = 'Dummy value for 0065g00000XyZ90AAB';

function Harness({ onTouch = () => {} }: { onTouch?: () => void }) {
  const [value, setValue] = useState('2026-03-31');
  return (
    <OverrideValueInput
      attribute={CLOSE_DATE}
      value={value}
      onChange={setValue}
      label={LABEL}
      invalid={false}
      onTouch={onTouch}
    />
  );
}

describe('a Date override value', () => {
  it('shows the value in a read-only box until it is focused, then the calendar, open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: LABEL });
    expect(box).toHaveValue('2026-03-31');
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog', { name: 'date picker' })).not.toBeInTheDocument();

    await user.click(box);
    expect(await screen.findByRole('dialog', { name: 'date picker' })).toBeInTheDocument();
    const input = screen.getByRole('combobox', { name: LABEL });
    expect(input).not.toBe(box);
    expect(input).toHaveFocus();
    expect(input).toHaveValue('2026-03-31');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('takes a typed date, and counts as touched when the calendar closes', async () => {
    const user = userEvent.setup();
    const onTouch = vi.fn();
    render(<Harness onTouch={onTouch} />);
    await user.click(screen.getByRole('combobox', { name: LABEL }));
    await screen.findByRole('dialog', { name: 'date picker' });
    const input = screen.getByRole('combobox', { name: LABEL });
    await user.clear(input);
    await user.type(input, '2027-01-15{Enter}');
    await vi.waitFor(() => expect(onTouch).toHaveBeenCalled());
    expect(input).toHaveValue('2027-01-15');
  });

  it('takes a date years ahead (a target close date), not only the next six months', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <OverrideValueInput
        attribute={CLOSE_DATE}
        value=""
        onChange={onChange}
        label={LABEL}
        invalid={false}
        onTouch={() => {}}
      />,
    );
    const ahead = `${new Date().getFullYear() + 3}-06-30`;
    await user.click(screen.getByRole('combobox', { name: LABEL }));
    await screen.findByRole('dialog', { name: 'date picker' });
    // Typed, not confirmed with Enter (which takes any date): the calendar checks its range.
    await user.type(screen.getByRole('combobox', { name: LABEL }), ahead);
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith(ahead));
    expect(screen.queryByDisplayValue('Out of range')).not.toBeInTheDocument();
  });
});

describe('a text override value', () => {
  it('stops at the contract’s bound', () => {
    render(
      <OverrideValueInput
        attribute={{ id: 8, name: 'projectDescription', data_type: 'String' }}
        value=""
        onChange={() => {}}
        label={LABEL}
        invalid={false}
        onTouch={() => {}}
      />,
    );
    expect(screen.getByRole('textbox', { name: LABEL })).toHaveAttribute(
      'maxLength',
      String(OVERRIDE_VALUE_MAX_LENGTH),
    );
  });
});
