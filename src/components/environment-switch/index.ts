export { EnvironmentSwitch } from './environment-switch';
