import { dateOfDay, isDay, parseDay } from '@/lib/day';

// The platform's Intl formats these, not a date library: date-fns' `format` brings its whole
// token formatter and English locale (about 7 KB gzip) onto the dashboard's first screen.
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** A calendar date alone ('2026-03-02') is that day in the reader's time zone, as parseISO read it. */
function parseTimestamp(value: string): Date | null {
  const day = isDay(value) ? parseDay(value) : undefined;
  const date = day ? dateOfDay(day) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Some ICU versions put a narrow no-break space before AM/PM: the texts, and what a user copies
 * from them, keep a plain space.
 */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** A server timestamp in the reader's time zone, e.g. 'Mar 2, 2026, 1:00 PM'; null if unusable. */
export function formatDateTime(value: string | null | undefined): string | null {
  const date = value ? parseTimestamp(value) : null;
  return date ? plainSpaces(DATE_TIME.format(date)) : null;
}

/** The day of a server timestamp in the reader's time zone, e.g. 'Mar 2'; '' if unusable. */
export function formatShortDay(value: string | null | undefined): string {
  const date = value ? parseTimestamp(value) : null;
  return date ? plainSpaces(SHORT_DAY.format(date)) : '';
}

const MINUTE_MS = 60_000;

/**
 * How long ago a server timestamp was, in the words a header says it: 'just now', '5 min ago',
 * '3 h ago', '2 days ago'; past a week, the date itself ('on Mar 2'). '' if unusable.
 */
export function formatAgo(value: string | null | undefined, now: number = Date.now()): string {
  const date = value ? parseTimestamp(value) : null;
  if (!date) return '';
  const minutes = Math.max(0, Math.floor((now - date.getTime()) / MINUTE_MS));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return days === 1 ? '1 day ago' : `${days} days ago`;
  return `on ${formatShortDay(value)}`;
}
