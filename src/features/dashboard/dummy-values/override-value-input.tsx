import { InputGroup, Intent } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { CalendarIcon } from '@blueprintjs/icons';
import { format, isValid, parse } from 'date-fns';
import enUS from 'date-fns/locale/en-US';
import type { Attribute } from '@generated/api/model';
import { DebouncedTextInput } from './debounced-text-input';
import { allowedValues } from './dummy-form';
import { FilterSelect } from './filter-select';

const DATE_FORMAT = 'yyyy-MM-dd';

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
 * a new error: a filterable choice for picklists (and Yes/No for booleans), a yyyy-mm-dd date
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
    const parsed = value ? parse(value, DATE_FORMAT, new Date()) : null;
    return (
      <DateInput
        value={parsed && isValid(parsed) ? format(parsed, "yyyy-MM-dd'T'00:00:00") : null}
        onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
        dateFnsFormat={DATE_FORMAT}
        locale={enUS}
        placeholder="yyyy-mm-dd"
        canClearSelection
        showActionsBar
        fill
        popoverProps={{ placement: 'bottom-start', onClosed: onTouch }}
        inputProps={{
          'aria-label': label,
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
          intent: invalid ? Intent.DANGER : Intent.NONE,
          leftElement: <CalendarIcon />,
        }}
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
