import { HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { CalendarIcon } from '@blueprintjs/icons';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useDebouncedCallback } from 'use-debounce';

import { onSessionEnded } from '@/api/http';
import { FilterSelect } from '@/components/filter-select/filter-select';
import { CALENDAR_BOX_PROPS, LoadOnFocus } from '@/components/load-on-focus/load-on-focus';
import { DAY_PLACEHOLDER } from '@/lib/day';
import { lazyNamed } from '@/lib/lazy-named';
import { DataType, type AttributeChoices } from '@generated/api/model';
import {
  BOOLEAN_VALUES,
  FILTER_VALUE_MAX_LENGTH,
  hasFilterValueFormat,
  hasOverrideValueFormat,
  OVERRIDE_VALUE_MAX_LENGTH,
} from '@generated/rules';

import type { AceDateInputProps } from './ace-date-input';

const AceDateInput = lazyNamed(() => import('./ace-date-input'), 'AceDateInput');

/** How the value changed: picked from a list or the calendar, or typed (a caller may wait for a pause). */
type AceValueChange = 'picked' | 'typed';

/**
 * The contract a value is sent under, which bounds what the input offers: a sync filter's
 * `field_value` or an override's `dummy_value`.
 */
const RULES = {
  filter: {
    maxLength: FILTER_VALUE_MAX_LENGTH,
    hasFormat: hasFilterValueFormat,
    // The backend reads a filter's Boolean in any letter case: one saved as 'true' before the one
    // vocabulary means True, so it shows as True rather than as a third choice.
    booleanAnyCase: true,
    // A filter on a picklist must name one of its choices: with none, there is nothing to type.
    picklistWithoutChoicesIsText: false,
  },
  override: {
    maxLength: OVERRIDE_VALUE_MAX_LENGTH,
    hasFormat: hasOverrideValueFormat,
    // An override's Boolean must be exactly True or False: another spelling shows as it is, so
    // the form's message about it makes sense.
    booleanAnyCase: false,
    // The contract takes any override value for a picklist that has no choices.
    picklistWithoutChoicesIsText: true,
  },
} as const;

export interface AceValueInputProps {
  /** The attribute's ACE data type; none (no attribute chosen yet) gives a text box. */
  dataType: DataType | null | undefined;
  /** A Picklist's choices: stored value -> label, in display order. */
  choices?: AttributeChoices;
  value: string;
  onChange: (value: string, how: AceValueChange) => void;
  /** The accessible name. */
  label: string;
  /** The text of an empty box, and of an empty choice list unless `choicePlaceholder` says otherwise. */
  placeholder: string;
  choicePlaceholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The id of the text that says what is wrong with the value. */
  describedBy?: string;
  /** The user left the value: the box lost the focus, or the list or the calendar closed. */
  onTouch?: () => void;
  /** Whose contract the value follows: a sync filter's or an override's. */
  rules: keyof typeof RULES;
  /**
   * How choices show: the browser's own select (first letters pick, like the row's other
   * selects), or a filterable list, closed to its button until opened (many on a page).
   */
  choiceList?: 'native' | 'filterable';
  /** How a Date is entered: see AceDateInputProps.entry. */
  dateEntry?: AceDateInputProps['entry'];
  /**
   * Typed text reaches `onChange` after this pause, when the box is left or unmounted and when the
   * session ends (so nothing typed is lost), instead of at every keystroke.
   */
  typingPauseMs?: number;
}

interface Option {
  value: string;
  label: string;
}

/** A Boolean's contract words, a Picklist's choices, or undefined for a value that is typed. */
function choiceOptions(props: AceValueInputProps): Option[] | undefined {
  if (props.dataType === DataType.Boolean) {
    return BOOLEAN_VALUES.map((word) => ({ value: word, label: word }));
  }
  if (props.dataType !== DataType.Picklist) return undefined;
  const options = Object.entries(props.choices ?? {}).map(([value, label]) => ({ value, label }));
  return options.length > 0 || !RULES[props.rules].picklistWithoutChoicesIsText
    ? options
    : undefined;
}

/**
 * The input for a value of an ACE data type: a choice of a Picklist's values or of the contract's
 * True and False, a calendar for a Date (yyyy-mm-dd), and a text box for the rest, with the
 * keyboard of its type (numbers, e-mail) and the contract's length bound.
 */
