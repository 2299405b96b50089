/** Tag `sync-filters`: the tenant's sync filter conditions, per entity, in AND blocks ORed together. */
import { operation, originOf, reply, sessionOf, type SandboxApp } from '../app';
import { record } from '../domain/activity';
import { filterTarget, filterView, recorded } from '../domain/activity-changes';
import { notFound } from '../domain/failure';
import {
  createFilter,
  deleteFilter,
  parseEntity,
  tenantFilter,
  tenantFilters,
  updateFilter,
} from '../domain/sync/filter-settings';
import { countFilterMatches } from '../domain/sync/preview';
import { callerOf, superAdmin } from '../domain/tenant-access';

export function registerSyncFilters(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/salesforce/data-mappings/sync-settings', (call) => {
    const { tenantId } = sessionOf(call);
    const entity = parseEntity(call.query.entity_type);
    return reply(200, tenantFilters(call.deps.store.state, tenantId, entity));
  });

  operation(app, 'post', '/api/v1/salesforce/data-mappings/sync-settings/', (call) => {
    const { tenantId } = sessionOf(call);
    superAdmin(call.deps.store.state, sessionOf(call), 'change the sync filters');
    const id = call.deps.store.transact((draft) => {
      const created = createFilter(draft, tenantId, call.body ?? {});
      // Recorded once it exists: its target names the condition's field.
      record(draft, originOf(call), {
        area: 'sync_filter',
        action: 'sync_filter.created',
        target: filterTarget(draft, created),
        before: null,
        after: filterView(draft, created),
      });
      return created;
    });
    return reply(201, tenantFilter(call.deps.store.state, tenantId, id));
  });

  operation(app, 'patch', '/api/v1/salesforce/data-mappings/sync-settings/{id}/', (call) => {
    const { tenantId } = sessionOf(call);
    superAdmin(call.deps.store.state, sessionOf(call), 'change the sync filters');
    const id = Number(call.params.id);
    call.deps.store.transact((draft) => {
      tenantFilter(draft, tenantId, id);
      recorded(
        draft,
        originOf(call),
        { area: 'sync_filter', action: 'sync_filter.changed', target: filterTarget(draft, id) },
        () => filterView(draft, id),
        () => updateFilter(draft, tenantId, id, call.body ?? {}),
      );
    });
    return reply(200, tenantFilter(call.deps.store.state, tenantId, id));
  });

  operation(app, 'delete', '/api/v1/salesforce/data-mappings/sync-settings/{id}/', (call) => {
    const { tenantId } = sessionOf(call);
    // The contract declares no 400 here: a filter a user may not delete is not theirs to see.
    if (callerOf(call.deps.store.state, sessionOf(call)).user.role !== 'super_admin')
      throw notFound();
    const id = Number(call.params.id);
    call.deps.store.transact((draft) => {
      tenantFilter(draft, tenantId, id);
      recorded(
        draft,
        originOf(call),
        { area: 'sync_filter', action: 'sync_filter.deleted', target: filterTarget(draft, id) },
        () => filterView(draft, id),
        () => deleteFilter(draft, tenantId, id),
      );
    });
    return reply(204, undefined);
  });

  operation(app, 'get', '/api/v1/salesforce/data-mappings/sync-settings/count/', (call) => {
    const { tenantId } = sessionOf(call);
    const entity = parseEntity(call.query.entity_type);
    return reply(200, countFilterMatches(call.deps.store.state, tenantId, entity));
  });
}
