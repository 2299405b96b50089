import { createRoot } from 'react-dom/client';
import { setRequestHeadersDecorator } from '@/api/http';
import { CATALOGUE } from './catalogue';
import { createPreferDecorator } from './prefer-decorator';
import { SCENARIO_SWITCHER_ROOT_ID } from './marker';
import { PRESETS } from './presets';
import { ScenarioSwitcher } from './scenario-switcher';
import { createScenarioStore } from './scenario-store';

/**
 * Development and preview builds only (app.tsx imports this module behind a build-time guard):
 * installs the `Prefer` header decorator on the transport and renders the panel into its own
 * root, outside the app's providers.
 */
export function mountScenarioSwitcher(): void {
  if (document.getElementById(SCENARIO_SWITCHER_ROOT_ID)) return;
  const store = createScenarioStore();
  setRequestHeadersDecorator(createPreferDecorator(CATALOGUE, store));
  const container = document.createElement('div');
  container.id = SCENARIO_SWITCHER_ROOT_ID;
  document.body.appendChild(container);
  createRoot(container).render(
    <ScenarioSwitcher catalogue={CATALOGUE} presets={PRESETS} store={store} />,
  );
}
