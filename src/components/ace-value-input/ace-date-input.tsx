import { Intent } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { CalendarIcon } from '@blueprintjs/icons';
import enUS from 'date-fns/locale/en-US';

import {
  CALENDAR_RANGE,
  DAY_PLACEHOLDER,
  dateOfDay,
  dayOfDate,
  formatDay,
  isDay,
  parseDay,
} from '@/lib/day';

export interface AceDateInputProps {
  /** The day shown, 'YYYY-MM-DD', or null when the value is not a day. */
  day: string | null;
  /**
   * 'picked': the day comes from the calendar only (the input is read-only) and is never emptied.
   * 'typed': it may also be typed, or cleared; the caller's form judges what it gets.
   */
  entry: 'picked' | 'typed';
  ariaProps: Record<string, string | boolean | undefined>;
  invalid: boolean;
  /** Take the focus (and so open the calendar) on mount: the user was on the way in. */
  autoFocus: boolean;
  onChange: (value: string) => void;
  /** The calendar closed: the value was left. */
  onTouch?: () => void;
}

/**
 * The calendar of a Date value: a day is shown, read and sent as 'YYYY-MM-DD' (date pickers
 * accept year-month-day only). Its own module, so the calendar (about 40 KB gzip) loads only when
 * a date value is being edited.
 */
export function AceDateInput(props: AceDateInputProps) {
  const { day, entry, ariaProps, invalid, autoFocus, onChange, onTouch } = props;
  const typed = entry === 'typed';
  return (
    <DateInput
      fill
      locale={enUS}
      {...CALENDAR_RANGE}
      // An ISO date and time without a zone, local midnight of the day: no time zone moves it.
      value={day ? `${day}T00:00:00` : null}
      placeholder={DAY_PLACEHOLDER}
      formatDate={(date) => formatDay(dayOfDate(date))}
      // A text is a day only when it is one written whole, not a text that starts with one.
      parseDate={(text) => {
        const parsed = isDay(text) ? parseDay(text) : undefined;
        return parsed ? dateOfDay(parsed) : false;
      }}
      onChange={(iso) => {
        const parsed = parseDay(iso);
        if (parsed) onChange(formatDay(parsed));
        else if (typed) onChange('');
      }}
      canClearSelection={typed}
      showActionsBar={typed}
      popoverProps={{ placement: 'bottom-start', onClosed: onTouch }}
      inputProps={{
        ...ariaProps,
        readOnly: !typed,
        autoFocus,
        intent: invalid ? Intent.DANGER : Intent.NONE,
        leftElement: <CalendarIcon />,
      }}
    />
  );
}
