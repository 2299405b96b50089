/** Every handler module, one per OpenAPI tag (mirroring generated/api/<tag>/). */
import type { SandboxApp } from '../app';
import { registerActivity } from './activity';
import { registerAttributes } from './attributes';
import { registerAuth } from './auth';
import { registerHealth } from './health';
import { registerLaunches } from './launches';
import { registerMappings } from './mappings';
import { registerOnboarding } from './onboarding';
import { registerSync } from './sync';
import { registerSyncFilters } from './sync-filters';
import { registerTenants } from './tenants';
import { registerUsers } from './users';
import { registerWebhooks } from './webhooks';

export const handlerModules: ReadonlyArray<(app: SandboxApp) => void> = [
  registerHealth,
  registerAuth,
  registerOnboarding,
  registerTenants,
  registerUsers,
  registerAttributes,
  registerMappings,
  registerSyncFilters,
  registerSync,
  registerLaunches,
  registerActivity,
  registerWebhooks,
];
