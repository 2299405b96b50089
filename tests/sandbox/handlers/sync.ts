/**
 * Tag `sync`: the dashboard statistics, starting a sync (a run, run in the background by the sync
 * runner), the runs of the last days, the open errors (one by one, 20 per page, or grouped by
 * cause), a retry of some errors' records, the log, dismissing an error, and the values saved for
 * every sync (pending while their record fails, used once a sync sent it: domain/sync/errors.ts).
 */
import {
  operation,
  originOf,
  publicUrl,
  reply,
  sessionOf,
  type SandboxApp,
  type SandboxDeps,
} from '../app';
import type { Schemas } from '../contract';
import { changesBefore, record, type Origin } from '../domain/activity';
import { openErrorsView, overridesView, recorded } from '../domain/activity-changes';
import { Conflict, fieldErrors } from '../domain/failure';
import { dismissedRecords, dismissErrors, errorCauses, retryScope } from '../domain/sync/causes';
import {
  dismissError,
  errorLog,
  openErrors,
  savedOverrides,
  saveOverrides,
} from '../domain/sync/errors';
import {
  ALREADY_RUNNING,
  activeRun,
  findRun,
  listRuns,
  queueRun,
  runAtOnce,
  runView,
} from '../domain/sync/runs';
import { syncStats } from '../domain/sync/stats';
import type { SyncDirection } from '../domain/sync/types';
import { callerOf } from '../domain/tenant-access';
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

/**
 * Queues a run and hands it to the runner. Without a runner (a bare app in a test), the run goes
 * at once, in the same transaction. Refused with the contract's 400 while a run is under way.
 */
function start(
  deps: SandboxDeps,
  origin: Origin,
  tenantId: number,
  options: { trigger: Schemas['SyncRunTrigger']; direction: SyncDirection; records?: string[] },
): Schemas['SyncRun'] {
  const runId = deps.store.transact((draft) => {
    const run = queueRun(draft, tenantId, options, deps.now());
    record(draft, origin, {
      area: 'sync',
      action: options.trigger === 'retry' ? 'sync.retried' : 'sync.started',
      target: { kind: 'sync_run', id: run.id, label: `Sync run ${run.id}` },
      before: null,
      after: { direction: run.direction, records: options.records?.length ?? null },
    });
    if (!deps.startSync) runAtOnce(draft, run.id, deps.now());
    return run.id;
  });
  deps.startSync?.(tenantId, options.direction);
  return runView(findRun(deps.store.state, tenantId, runId));
}

/** `?run=`: only the rows of that run (a positive integer). */
function byRun<T extends { runId: number | null }>(rows: T[], value: string | undefined): T[] {
  if (value === undefined || value === '') return rows;
  const run = Number(value);
  if (!Number.isInteger(run) || run < 1)
    throw fieldErrors({ run: ['A valid integer is required.'] });
  return rows.filter((row) => row.runId === run);
}

/** `?days=`: 1 to 365, 30 by default. */
function days(value: string | undefined): number {
  if (value === undefined || value === '') return 30;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 365)
    throw fieldErrors({ days: ['Ensure this value is an integer from 1 to 365.'] });
  return number;
}

