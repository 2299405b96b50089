import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  useMatch,
  useRouter,
} from '@tanstack/react-router';
import { Suspense } from 'react';

import { useSessionUser } from '@/api/use-session';
import type { RouterContext } from '@/app/router';
import { ApiStatus } from '@/components/api-status/api-status';
import { AppShell } from '@/components/layout/app-shell';
import { ErrorPage } from '@/components/layout/error-page';
import { lazyNamed } from '@/lib/lazy-named';
import { APP_NAME, pageTitle } from '@/lib/title';

// The navbar (menus, popovers) is only for signed-in screens: keep it off the login screen's load.
const AppNavbar = lazyNamed(() => import('@/components/layout/app-navbar'), 'AppNavbar');
// An unknown address is rare: its page loads when it is needed. The error page stays in the
// entry, since it is what shows when a screen's own code could not be loaded.
const NotFoundPage = lazyNamed(() => import('@/components/layout/not-found-page'), 'NotFoundPage');

/** The titles of the two screens the root route shows itself. */
const NOT_FOUND_SCREEN = 'Page not found';
const ERROR_SCREEN = 'Something went wrong';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every screen's route names it (see lib/title); the product's name alone is the fallback, and
  // an unknown path, whose not-found page the root route shows, is named here.
  head: ({ match }) => ({
    meta: [{ title: match._notFound ? pageTitle(NOT_FOUND_SCREEN) : APP_NAME }],
  }),
  component: RootLayout,
  notFoundComponent: RootNotFound,
  errorComponent: RootError,
});

function RootLayout() {
  // The signed-in navigation shows on the guarded screens only.
  const signedInArea = useMatch({ from: '/_authenticated', shouldThrow: false });
  const user = useSessionUser();
  return (
    <>
      {/* The routes' title, hoisted into <head> by React; it takes over index.html's <title>. */}
      <HeadContent />
      <AppShell
        actions={
          signedInArea && user ? (
            <Suspense fallback={null}>
              <AppNavbar role={user.role} />
            </Suspense>
          ) : undefined
        }
      >
        <ApiStatus>
          <Outlet />
        </ApiStatus>
      </AppShell>
    </>
  );
}

function RootNotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

function RootError({ error, reset }: { error: unknown; reset: () => void }) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  // The error boundary replaces RootLayout, its <HeadContent /> with it: the page names itself
  // (React hoists this <title> into <head> and removes it on a retry). A route guard whose call got
  // no answer (an outage) ends here too: the banner says so, and the screen loads itself again
  // once the API answers.
  return (
    <AppShell>
      <title>{pageTitle(ERROR_SCREEN)}</title>
      <ApiStatus onRecovered={retry}>
        <ErrorPage error={error} onRetry={retry} />
      </ApiStatus>
    </AppShell>
  );
}
