import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { DataType } from '@generated/api/model';
import {
  BOOLEAN_VALUES,
  FILTER_VALUE_MAX_LENGTH,
  OVERRIDE_VALUE_MAX_LENGTH,
} from '@generated/rules';

import { AceValueInput, type AceValueInputProps } from './ace-value-input';

const LABEL = 'Value of the condition';
const STAGES = { Prospect: 'Prospect', Qualified: 'Qualified', Committed: 'Committed' };

type Props = Partial<AceValueInputProps> & Pick<AceValueInputProps, 'dataType'>;

/** The input as a caller holds it: the value it emits becomes the value it shows. */
function Harness({ value: initial = '', onChange, ...props }: Props) {
  const [value, setValue] = useState(initial);
  return (
    <AceValueInput
      label={LABEL}
      placeholder="Attribute value"
      rules="filter"
      {...props}
      value={value}
      onChange={(next, how) => {
        setValue(next);
        onChange?.(next, how);
      }}
    />
  );
}

const enabledOptions = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .filter((option) => !(option as HTMLOptionElement).disabled)
    .map((option) => [(option as HTMLOptionElement).value, option.textContent]);

describe('a Boolean value', () => {
  it("offers the contract's True and False and emits the word picked", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness dataType={DataType.Boolean} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: LABEL });
    expect(enabledOptions(select)).toEqual(BOOLEAN_VALUES.map((word) => [word, word]));
    await user.selectOptions(select, 'False');
    expect(onChange).toHaveBeenCalledWith('False', 'picked');
  });

  it("shows a filter saved as 'true' as True; an override's 'true' stays as it is", () => {
    const { unmount } = render(<Harness dataType={DataType.Boolean} value="true" />);
    const select = screen.getByRole('combobox', { name: LABEL });
    expect(select).toHaveValue('True');
    expect(within(select).getAllByRole('option')).toHaveLength(3);
    unmount();

    render(
      <Harness dataType={DataType.Boolean} value="true" rules="override" choiceList="filterable" />,
    );
    expect(screen.getByRole('button', { name: `${LABEL}: true` })).toBeInTheDocument();
  });

  it('is picked with the keyboard alone in a filterable list', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onTouch = vi.fn();
    render(
      <Harness
        dataType={DataType.Boolean}
        rules="override"
        choiceList="filterable"
        choicePlaceholder="Select value"
        onChange={onChange}
        onTouch={onTouch}
      />,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: `${LABEL}: Select value` })).toHaveFocus();
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('listbox', { name: LABEL });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...BOOLEAN_VALUES]);
    await user.keyboard('Fal{Enter}');
    expect(onChange).toHaveBeenCalledWith('False', 'picked');
    expect(onTouch).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: `${LABEL}: False` })).toHaveFocus();
  });
});

describe('a Picklist value', () => {
  it("offers the attribute's choices after a disabled placeholder; keys are emitted", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Harness dataType={DataType.Picklist} choices={{ 1: 'One', 2: 'Two' }} onChange={onChange} />,
    );
    const select = screen.getByRole('combobox', { name: LABEL });
    expect(select).toHaveDisplayValue('Attribute value');
    expect(enabledOptions(select)).toEqual([
      ['1', 'One'],
      ['2', 'Two'],
    ]);
    await user.selectOptions(select, 'Two');
    expect(onChange).toHaveBeenCalledWith('2', 'picked');
  });

  it('keeps a saved value that is no longer a choice, rather than changing it silently', () => {
    render(<Harness dataType={DataType.Picklist} choices={STAGES} value="Closed Lost" />);
    const select = screen.getByRole('combobox', { name: LABEL });
    expect(select).toHaveValue('Closed Lost');
    expect(enabledOptions(select)).toContainEqual(['Closed Lost', 'Closed Lost']);
  });

  it('is reached with Tab, and a choice made there is emitted', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness dataType={DataType.Picklist} choices={STAGES} onChange={onChange} />);
    await user.tab();
    const select = screen.getByRole('combobox', { name: LABEL });
    expect(select).toHaveFocus();
    await user.selectOptions(select, 'Qualified');
    expect(onChange).toHaveBeenLastCalledWith('Qualified', 'picked');
  });

  it('filters its choices by what is typed, in a filterable list', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Harness
        dataType={DataType.Picklist}
        choices={STAGES}
        rules="override"
        choiceList="filterable"
        choicePlaceholder="Select value"
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: `${LABEL}: Select value` }));
    const list = await screen.findByRole('listbox', { name: LABEL });
    await user.keyboard('comm');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Committed']);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('Committed', 'picked');
  });

  it('takes typed text for an override when the picklist has no choices (any value fits)', () => {
    render(<Harness dataType={DataType.Picklist} choices={null} rules="override" />);
    expect(screen.getByRole('textbox', { name: LABEL })).toBeInTheDocument();
  });

  it('says it is invalid: aria-invalid on the select, a danger button for a filterable list', () => {
    const { unmount } = render(
      <Harness dataType={DataType.Picklist} choices={STAGES} invalid describedBy="why" />,
    );
    const select = screen.getByRole('combobox', { name: LABEL });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAttribute('aria-describedby', 'why');
    unmount();

    render(
      <Harness
        dataType={DataType.Picklist}
        choices={STAGES}
        rules="override"
        choiceList="filterable"
        value="Prospect"
        invalid
        describedBy="why"
      />,
    );
    const button = screen.getByRole('button', { name: `${LABEL}: Prospect` });
    expect(button).toHaveClass('bp6-intent-danger');
    expect(button).toHaveAttribute('aria-describedby', 'why');
  });
});

