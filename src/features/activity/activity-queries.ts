import type { QueryClient } from '@tanstack/react-query';

import type { ActivityFilters } from './model/activity-search';

export { parseActivitySearch, type ActivityFilters } from './model/activity-search';

/**
 * Starts the page's reads; the screen renders without waiting for them. The queries' options (and
 * the generated API module behind them) load with the screen, not with the first chunk that every
 * visitor downloads: the route reads its search from this module at start.
 */
export async function prefetchActivity(
  queryClient: QueryClient,
  filters: ActivityFilters,
  page: number,
): Promise<void> {
  const { activityPeopleQueryOptions, activityQueryOptions } =
    await import('./activity-query-options');
  void queryClient.prefetchQuery(activityQueryOptions(filters, page));
  if (page > 1) void queryClient.prefetchQuery(activityQueryOptions(filters, 1));
  void queryClient.prefetchQuery(activityPeopleQueryOptions());
}
