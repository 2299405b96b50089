import { isDay } from '@/lib/day';
import { ActivityArea } from '@generated/api/model';

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

/** True when a view filters anything. */
export function isFiltered(filters: ActivityFilters): boolean {
  return Object.keys(filtersOf(filters)).length > 0;
}
