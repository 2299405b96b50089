import { Intent } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { CalendarIcon } from '@blueprintjs/icons';
import { format, isValid, parse } from 'date-fns';
import enUS from 'date-fns/locale/en-US';

const DATE_FORMAT = 'yyyy-MM-dd';
const DATE_PLACEHOLDER = 'yyyy-mm-dd';

export interface DateOverrideInputProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  invalid: boolean;
  describedBy?: string;
  onTouch: () => void;
  /** Focus the input (and so open the calendar) on mount: the user was on its way in. */
  autoFocus?: boolean;
}

/**
 * The yyyy-mm-dd date picker of a Date attribute's override value. Its own module, so the
 * calendar (about 40 KB gzip) loads only when a date value is being edited.
 */
export function DateOverrideInput({
  value,
  onChange,
  label,
  invalid,
  describedBy,
  onTouch,
  autoFocus = false,
}: DateOverrideInputProps) {
  const parsed = value ? parse(value, DATE_FORMAT, new Date()) : null;
  return (
    <DateInput
      value={parsed && isValid(parsed) ? format(parsed, "yyyy-MM-dd'T'00:00:00") : null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
      dateFnsFormat={DATE_FORMAT}
      locale={enUS}
      placeholder={DATE_PLACEHOLDER}
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
        autoFocus,
      }}
    />
  );
}
