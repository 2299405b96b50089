/** Tag `mappings`: the tenant's data mappings, the required-field counts and AutoMatch. */
import { operation, originOf, publicUrl, reply, sessionOf, type SandboxApp } from '../app';
import {
  aceFieldTarget,
  fieldMappingView,
  mappedFieldsView,
  recorded,
  recordedImport,
} from '../domain/activity-changes';
import { mappingCounts } from '../domain/attributes';
import { notFound } from '../domain/failure';
import {
  autoMatch,
  createMapping,
  deleteMapping,
  importMappings,
  tenantMapping,
  updateMapping,
} from '../domain/mappings';
import { parseEntity } from '../domain/sync/filter-settings';
import { previewRecord, searchRecords } from '../domain/sync/preview';
import { callerOf, superAdmin } from '../domain/tenant-access';
import type { State } from '../store/state';
import { paginate } from './paging';

/**
 * A change to one ACE field's mapping, recorded with the field's mapping rows before and after
 * (in the change's own transaction).
 */
function mappingChanged<T>(
  draft: State,
  origin: ReturnType<typeof originOf>,
  tenantId: number,
  aceId: number,
  change: () => T,
): T {
  return recorded(
    draft,
    origin,
    { area: 'mapping', action: 'mapping.changed', target: aceFieldTarget(draft, aceId) },
    () => fieldMappingView(draft, tenantId, aceId),
    change,
  );
}

export function registerMappings(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/salesforce/data-mappings/', (call) => {
    const { tenantId } = sessionOf(call);
    const rows = call.deps.store.state.mappings.filter((row) => row.tenant === tenantId);
    return reply(200, paginate(rows, publicUrl(call.context), call.query));
  });

  operation(app, 'post', '/api/v1/salesforce/data-mappings/', (call) => {
    const { tenantId } = sessionOf(call);
    superAdmin(call.deps.store.state, sessionOf(call), 'change the mappings');
    const aceId = Number(call.body?.aws_ace_attribute);
    const id = call.deps.store.transact((draft) =>
      mappingChanged(draft, originOf(call), tenantId, aceId, () =>
        createMapping(draft, tenantId, call.body),
      ),
    );
    return reply(201, tenantMapping(call.deps.store.state, tenantId, id));
  });

  operation(app, 'patch', '/api/v1/salesforce/data-mappings/{id}/', (call) => {
    const { tenantId } = sessionOf(call);
    superAdmin(call.deps.store.state, sessionOf(call), 'change the mappings');
    const id = Number(call.params.id);
    call.deps.store.transact((draft) => {
      const aceId = tenantMapping(draft, tenantId, id).aws_ace_attribute;
      mappingChanged(draft, originOf(call), tenantId, aceId, () =>
        updateMapping(draft, tenantId, id, call.body ?? {}),
      );
    });
    return reply(200, tenantMapping(call.deps.store.state, tenantId, id));
  });

  operation(app, 'delete', '/api/v1/salesforce/data-mappings/{id}/', (call) => {
    const { tenantId } = sessionOf(call);
    // The contract declares no 400 here: a mapping a user may not delete is not theirs to see.
    if (callerOf(call.deps.store.state, sessionOf(call)).user.role !== 'super_admin')
      throw notFound();
    const id = Number(call.params.id);
    call.deps.store.transact((draft) => {
      const aceId = tenantMapping(draft, tenantId, id).aws_ace_attribute;
      mappingChanged(draft, originOf(call), tenantId, aceId, () =>
        deleteMapping(draft, tenantId, id),
      );
    });
    return reply(204, undefined);
  });

  operation(app, 'get', '/api/v1/salesforce/data-mappings/count/', (call) => {
    const { tenantId } = sessionOf(call);
    return reply(200, mappingCounts(call.deps.store.state, tenantId));
  });

  operation(app, 'get', '/api/v1/salesforce/auto-match', (call) => {
    const { tenantId } = sessionOf(call);
    superAdmin(call.deps.store.state, sessionOf(call), 'change the mappings');
    const matched = call.deps.store.transact((draft) =>
      recorded(
        draft,
        originOf(call),
        {
          area: 'mapping',
          action: 'mapping.auto_match',
          target: { kind: 'ace_attribute', id: null, label: 'AutoMatch' },
        },
        () => mappedFieldsView(draft, tenantId),
        () => autoMatch(draft, tenantId),
      ),
    );
    return reply(200, {
      message:
        matched === 0
          ? 'No new fields could be matched.'
          : `Auto match completed. ${matched} ${matched === 1 ? 'field was' : 'fields were'} matched.`,
    });
  });

  operation(app, 'post', '/api/v1/salesforce/data-mappings/import/', (call) => {
    const { tenantId } = sessionOf(call);
    superAdmin(call.deps.store.state, sessionOf(call), 'change the mappings');
    const fields = call.body.fields;
    // One transaction: a refused row throws, and nothing of the import (nor its event) is kept.
    const counts = call.deps.store.transact((draft) =>
      recordedImport(
        draft,
        originOf(call),
        tenantId,
        fields.map((item) => item.aws_ace_attribute),
        () => importMappings(draft, tenantId, call.body),
      ),
    );
    return reply(200, counts);
  });

  operation(app, 'get', '/api/v1/salesforce/records/', (call) => {
    const { tenantId } = sessionOf(call);
    const entity = parseEntity(call.query.type, 'type');
    const records = searchRecords(call.deps.store.state, tenantId, entity, call.query.search);
    return reply(200, paginate(records, publicUrl(call.context), call.query));
  });

  operation(app, 'get', '/api/v1/salesforce/records/{salesforce_id}/preview/', (call) => {
    const { tenantId } = sessionOf(call);
    return reply(
      200,
      previewRecord(call.deps.store.state, tenantId, call.params.salesforce_id ?? ''),
    );
  });
}