export function registerSync(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/salesforce/get-sync-data', (call) => {
    const { tenantId } = sessionOf(call);
    return reply(200, syncStats(call.deps.store.state, tenantId, call.deps.now()));
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
    if (activeRun(state, tenantId)) throw new Conflict(ALREADY_RUNNING);
    const run = start(call.deps, originOf(call), tenantId, { trigger: 'manual', direction: which });
    return reply(200, {
      message: 'Sync started. Results will appear on the dashboard when it finishes.',
      run,
    });
  });

  operation(app, 'get', '/api/v1/salesforce/sync-runs/', (call) => {
    const { tenantId } = sessionOf(call);
    const { deps } = call;
    const { state } = deps.store;
    const { user } = callerOf(state, sessionOf(call));
    const caller = { tenantId, userId: user.id, role: user.role };
    const rows = listRuns(state, tenantId, days(call.query.days), deps.now(), (run, previous) =>
      changesBefore(state, caller, run, previous),
    );
    return reply(200, paginate(rows, publicUrl(call.context), call.query));
  });

  operation(app, 'get', '/api/v1/salesforce/sync-runs/{id}/', (call) => {
    const { tenantId } = sessionOf(call);
    return reply(200, runView(findRun(call.deps.store.state, tenantId, Number(call.params.id))));
  });

  operation(app, 'get', '/api/v1/salesforce/data-mappings/sync-errors/causes/', (call) => {
    const { tenantId } = sessionOf(call);
    const results = errorCauses(call.deps.store.state, tenantId);
    return reply(200, { count: results.length, results });
  });

  operation(app, 'post', '/api/v1/salesforce/data-mappings/sync-errors/retry/', (call) => {
    const { tenantId } = sessionOf(call);
    const { state } = call.deps.store;
    const scope = retryScope(state, tenantId, call.body);
    if (activeRun(state, tenantId)) throw new Conflict(ALREADY_RUNNING);
    const run = start(call.deps, originOf(call), tenantId, { trigger: 'retry', ...scope });
    const count = scope.records.length;
    return reply(200, {
      message: count === 1 ? 'Retrying 1 record.' : `Retrying ${count} records.`,
      run,
    });
  });

  operation(app, 'post', '/api/v1/salesforce/data-mappings/sync-errors/dismiss/', (call) => {
    const { tenantId } = sessionOf(call);
    const dismissed = call.deps.store.transact((draft) => {
      const records = dismissedRecords(draft, tenantId, call.body);
      return recorded(
        draft,
        originOf(call),
        {
          area: 'sync',
          action: 'sync.errors_dismissed',
          target: { kind: 'sync_error', id: null, label: 'Sync errors' },
        },
        () => openErrorsView(draft, tenantId, records),
        () => dismissErrors(draft, tenantId, call.body),
      );
    });
    return reply(200, {
      message: `Dismissed ${dismissed === 1 ? '1 error' : `${dismissed} errors`}. They stay in the log.`,
      dismissed,
    });
  });

  operation(app, 'get', '/api/v1/salesforce/data-mappings/sync-errors/', (call) => {
    const { tenantId } = sessionOf(call);
    const rows = openErrors(call.deps.store.state, tenantId, (all) => byRun(all, call.query.run));
    return reply(200, paginate(rows, publicUrl(call.context), call.query));
  });

  operation(app, 'get', '/api/v1/salesforce/data-mappings/sync-errors/logs/', (call) => {
    const { tenantId } = sessionOf(call);
    const rows = errorLog(call.deps.store.state, tenantId, (all) => byRun(all, call.query.run));
    return reply(200, paginate(rows, publicUrl(call.context), call.query));
  });

  operation(app, 'delete', '/api/v1/salesforce/data-mappings/sync-errors/{id}', (call) => {
    const { tenantId } = sessionOf(call);
    const id = Number(call.params.id);
    call.deps.store.transact((draft) => {
      const error = draft.syncErrors.find((row) => row.id === id && row.tenantId === tenantId);
      const records = new Set(error ? [error.salesforce_id] : []);
      recorded(
        draft,
        originOf(call),
        {
          area: 'sync',
          action: 'sync.errors_dismissed',
          target: { kind: 'sync_error', id, label: `Sync error ${id}` },
        },
        () => openErrorsView(draft, tenantId, records),
        () => dismissError(draft, tenantId, id),
      );
    });
    return reply(204, undefined);
  });

  operation(app, 'get', '/api/v1/salesforce/get-dummy-value-for-error/', (call) => {
    const { tenantId } = sessionOf(call);
    return reply(200, { data: savedOverrides(call.deps.store.state, tenantId) });
  });

  operation(app, 'post', '/api/v1/salesforce/update-dummy-value-for-error/', (call) => {
    const { tenantId } = sessionOf(call);
    const saved = call.deps.store.transact((draft) =>
      recorded(
        draft,
        originOf(call),
        {
          area: 'override',
          action: 'override.saved',
          target: { kind: 'overrides', id: null, label: 'Values for the next sync' },
        },
        () => overridesView(draft, tenantId),
        () => saveOverrides(draft, tenantId, call.body),
      ),
    );
    return reply(200, {
      message:
        saved === 1
          ? 'Dummy value saved. It will be used on the next sync.'
          : 'Dummy values saved. They will be used on the next sync.',
    });
  });
}
