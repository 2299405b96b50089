/** Every handler module, one per OpenAPI tag (mirroring generated/api/<tag>/). */
import type { SandboxApp } from '../app';
import { registerAttributes } from './attributes';
import { registerAuth } from './auth';
import { registerLaunches } from './launches';
import { registerMappings } from './mappings';
import { registerOnboarding } from './onboarding';
import { registerSync } from './sync';
import { registerSyncSettings } from './sync-settings';
import { registerTenants } from './tenants';
import { registerUsers } from './users';

export const handlerModules: ReadonlyArray<(app: SandboxApp) => void> = [
  registerAuth,
  registerOnboarding,
  registerTenants,
  registerUsers,
  registerAttributes,
  registerMappings,
  registerSyncSettings,
  registerSync,
  registerLaunches,
];
