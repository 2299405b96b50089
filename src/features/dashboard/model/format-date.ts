import { format, isValid, parseISO } from 'date-fns';

/** A server timestamp in the reader's time zone, e.g. 'Mar 2, 2026, 1:00 PM'; null if unusable. */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy, h:mm a') : null;
}
