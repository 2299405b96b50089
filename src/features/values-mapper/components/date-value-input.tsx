import { Intent } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import enUS from 'date-fns/locale/en-US';

import { CALENDAR_RANGE, dateOfDay, dayOfDate, formatDay, isDay, parseDay } from '@/lib/day';

const DATE_PLACEHOLDER = 'yyyy-mm-dd';

export interface DateValueInputProps {
  value: string;
  invalid: boolean;
  ariaProps: Record<string, string | boolean | undefined>;
  /** Take the focus (and so open the calendar) on mount: the user was on the way in. */
  autoFocus?: boolean;
  onPick: (value: string) => void;
  onBlur: () => void;
}

/**
 * A read-only calendar input for Date attributes: the day is picked, shown and sent as
 * 'YYYY-MM-DD'. Its own module, so the calendar loads only when a date value is edited.
 */
export function DateValueInput(props: DateValueInputProps) {
  const { value, invalid, ariaProps, autoFocus = false, onPick, onBlur } = props;
  return (
    <DateInput
      fill
      locale={enUS}
      {...CALENDAR_RANGE}
      canClearSelection={false}
      value={isDay(value) ? value : null}
      placeholder={DATE_PLACEHOLDER}
      formatDate={(date) => formatDay(dayOfDate(date))}
      parseDate={(text) => {
        const day = parseDay(text);
        return day ? dateOfDay(day) : false;
      }}
      onChange={(iso) => {
        const day = parseDay(iso);
        if (day) onPick(formatDay(day));
      }}
      inputProps={{
        ...ariaProps,
        readOnly: true,
        autoFocus,
        onBlur,
        intent: invalid ? Intent.DANGER : undefined,
      }}
      popoverProps={{ placement: 'bottom-start' }}
    />
  );
}
