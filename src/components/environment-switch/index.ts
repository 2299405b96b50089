export {
  EnvironmentSwitch,
  EnvironmentSwitchDialog,
  type EnvironmentSwitchDialogProps,
  type EnvironmentSwitchProps,
} from './environment-switch';
export {
  environmentName,
  environmentSwitchTexts,
  type EnvironmentName,
} from './environment-switch-texts';
export { useEnvironmentSwitch, type EnvironmentSwitchDestination } from './use-environment-switch';