export function AceValueInput(props: AceValueInputProps) {
  const { dataType, label, invalid = false, describedBy } = props;
  const aria = {
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  const options = choiceOptions(props);
  if (options) return <ChoiceValue {...props} options={options} aria={aria} />;
  if (dataType === DataType.Date) return <DateValue {...props} aria={aria} />;
  return <TextValue {...props} aria={aria} />;
}

type Aria = Record<string, string | boolean | undefined>;

function ChoiceValue(props: AceValueInputProps & { options: Option[]; aria: Aria }) {
  const { options, aria, label, placeholder, invalid = false, disabled, onChange, onTouch } = props;
  const anyCase = props.dataType === DataType.Boolean && RULES[props.rules].booleanAnyCase;
  const value = anyCase
    ? (BOOLEAN_VALUES.find((word) => word.toLowerCase() === props.value.toLowerCase()) ??
      props.value)
    : props.value;
  const choicePlaceholder = props.choicePlaceholder ?? placeholder;
  if (props.choiceList === 'filterable') {
    const labels = new Map(options.map((option) => [option.value, option.label]));
    return (
      <FilterSelect<string>
        items={options.map((option) => option.value)}
        selected={value || undefined}
        onSelect={(next) => onChange(next, 'picked')}
        itemKey={(choice) => choice}
        itemText={(choice) => labels.get(choice) ?? choice}
        placeholder={choicePlaceholder}
        label={label}
        invalid={invalid}
        describedBy={props.describedBy}
        disabled={disabled}
        onClose={onTouch}
      />
    );
  }
  // A saved value that is no longer a choice stays visible rather than silently changing.
  const known = !value || options.some((option) => option.value === value);
  return (
    <HTMLSelect
      {...aria}
      fill
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value, 'picked')}
      onBlur={onTouch}
      options={[
        { value: '', label: choicePlaceholder, disabled: true },
        ...options,
        ...(known ? [] : [{ value, label: value }]),
      ]}
    />
  );
}

/**
 * A Date: until the user first comes to it, a read-only box of the calendar input's role and size
 * shows the day; only then does the calendar load (its own chunk), so a screen that edits no date
 * does not pay for it.
 */
function DateValue(props: AceValueInputProps & { aria: Aria }) {
  const { value, aria, invalid = false, disabled, onChange, onTouch } = props;
  const day = RULES[props.rules].hasFormat(DataType.Date, value) ? value : null;
  return (
    <LoadOnFocus
      renderBox={(handlers) => (
        <InputGroup
          {...aria}
          {...handlers}
          {...CALENDAR_BOX_PROPS}
          fill
          disabled={disabled}
          intent={invalid ? Intent.DANGER : Intent.NONE}
          leftElement={<CalendarIcon />}
          placeholder={DAY_PLACEHOLDER}
          value={value}
          onBlur={() => {
            handlers.onBlur();
            onTouch?.();
          }}
        />
      )}
      renderControl={(autoFocus) => (
        <AceDateInput
          day={day}
          entry={props.dateEntry ?? 'picked'}
          ariaProps={aria}
          invalid={invalid}
          autoFocus={autoFocus}
          onChange={(next) => onChange(next, 'picked')}
          onTouch={onTouch}
        />
      )}
    />
  );
}

/** The keyboard a phone shows: whole numbers, decimals, an e-mail address, or text. */
const INPUT_MODES: Partial<Record<DataType, 'numeric' | 'decimal' | 'email'>> = {
  [DataType.Int]: 'numeric',
  [DataType.Double]: 'decimal',
  [DataType.Email]: 'email',
};

/** Enter neither submits nor sends early: the caller's pause decides when typed text is saved. */
const ignoreEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

function TextValue(props: AceValueInputProps & { aria: Aria }) {
  const { dataType, value, aria, placeholder, invalid = false, disabled, typingPauseMs } = props;
  const { onChange, onTouch } = props;
  const paused = typingPauseMs !== undefined;
  // With a pause, the box holds what is typed; the caller's value is read once, on mount (a new
  // `key` picks up a value changed elsewhere).
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback(
    (next: string) => onChange(next, 'typed'),
    typingPauseMs ?? 0,
    { flushOnExit: true },
  );
  useEffect(
    () => (paused ? onSessionEnded(() => void commit.flush()) : undefined),
    [paused, commit],
  );
  const inputMode = (dataType && INPUT_MODES[dataType]) || 'text';
  return (
    <InputGroup
      {...aria}
      fill
      disabled={disabled}
      placeholder={placeholder}
      inputMode={inputMode}
      type={inputMode === 'email' ? 'email' : 'text'}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      maxLength={RULES[props.rules].maxLength}
      value={paused ? text : value}
      onValueChange={(next) => {
        if (!paused) return onChange(next, 'typed');
        setText(next);
        commit(next);
      }}
      onKeyDown={ignoreEnter}
      onBlur={() => {
        commit.flush();
        onTouch?.();
      }}
    />
  );
}
