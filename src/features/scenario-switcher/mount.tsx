import { createRoot } from 'react-dom/client';

import { setRequestHeadersDecorator } from '@/api/http';

import { CATALOGUE } from './catalogue';
import { SCENARIO_SWITCHER_ROOT_ID } from './marker';
import { createPreferDecorator } from './prefer-decorator';
import { PRESETS } from './presets';
import { createScenarioStore } from './scenario-store';
import { ScenarioSwitcher } from './scenario-switcher';

const store = createScenarioStore();

/**
 * Development and preview builds only (app.tsx imports this module behind a build-time guard):
 * installs the `Prefer` header decorator on the transport and renders the panel into its own
 * root, outside the app's providers. Calling it again (hot reload) re-installs the decorator and
 * keeps the one panel.
 */
export function mountScenarioSwitcher(): void {
  setRequestHeadersDecorator(createPreferDecorator(CATALOGUE, store));
  if (document.getElementById(SCENARIO_SWITCHER_ROOT_ID)) return;
  const container = document.createElement('div');
  container.id = SCENARIO_SWITCHER_ROOT_ID;
  document.body.appendChild(container);
  createRoot(container).render(
    <ScenarioSwitcher catalogue={CATALOGUE} presets={PRESETS} store={store} />,
  );
}
