export { mountScenarioSwitcher } from './mount';
