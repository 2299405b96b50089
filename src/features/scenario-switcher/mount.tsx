import { createRoot } from 'react-dom/client';

import { setRequestHeadersDecorator } from '@/api/http';

import { ScenarioSwitcher } from './components/scenario-switcher';
import { CATALOGUE } from './model/catalogue';
import { SCENARIO_SWITCHER_ROOT_ID } from './model/marker';
import { createPreferDecorator } from './model/prefer-decorator';
import { PRESETS } from './model/presets';
import { linkScenariosToQueries } from './model/query-link';
import { createScenarioStore } from './model/scenario-store';

const store = createScenarioStore();
let unlinkQueries: (() => void) | undefined;

/**
 * Development and preview builds only (app.tsx imports the feature behind a build-time guard):
 * installs the `Prefer` header decorator on the transport, ties the scenarios to the app's
 * queries (a choice refetches them; a chosen failure is not retried) and renders the bar and
 * panel into their own root, outside the app's providers. Calling it again (hot reload)
 * re-installs the decorator and the tie, and keeps the one bar.
 */
export function mountScenarioSwitcher(): void {
  setRequestHeadersDecorator(createPreferDecorator(CATALOGUE, store));
  unlinkQueries?.();
  unlinkQueries = linkScenariosToQueries(CATALOGUE, store);
  if (document.getElementById(SCENARIO_SWITCHER_ROOT_ID)) return;
  const container = document.createElement('div');
  container.id = SCENARIO_SWITCHER_ROOT_ID;
  document.body.appendChild(container);
  createRoot(container).render(
    <ScenarioSwitcher catalogue={CATALOGUE} presets={PRESETS} store={store} />,
  );
}
