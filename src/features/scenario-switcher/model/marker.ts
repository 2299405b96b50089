/**
 * The id of the panel's own root element. It appears in the bundle only where the switcher is
 * built in, so the production-build test looks for it in dist/.
 */
export const SCENARIO_SWITCHER_ROOT_ID = 'acebridge-scenario-switcher';
