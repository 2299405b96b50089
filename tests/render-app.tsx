import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { createAppRouter } from '@/app/router';

import { renderWithClient } from './render-with-client';
import { createTestQueryClient } from './test-query-client';

/** Renders the real route tree at `path`, with a fresh `createTestQueryClient()`. */
export function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(queryClient, history);
  const view = renderWithClient(<RouterProvider router={router} />, { client: queryClient });
  return { ...view, router, queryClient, history };
}

/**
 * For a file of whole-app tests: routes load lazily, so a busy machine gets time to show the
 * first screen; stubbed globals and spies are reset after each test.
 */
export function wholeAppTestSettings() {
  configure({ asyncUtilTimeout: 5000 });
  vi.setConfig({ testTimeout: 20_000 });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });
}
