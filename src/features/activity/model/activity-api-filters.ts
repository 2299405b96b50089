import { parseDay } from '@/lib/day';
import type { ListActivityParams } from '@generated/api/model';

import { filtersOf, type ActivityFilters } from './activity-search';

// The filters as the API takes them, apart from the search parsing: the route reads its search in
// the first chunk every visitor loads, while this conversion is needed only once the screen asks.

/** How far `zone`'s wall clock is ahead of UTC at `time` (ms). */
function zoneOffset(time: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(time)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(time / 1000) * 1000;
}

/** Midnight in `zone` at the start of a day, `days` later, as an instant. */
function zoneMidnight(text: string, days: number, zone: string): string | undefined {
  const day = parseDay(text);
  if (!day) return undefined;
  const wall = Date.UTC(day.year, day.month - 1, day.day + days);
  // The offset at the guess, then at the instant found (a change of offset that night moves it).
  const guess = wall - zoneOffset(wall, zone);
  return new Date(wall - zoneOffset(guess, zone)).toISOString();
}

/** The user's time zone, as the table's times are shown in. */
const userZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The filters as the backend takes them: the days are the user's own (the table shows local
 * times), so they go as instants, from the first day's local midnight to the one after the last
 * day (excluded); a UTC day would move the bounds by the user's offset.
 */
export function apiFilters(filters: ActivityFilters, zone = userZone()): ActivityFilters {
  const { from, to, ...rest } = filtersOf(filters);
  return {
    ...rest,
    ...(from ? { from: zoneMidnight(from, 0, zone) } : {}),
    ...(to ? { to: zoneMidnight(to, 1, zone) } : {}),
  };
}

/** The list's params for one page of a view. */
export function listParams(filters: ActivityFilters, page: number): ListActivityParams {
  const params = apiFilters(filters);
  return page > 1 ? { ...params, page } : params;
}
