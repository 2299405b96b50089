import { Intent } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { CalendarIcon } from '@blueprintjs/icons';
import enUS from 'date-fns/locale/en-US';

import { CALENDAR_RANGE, formatDay, isDay, parseDay } from '@/lib/day';

import { DATE_PLACEHOLDER, type OverrideValueInputProps } from './override-value-input';

const DATE_FORMAT = 'yyyy-MM-dd';
export interface DateOverrideInputProps extends Omit<OverrideValueInputProps, 'attribute'> {
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
  // Shown only when it is a day the form accepts (valueProblem), not a text that starts with one.
  const day = isDay(value) ? parseDay(value) : undefined;
  return (
    <DateInput
      // The calendar's value is an ISO date and time without a zone: local midnight of the day.
      value={day ? `${formatDay(day)}T00:00:00` : null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
      dateFnsFormat={DATE_FORMAT}
      {...CALENDAR_RANGE}
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
