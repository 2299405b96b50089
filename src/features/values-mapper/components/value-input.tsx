import { HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { type KeyboardEvent } from 'react';

import { CALENDAR_BOX_PROPS, LoadOnFocus } from '@/components/load-on-focus/load-on-focus';
import { lazyNamed } from '@/lib/lazy-named';
import { DataType } from '@generated/api/model';
import { BOOLEAN_VALUES, FILTER_VALUE_MAX_LENGTH } from '@generated/rules';

import type { FilterAttribute } from '../model/filter-blocks';

export const VALUE_LABEL = 'Attribute value';
const DateValueInput = lazyNamed(() => import('./date-value-input'), 'DateValueInput');
// The placeholder of the box until the calendar loads; the same text as the calendar's own.
const DATE_PLACEHOLDER = 'yyyy-mm-dd';
/** The contract's Boolean words (BooleanValue), as the mapper's value rows and the overrides say them. */
const booleanOptions = (): { value: string; label: string }[] =>
  BOOLEAN_VALUES.map((word) => ({ value: word, label: word }));
/** A Boolean value saved in another letter case ('true', before the one vocabulary) shows as its word. */
const booleanWord = (value: string) =>
  BOOLEAN_VALUES.find((word) => word.toLowerCase() === value.toLowerCase()) ?? value;

export interface ValueInputProps {
  attribute: FilterAttribute | undefined;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  /** A choice from a list or calendar: saved at once. */
  onPick: (value: string) => void;
  /** Free text: saved after the debounce. */
  onType: (value: string) => void;
  onBlur: () => void;
}

/** Enter neither submits nor saves early: the debounce decides when typed text is saved. */
const ignoreEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * The value input by the attribute's type: a picklist's choices, true or false, a read-only
 * calendar for dates, free text for everything else.
 */
export function ValueInput(props: ValueInputProps) {
  const { attribute, invalid, describedBy, onPick, onType, onBlur } = props;
  const aria = {
    'aria-label': VALUE_LABEL,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  const dataType = attribute?.dataType;
  const value = dataType === DataType.Boolean ? booleanWord(props.value) : props.value;

  if (dataType === DataType.Picklist || dataType === DataType.Boolean) {
    const options =
      dataType === DataType.Boolean
        ? booleanOptions()
        : Object.entries(attribute?.choices ?? {}).map(([key, label]) => ({ value: key, label }));
    // A saved value that is no longer a choice stays visible rather than silently changing.
    if (value && !options.some((option) => option.value === value)) {
      options.push({ value, label: value });
    }
    return (
      <HTMLSelect
        {...aria}
        fill
        value={value}
        onChange={(event) => onPick(event.currentTarget.value)}
        onBlur={onBlur}
        options={[{ value: '', label: VALUE_LABEL, disabled: true }, ...options]}
      />
    );
  }

  if (dataType === DataType.Date) {
    // The calendar (its own chunk, about 40 KB gzip) loads when the value is first focused; until
    // then a read-only box of its role and size shows the day.
    return (
      <LoadOnFocus
        renderBox={(handlers) => (
          <InputGroup
            {...aria}
            {...handlers}
            {...CALENDAR_BOX_PROPS}
            fill
            intent={invalid ? Intent.DANGER : Intent.NONE}
            placeholder={DATE_PLACEHOLDER}
            value={value}
            onBlur={() => {
              handlers.onBlur();
              onBlur();
            }}
          />
        )}
        renderControl={(autoFocus) => (
          <DateValueInput
            value={value}
            invalid={invalid}
            ariaProps={aria}
            autoFocus={autoFocus}
            onPick={onPick}
            onBlur={onBlur}
          />
        )}
      />
    );
  }

  const numeric = dataType === DataType.Int || dataType === DataType.Double;
  return (
    <InputGroup
      {...aria}
      fill
      placeholder={VALUE_LABEL}
      inputMode={numeric ? 'decimal' : undefined}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      maxLength={FILTER_VALUE_MAX_LENGTH}
      value={value}
      onValueChange={onType}
      onKeyDown={ignoreEnter}
      onBlur={onBlur}
    />
  );
}
