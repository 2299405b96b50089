/**
 * Tag `sync`: the dashboard statistics, starting a sync (run in the background by the sync
 * runner), the open errors and the log (20 per page), dismissing an error, and the values saved
 * for the next sync.
 */
import { operation, reply, sessionOf, type SandboxApp, type SandboxDeps } from '../app';
import { ApiFailure, fieldErrors } from '../domain/failure';
import {
  dismissError,
  errorLog,
  openErrors,
  savedOverrides,
  saveOverrides,
} from '../domain/sync/errors';
import { runSync } from '../domain/sync/run';
import { runningSync } from '../domain/sync/runner';
import type { SyncDirection } from '../domain/sync/types';
import { paginate } from './paging';

const DIRECTIONS: Record<string, SyncDirection> = {
  sync_data_from_salesforce_to_aws: 'salesforce_to_aws',
  sync_data_from_aws_to_salesforce: 'aws_to_salesforce',
};

function direction(value: string | undefined): SyncDirection {
  if (value === undefined || value === '') return 'both';
  const found = DIRECTIONS[value];
  if (!found) throw fieldErrors({ sync_type: [`"${value}" is not a valid choice.`] });
  return found;
}

/** Without a runner (a bare app in a test), the sync runs at once in one transaction. */
function start(deps: SandboxDeps, tenantId: number, which: SyncDirection): void {
  if (deps.startSync) deps.startSync(tenantId, which);
  else deps.store.transact((draft) => void runSync(draft, tenantId, which, deps.now()));
}

export function registerSync(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/salesforce/get-sync-data', (call) => {
    const { tenantId } = sessionOf(call);
    const stats = call.deps.store.state.stats.find((row) => row.tenantId === tenantId);
    return reply(200, {
      last_synced: stats?.last_synced ?? { lead: 0, opportunity: 0 },
      total_synced: stats?.total_synced ?? { lead: 0, opportunity: 0 },
      last_synced_date: stats?.last_synced_date ?? null,
    });
  });

  operation(app, 'post', '/api/v1/salesforce/data-mappings/sync-data/', (call) => {
    const { tenantId } = sessionOf(call);
    const { state } = call.deps.store;
    const which = direction(call.query.sync_type);
    const tenant = state.tenants.find((row) => row.id === tenantId);
    const subdomain = call.body?.tenant_sub_domain;
    if (typeof subdomain !== 'string' || subdomain.trim() === '')
      throw fieldErrors({ tenant_sub_domain: ['This field is required.'] });
    if (!tenant || subdomain !== tenant.subdomain_prefix)
      throw fieldErrors({ tenant_sub_domain: [`Unknown tenant "${subdomain}".`] });
    if (runningSync(state, tenantId, call.deps.now()))
      throw new ApiFailure(400, {
        message: 'A sync is already in progress for this tenant. Try again later.',
      });
    start(call.deps, tenantId, which);
    return reply(200, {
      message: 'Sync started. Results will appear on the dashboard when it finishes.',
    });
  });

  operation(app, 'get', '/api/v1/salesforce/data-mappings/sync-errors/', (call) => {
    const { tenantId } = sessionOf(call);
    const rows = openErrors(call.deps.store.state, tenantId);
    return reply(200, paginate(rows, call.context.req.url, call.query));
  });

  operation(app, 'get', '/api/v1/salesforce/data-mappings/sync-errors/logs/', (call) => {
    const { tenantId } = sessionOf(call);
    const rows = errorLog(call.deps.store.state, tenantId);
    return reply(200, paginate(rows, call.context.req.url, call.query));
  });

  operation(app, 'delete', '/api/v1/salesforce/data-mappings/sync-errors/{id}', (call) => {
    const { tenantId } = sessionOf(call);
    const id = Number(call.params.id);
    call.deps.store.transact((draft) => dismissError(draft, tenantId, id));
    return reply(204, undefined);
  });

  operation(app, 'get', '/api/v1/salesforce/get-dummy-value-for-error/', (call) => {
    const { tenantId } = sessionOf(call);
    return reply(200, { data: savedOverrides(call.deps.store.state, tenantId) });
  });

  operation(app, 'post', '/api/v1/salesforce/update-dummy-value-for-error/', (call) => {
    const { tenantId } = sessionOf(call);
    const saved = call.deps.store.transact((draft) => saveOverrides(draft, tenantId, call.body));
    return reply(200, {
      message:
        saved === 1
          ? 'Dummy value saved. It will be used on the next sync.'
          : 'Dummy values saved. They will be used on the next sync.',
    });
  });
}
