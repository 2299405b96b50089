import { createFileRoute, redirect } from '@tanstack/react-router';

import { setupDecision } from '@/features/auth/auth-queries';
import { DashboardPage } from '@/features/dashboard';
import type { DashboardTab, DashboardView } from '@/features/dashboard/dashboard-queries';
import { screenHead } from '@/lib/title';

/** The dashboard's view in the URL, so a reload or a shared link opens the same tab and page. */
interface DashboardSearch {
  tab?: DashboardTab;
  page?: number;
}

function validateDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const tab =
    search.tab === 'errors' || search.tab === 'logs' || search.tab === 'causes'
      ? search.tab
      : undefined;
  const raw = typeof search.page === 'string' ? Number(search.page) : search.page;
  const page = typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 ? raw : undefined;
  // Both keys always: the router merges parent search params in, so a nonsense value must be
  // overwritten (with undefined, which leaves the URL), not just left out.
  return { tab, page };
}

/** The defaults (Errors, page 1) stay out of the URL. */
function toSearch({ tab, page }: DashboardView): DashboardSearch {
  return { ...(tab !== 'errors' ? { tab } : {}), ...(page > 1 ? { page } : {}) };
}

export const Route = createFileRoute('/_authenticated/dashboard')({
  validateSearch: validateDashboardSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'errors', page: search.page ?? 1 }),
  // Set-up guard: the dashboard needs a completed set-up, else the wizard or the notice.
  beforeLoad: async ({ context, location }) => {
    const decision = await setupDecision(context.user, context.queryClient);
    if (decision !== 'allow') {
      throw redirect({ to: decision, search: { returnUrl: location.href } });
    }
  },
  // Every block's request starts here at once; the page renders without waiting for them. The
  // queries' module loads beside the screen's, not in the first chunk every visitor downloads.
  loader: async ({ context, deps }) =>
    (await import('@/features/dashboard/dashboard-queries')).prefetchDashboard(
      context.queryClient,
      deps,
      context.user.role,
    ),
  head: screenHead('Update Feed'),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { tab = 'errors', page = 1 } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <DashboardPage
      tab={tab}
      page={page}
      role={user.role}
      onViewChange={(view) => void navigate({ search: toSearch(view), resetScroll: false })}
    />
  );
}
