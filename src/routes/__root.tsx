import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { AppShell } from '@/components/layout/app-shell';
import { ErrorPage } from '@/components/layout/error-page';
import { NotFoundPage } from '@/components/layout/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RootError,
});

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

function RootError({ error, reset }: { error: unknown; reset: () => void }) {
  const router = useRouter();
  return (
    <AppShell>
      <ErrorPage
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </AppShell>
  );
}
