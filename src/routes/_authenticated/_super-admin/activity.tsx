import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';

import { ActivityPage } from '@/features/activity';
import {
  parseActivitySearch,
  prefetchActivity,
  type ActivityFilters,
} from '@/features/activity/activity-queries';
import { screenHead } from '@/lib/title';

/** Activity (who changed what): super_admin only (the parent layout guards it). */
export const Route = createFileRoute('/_authenticated/_super-admin/activity')({
  // The filters and the page live in the URL, so a view can be shared and survives a reload.
  validateSearch: parseActivitySearch,
  loaderDeps: ({ search: { page, ...filters } }) => ({ filters, page: page ?? 1 }),
  // Starts the page's reads; the screen shows its skeleton until they land.
  loader: ({ context, deps }) => prefetchActivity(context.queryClient, deps.filters, deps.page),
  head: screenHead('Activity'),
  component: ActivityRoute,
});

function ActivityRoute() {
  const { page = 1, ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A stale link's page is replaced, not kept in the history to come back to.
  const goneToFirstPage = useCallback(
    () => void navigate({ search: (search) => ({ ...search, page: undefined }), replace: true }),
    [navigate],
  );
  return (
    <ActivityPage
      filters={filters}
      page={page}
      // New filters start again at page 1 (page 1 stays out of the URL).
      onFiltersChange={(next: ActivityFilters) => void navigate({ search: next, replace: true })}
      onPageChange={(next) =>
        void navigate({ search: (search) => ({ ...search, page: next > 1 ? next : undefined }) })
      }
      onPageGone={goneToFirstPage}
    />
  );
}
