import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import './app.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { awaitRequestHeadersDecorator } from '@/api/http';

import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { followSessionEnd } from './session-end';

// Development and preview builds only: the mock scenario switcher (Prism's Prefer header per call).
// The condition is replaced at build time, so a production build drops the import entirely. The
// transport holds the app's calls until the switcher is mounted, so the very first requests
// already carry the chosen scenarios. Never a top-level await here: the switcher's chunk imports
// the entry chunk back, and a bundled build would wait for itself (a blank page, no error).
if (import.meta.env.DEV || import.meta.env.VITE_SCENARIOS === 'on') {
  const switcher = import('@/features/scenario-switcher').then((m) => m.mountScenarioSwitcher());
  switcher.catch((error: unknown) =>
    console.error('The scenario switcher did not load: calls go out without scenarios.', error),
  );
  awaitRequestHeadersDecorator(switcher);
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));

  useEffect(() => followSessionEnd(queryClient, router), [queryClient, router]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
