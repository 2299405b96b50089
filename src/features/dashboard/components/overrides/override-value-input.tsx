import { InputGroup, Intent } from '@blueprintjs/core';
import { CalendarIcon } from '@blueprintjs/icons';

import { CALENDAR_BOX_PROPS, LoadOnFocus } from '@/components/load-on-focus/load-on-focus';
import { lazyNamed } from '@/lib/lazy-named';
import type { Attribute } from '@generated/api/model';

import { allowedValues } from '../../model/override-form';
import type { DateOverrideInputProps } from './date-override-input';
import { DebouncedTextInput } from './debounced-text-input';
import { FilterSelect } from './filter-select';

const DateOverrideInput = lazyNamed(() => import('./date-override-input'), 'DateOverrideInput');
/** The placeholder of a date value, in the box and in the calendar's input. */
export const DATE_PLACEHOLDER = 'yyyy-mm-dd';

export interface OverrideValueInputProps {
  attribute: Attribute | undefined;
  value: string;
  onChange: (value: string) => void;
  label: string;
  invalid: boolean;
  describedBy?: string;
  onTouch: () => void;
}

/**
 * The value box of an override pair, shaped by the ACE attribute so that the value cannot cause
 * a new error: a filterable choice for picklists (and the contract's True/False for booleans), a yyyy-mm-dd date
 * picker for dates, and text (debounced 2 s) for the rest, numbers and e-mails checked as typed.
 */
export function OverrideValueInput({
  attribute,
  value,
  onChange,
  label,
  invalid,
  describedBy,
  onTouch,
}: OverrideValueInputProps) {
  if (!attribute) {
    return <InputGroup aria-label={label} placeholder="Dummy value" disabled />;
  }
  const choices = allowedValues(attribute);
  if (choices) {
    const labels = attribute.data_type === 'Picklist' ? (attribute.choices ?? {}) : {};
    return (
      <FilterSelect<string>
        items={choices}
        selected={value || undefined}
        onSelect={onChange}
        itemKey={(choice) => choice}
        itemText={(choice) => labels[choice] ?? choice}
        placeholder="Select value"
        label={label}
        invalid={invalid}
        onClose={onTouch}
      />
    );
  }
  if (attribute.data_type === 'Date') {
    return (
      <DateValueBox
        value={value}
        onChange={onChange}
        label={label}
        invalid={invalid}
        describedBy={describedBy}
        onTouch={onTouch}
      />
    );
  }
  const inputMode =
    attribute.data_type === 'Int'
      ? 'numeric'
      : attribute.data_type === 'Double'
        ? 'decimal'
        : attribute.data_type === 'Email'
          ? 'email'
          : 'text';
  return (
    <DebouncedTextInput
      value={value}
      onCommit={onChange}
      label={label}
      invalid={invalid}
      inputMode={inputMode}
      describedBy={describedBy}
      onBlur={onTouch}
      placeholder="Dummy value"
    />
  );
}

/**
 * A date value: a read-only box of the calendar input's role and size showing the value, until the user
 * focuses it. Only then does the calendar load (its own chunk, about 40 KB gzip), so a dashboard
 * visit that edits no date does not pay for it.
 */
function DateValueBox(props: Omit<DateOverrideInputProps, 'autoFocus'>) {
  const { value, label, invalid, describedBy } = props;
  return (
    <LoadOnFocus
      renderBox={(handlers) => (
        <InputGroup
          {...handlers}
          {...CALENDAR_BOX_PROPS}
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          intent={invalid ? Intent.DANGER : Intent.NONE}
          leftElement={<CalendarIcon />}
          placeholder={DATE_PLACEHOLDER}
          value={value}
          fill
        />
      )}
      renderControl={(autoFocus) => <DateOverrideInput {...props} autoFocus={autoFocus} />}
    />
  );
}
