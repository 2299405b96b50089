import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

import { createTestQueryClient } from './test-query-client';

/** A `wrapper` (for `render` or `renderHook`) that gives what it wraps `client`. */
export function withClient(client: QueryClient) {
  return function ClientWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

/**
 * Renders `ui` under a query client: a fresh `createTestQueryClient()` (the app's toast policy,
 * retries off) unless the test passes its own. The one provider wrapper of component tests.
 *
 * It imports no route: a component test that uses it stays "related" (`npm run check`) to its
 * component only, not to every page of the app as `render-app.tsx` would make it.
 */
export function renderWithClient(
  ui: ReactElement,
  { client = createTestQueryClient() }: { client?: QueryClient } = {},
) {
  const view = render(ui, { wrapper: withClient(client) });
  return { ...view, client };
}
