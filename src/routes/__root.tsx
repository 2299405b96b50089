import { createRootRouteWithContext, Outlet, useMatch, useRouter } from '@tanstack/react-router';
import { useSessionUser } from '@/api/use-session';
import type { RouterContext } from '@/app/router';
import { AppShell } from '@/components/layout/app-shell';
import { ErrorPage } from '@/components/layout/error-page';
import { NotFoundPage } from '@/components/layout/not-found-page';
import { lazy, Suspense } from 'react';

// The navbar (menus, popovers) is only for signed-in screens: keep it off the login screen's load.
const AppNavbar = lazy(() =>
  import('@/components/layout/app-navbar').then((module) => ({ default: module.AppNavbar })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RootError,
});

function RootLayout() {
  // The signed-in navigation shows on the guarded screens only.
  const signedInArea = useMatch({ from: '/_authenticated', shouldThrow: false });
  const user = useSessionUser();
  return (
    <AppShell
      actions={
        signedInArea && user ? (
          <Suspense fallback={null}>
            <AppNavbar role={user.role} />
          </Suspense>
        ) : undefined
      }
    >
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
