import { getListActivityQueryOptions } from '@generated/api/activity/activity';
import { getListUsersQueryOptions } from '@generated/api/users/users';

import { listParams } from './model/activity-api-filters';
import type { ActivityFilters } from './model/activity-search';

/**
 * The screen shows its own loading and error states (the list's BlockError, the person filter's
 * fallback), so its reads do not toast, and a failed first load waits for Retry.
 */
const SCREEN_QUERY = { meta: { silentErrors: true }, retryOnMount: false } as const;

/** One page of the log with the view's filters; the route's loader and the screen read the same. */
export const activityQueryOptions = (filters: ActivityFilters, page: number) =>
  getListActivityQueryOptions(listParams(filters, page), { query: SCREEN_QUERY });

/** The tenant's users, for the person filter: the same query Company Settings lists them with. */
export const activityPeopleQueryOptions = () => getListUsersQueryOptions({ query: SCREEN_QUERY });
