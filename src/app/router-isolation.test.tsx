import { createRootRoute, createRouter } from '@tanstack/react-router';
import { expect, it } from 'vitest';

// @vitest-own-modules: the app's route modules must load here for the first time, after another
// router already exists, as they do in a worker whose earlier files made routers of their own.

it("keeps the app's own root when a router of another route tree was made before its routes loaded", async () => {
  const OtherRoot = () => null;
  // A component test's router: its root has the same id as the app's, '__root__'.
  createRouter({ routeTree: createRootRoute({ component: OtherRoot }) });

  const { routeTree } = await import('@/routes/routeTree.gen');
  const { Route: appRoot } = await import('@/routes/__root');

  expect(routeTree.options.component).not.toBe(OtherRoot);
  expect(appRoot.options.component).not.toBe(OtherRoot);
  expect(routeTree).toBe(appRoot);
});
