import { createRootRouteWithContext, Outlet, useMatch, useRouter } from '@tanstack/react-router';
import { useSessionUser } from '@/api/use-session';
import type { RouterContext } from '@/app/router';
import { AppNavbar } from '@/components/layout/app-navbar';
import { AppShell } from '@/components/layout/app-shell';
import { ErrorPage } from '@/components/layout/error-page';
import { NotFoundPage } from '@/components/layout/not-found-page';

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
    <AppShell actions={signedInArea && user ? <AppNavbar role={user.role} /> : undefined}>
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