describe('a Date value', () => {
  it('shows the day in a read-only box until focused, then the calendar, open, whose pick is emitted', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness dataType={DataType.Date} value="2026-03-31" onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: LABEL });
    expect(box).toHaveValue('2026-03-31');
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    expect(screen.queryByRole('dialog', { name: 'date picker' })).not.toBeInTheDocument();

    await user.click(box);
    const picker = await screen.findByRole('dialog', { name: 'date picker' });
    const input = screen.getByRole('combobox', { name: LABEL });
    expect(input).not.toBe(box);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    // A filter's day is picked, not typed.
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveValue('2026-03-31');

    await user.click(within(picker).getByText('15', { exact: true }));
    expect(onChange).toHaveBeenCalledWith('2026-03-15', 'picked');
    expect(screen.getByRole('combobox', { name: LABEL })).toHaveValue('2026-03-15');
  });

  it('opens from the keyboard (Tab), and counts as touched when the calendar closes', async () => {
    const user = userEvent.setup();
    const onTouch = vi.fn();
    render(<Harness dataType={DataType.Date} value="2026-03-31" onTouch={onTouch} />);
    await user.tab();
    await screen.findByRole('dialog', { name: 'date picker' });
    expect(screen.getByRole('combobox', { name: LABEL })).toHaveFocus();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(onTouch).toHaveBeenCalled());
  });

  it('takes a typed date, years ahead, where the caller lets days be typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Harness dataType={DataType.Date} rules="override" dateEntry="typed" onChange={onChange} />,
    );
    const ahead = `${new Date().getFullYear() + 3}-06-30`;
    await user.click(screen.getByRole('combobox', { name: LABEL }));
    await screen.findByRole('dialog', { name: 'date picker' });
    // Typed, not confirmed with Enter (which takes any date): the calendar checks its range.
    await user.type(screen.getByRole('combobox', { name: LABEL }), ahead);
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith(ahead, 'picked'));
    expect(screen.queryByDisplayValue('Out of range')).not.toBeInTheDocument();
  });

  it('shows a value that is not a day as it is in the box, in the danger intent when invalid', () => {
    render(<Harness dataType={DataType.Date} value="31/03/2026" invalid rules="override" />);
    const box = screen.getByRole('combobox', { name: LABEL });
    expect(box).toHaveValue('31/03/2026');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box.closest('.bp6-input-group')).toHaveClass('bp6-intent-danger');
  });
});

describe('a typed value', () => {
  it.each([
    [DataType.String, 'text', 'text', 'Acme'],
    [DataType.Textarea, 'text', 'text', 'A longer note'],
    [DataType.Email, 'email', 'email', 'jane@example.com'],
    [DataType.Double, 'decimal', 'text', '-0.75'],
    [DataType.Int, 'numeric', 'text', '42'],
  ])(
    '%s: a text box with the %s keyboard, emitting every keystroke',
    async (dataType, mode, type, typed) => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(<Harness dataType={dataType} onChange={onChange} />);
      const box = screen.getByRole('textbox', { name: LABEL });
      expect(box).toHaveAttribute('inputmode', mode);
      expect(box).toHaveAttribute('type', type);
      expect(box).toHaveAttribute('placeholder', 'Attribute value');
      await user.type(box, `${typed}{Enter}`);
      expect(onChange).toHaveBeenCalledTimes(typed.length);
      expect(onChange).toHaveBeenLastCalledWith(typed, 'typed');
      expect(box).toHaveValue(typed);
    },
  );

  it('stops at the bound of the contract it follows', () => {
    const { unmount } = render(<Harness dataType={DataType.String} />);
    expect(screen.getByRole('textbox', { name: LABEL })).toHaveAttribute(
      'maxLength',
      String(FILTER_VALUE_MAX_LENGTH),
    );
    unmount();
    render(<Harness dataType={DataType.String} rules="override" />);
    expect(screen.getByRole('textbox', { name: LABEL })).toHaveAttribute(
      'maxLength',
      String(OVERRIDE_VALUE_MAX_LENGTH),
    );
  });

  it('emits after the typing pause, or at once when left, when the caller asks for a pause', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onTouch = vi.fn();
    render(
      <Harness
        dataType={DataType.String}
        typingPauseMs={300}
        onChange={onChange}
        onTouch={onTouch}
      />,
    );
    const box = screen.getByRole('textbox', { name: LABEL });
    await user.type(box, 'Call');
    expect(onChange).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith('Call', 'typed'));
    expect(onChange).toHaveBeenCalledTimes(1);

    await user.type(box, ' back');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('Call back', 'typed');
    expect(onTouch).toHaveBeenCalled();
  });

  it('says it is invalid, and is disabled with no attribute', () => {
    const { unmount } = render(
      <Harness dataType={DataType.Int} value="2.5" invalid describedBy="why" />,
    );
    const box = screen.getByRole('textbox', { name: LABEL });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('aria-describedby', 'why');
    expect(box.closest('.bp6-input-group')).toHaveClass('bp6-intent-danger');
    unmount();

    render(<Harness dataType={undefined} placeholder="Dummy value" disabled />);
    expect(screen.getByRole('textbox', { name: LABEL })).toBeDisabled();
  });
});
