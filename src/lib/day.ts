/**
 * Calendar days (a sync filter's Date value, an override value of a Date attribute), kept as
 * year, month and day and written 'YYYY-MM-DD' with zero padding (date pickers accept
 * year-month-day only). They never pass through UTC, so no time zone can move them a day.
 */
import { isRealDay } from '@generated/rules/day';

export interface Day {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to 31. */
  day: number;
}

/** How a day is written, as a date box's placeholder says it: what formatDay writes. */
export const DAY_PLACEHOLDER = 'yyyy-mm-dd';

const pad = (value: number, width: number) => String(value).padStart(width, '0');

export function formatDay({ year, month, day }: Day): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The day of a 'YYYY-MM-DD' text (a longer ISO text is read by its first ten characters). */
export function parseDay(text: string | null | undefined): Day | undefined {
  const head = (text ?? '').slice(0, 10);
  // Whether the day exists is the contract's one rule (a zone that skipped a day has it too).
  if (!isRealDay(head)) return undefined;
  const [year, month, day] = head.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** True for a real calendar day written exactly 'YYYY-MM-DD'. */
export const isDay = isRealDay;

/** The local calendar day of a date picked in the calendar. */
export function dayOfDate(date: Date): Day {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/**
 * The days a calendar offers: ACE and Salesforce dates (a target close date, a filter's cut-off)
 * reach well past Blueprint's default window, which ends six months from today.
 */
export const CALENDAR_RANGE = {
  minDate: new Date(1900, 0, 1),
  maxDate: new Date(new Date().getFullYear() + 50, 11, 31),
} as const;

/** Local midnight of a day, for the calendar. */
export function dateOfDay({ year, month, day }: Day): Date {
  const date = new Date(year, month - 1, day);
  // new Date() maps years 0-99 to 1900-1999.
  date.setFullYear(year);
  return date;
}
