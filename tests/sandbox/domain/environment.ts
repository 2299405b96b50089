/**
 * The Beta/Production switch. As the app's confirmation says, leaving an environment deletes its
 * sync logs, its dashboard error logs (with the override values saved for them) and the mappings
 * of Salesforce custom attributes (API names ending in `__c`, which differ between a sandbox and
 * production org), picklist value rows included. Standard-field and dummy-value mappings stay.
 */
import type { Draft } from 'immer';

import type { MappingRow, State, TenantRow } from '../store/state';
import { salesforceVerdict } from './connection-health';

const isCustom = (name: string | undefined) => Boolean(name?.endsWith('__c'));

function usesCustomField(state: State, mapping: MappingRow): boolean {
  const nameOf = (ref: { id: number; name: string }) =>
    state.attributes.find((row) => row.id === ref.id)?.name ?? ref.name;
  const refs = [
    ...(mapping.salesforce_attribute ? [mapping.salesforce_attribute] : []),
    ...(mapping.concatenated_attributes ?? []),
  ];
  return refs.some((ref) => isCustom(nameOf(ref)));
}

/** Toggles the environment (a no-op when it is already the one asked for). */
export function switchEnvironment(
  draft: Draft<State>,
  tenant: Draft<TenantRow>,
  production: boolean,
): void {
  if (tenant.is_production_enabled === production) return;
  const others = <T extends { tenantId: number }>(rows: T[]) =>
    rows.filter((row) => row.tenantId !== tenant.id);
  draft.syncLogs = others(draft.syncLogs);
  draft.syncErrors = others(draft.syncErrors);
  draft.overrides = others(draft.overrides);

  const removed = new Set(
    draft.mappings
      .filter(
        (row) => row.tenant === tenant.id && usesCustomField(draft as State, row as MappingRow),
      )
      .map((row) => row.id),
  );
  draft.mappings = draft.mappings.filter(
    (row) =>
      !removed.has(row.id) && !(row.picklist_mapping != null && removed.has(row.picklist_mapping)),
  );

  tenant.is_production_enabled = production;
  tenant.salesforce_connection = salesforceVerdict(tenant);
}
