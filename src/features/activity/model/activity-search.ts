import { isDay, parseDay } from '@/lib/day';
import { ActivityArea, type ListActivityParams } from '@generated/api/model';

/** The contract's bounds on the search text and the target. */
const SEARCH_MAX_LENGTH = 200;
const TARGET_MAX_LENGTH = 200;

/** The Activity screen's view in the URL: its filters and page, so a link opens the same view. */
export interface ActivitySearch {
  /** A user id of the tenant. */
  person?: number;
  area?: ActivityArea;
  /** One target of the area (its id as the log writes it): "Last changed by" links here. */
  target?: string;
  /** Whole days of the user's own calendar, 'YYYY-MM-DD', both included. */
  from?: string;
  to?: string;
  search?: string;
  /** 1-based; page 1 stays out of the URL. */
  page?: number;
}

/** The filters alone: what the list and the CSV export are both asked with. */
export type ActivityFilters = Omit<ActivitySearch, 'page'>;

const AREAS = new Set<string>(Object.values(ActivityArea));

function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : undefined;
}

function day(value: unknown): string | undefined {
  return typeof value === 'string' && isDay(value) ? value : undefined;
}

/**
 * Reads the search params of a link: what is not a valid filter is dropped rather than refused,
 * so an old or hand-edited link still opens the screen. Days given the wrong way round are
 * swapped: a range picked in either order means the same days (the backend refuses 'to' before
 * 'from'). Every key is returned, undefined when absent: the router merges search params, so a
 * value left out would otherwise survive from the URL.
 */
export function parseActivitySearch(raw: Record<string, unknown>): ActivitySearch {
  const area = typeof raw.area === 'string' && AREAS.has(raw.area) ? raw.area : undefined;
  let from = day(raw.from);
  let to = day(raw.to);
  if (from && to && to < from) [from, to] = [to, from];
  const text =
    typeof raw.search === 'string' ? raw.search.trim().slice(0, SEARCH_MAX_LENGTH) : undefined;
  const page = positiveInteger(raw.page);
  const target = typeof raw.target === 'string' && raw.target !== '' ? raw.target : undefined;
  return {
    person: positiveInteger(raw.person),
    area: area as ActivityArea | undefined,
    target: target?.slice(0, TARGET_MAX_LENGTH),
    from,
    to,
    search: text || undefined,
    page: page !== undefined && page > 1 ? page : undefined,
  };
}

/** The filters of a view, without the keys it leaves out: the params of listActivity and exportActivity. */
export function filtersOf(search: ActivitySearch): ActivityFilters {
  const { page: _page, ...filters } = search;
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as ActivityFilters;
}

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

/** True when a view filters anything. */
export function isFiltered(filters: ActivityFilters): boolean {
  return Object.keys(filtersOf(filters)).length > 0;
}
