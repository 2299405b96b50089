import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';

import { FooterVisibilityContext } from '@/components/layout/shell-footer';
import { renderWithClient } from '@tests/render-with-client';

import { WizardPage } from '../wizard-page';

/**
 * The wizard at /new-connection in a small route tree, with a stand-in for the mapper (step 5
 * embeds the real one, which has tests of its own) and the footer's visibility recorded. The
 * backend is the test's sandbox (tests/sandbox-backend.ts).
 */
export function renderWizard() {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = (path: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{path}</h1> });
  const wizard = createRoute({
    getParentRoute: () => rootRoute,
    path: '/new-connection',
    component: () => <WizardPage mapper={<p>Field mapper</p>} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([wizard, page('/dashboard'), page('/login'), page('/logout')]),
    history: createMemoryHistory({ initialEntries: ['/new-connection'] }),
  });
  const footer = { hidden: false };
  const view = renderWithClient(
    <FooterVisibilityContext.Provider value={(hidden) => (footer.hidden = hidden)}>
      <RouterProvider router={router} />
    </FooterVisibilityContext.Provider>,
  );
  return { ...view, router, footer };
}
