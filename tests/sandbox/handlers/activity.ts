/**
 * Tag `activity`: who changed what. The tenant's log, newest first (a `user` reads only their own
 * events), its CSV export (every matching row), the check of its hash chain and the revert of a
 * change (super_admin). The events are written by the handlers of the changes, through
 * domain/activity.ts `record`.
 */
import {
  operation,
  originOf,
  publicUrl,
  reply,
  sessionOf,
  type Call,
  type SandboxApp,
} from '../app';
import { eventView, readableEvents, verifyChain, type ActivityFilters } from '../domain/activity';
import { activityCsv } from '../domain/activity-csv';
import { revertConflict, revertEvent } from '../domain/activity-revert';
import { callerOf, superAdmin } from '../domain/tenant-access';
import { paginate } from './paging';

/** The events the caller may read, with the query's filters. */
function readable(
  call: Pick<Call<'/api/v1/activity/', 'get'>, 'session' | 'deps'>,
  query: ActivityFilters,
) {
  const { state } = call.deps.store;
  const { user } = callerOf(state, sessionOf(call));
  return readableEvents(
    state,
    { tenantId: user.tenantId, userId: user.id, role: user.role },
    query,
  );
}

export function registerActivity(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/activity/', (call) => {
    const rows = readable(call, call.query).map(eventView);
    return reply(200, paginate(rows, publicUrl(call.context), call.query));
  });

  operation(app, 'get', '/api/v1/activity/export/', (call) => {
    const rows = readable(call, call.query);
    call.context.header('Content-Disposition', 'attachment; filename="activity.csv"');
    return reply(200, activityCsv(rows));
  });

  operation(app, 'get', '/api/v1/activity/verify/', (call) => {
    const { tenant } = superAdmin(call.deps.store.state, sessionOf(call), 'check the activity log');
    return reply(200, verifyChain(call.deps.store.state, tenant.id, call.query.noted));
  });

  operation(app, 'post', '/api/v1/activity/{id}/revert/', (call) => {
    const { tenant } = superAdmin(call.deps.store.state, sessionOf(call), 'revert a change');
    const id = Number(call.params.id);
    const conflict = revertConflict(call.deps.store.state, tenant.id, id, call.body?.confirm);
    if (conflict) return reply(409, conflict);
    const event = call.deps.store.transact((draft) =>
      revertEvent(draft, originOf(call), tenant.id, id),
    );
    return reply(201, { message: 'Change reverted.', event: eventView(event) });
  });
}
