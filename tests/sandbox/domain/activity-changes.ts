/**
 * What the activity log says of each kind of change: its target and a readable view of the thing
 * before and after. `recorded` runs a change and records it in the same transaction (domain/
 * activity.ts `record`, the one way in): the handlers name the change, this module decides what
 * an event shows of it, so every handler of one area writes the same shape.
 */
import type { State, TenantRow } from '../store/state';
import { record, type Change, type Origin } from './activity';

type Described = Pick<Change, 'area' | 'action' | 'target' | 'reverts'>;

/**
 * Runs `change` on the draft and records it: `view` is read before and after (plain JSON), so the
 * event shows what it was and what it became. A change that throws records nothing (nor does the
 * transaction keep anything).
 */
export function recorded<T>(
  draft: State,
  origin: Origin,
  described: Described | ((result: T) => Described),
  view: () => unknown,
  change: () => T,
): T {
  const before = snapshot(view());
  const result = change();
  const after = snapshot(view());
  const event = typeof described === 'function' ? described(result) : described;
  record(draft, origin, { ...event, before, after });
  return result;
}

/** A JSON copy now (a draft read later would show the change). */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** The ACE field a mapping is about, by its name (`stage`). */
export function aceFieldTarget(state: State, aceId: number): Described['target'] {
  const attribute = state.attributes.find((row) => row.id === aceId && row.is_aws_ace);
  return { kind: 'ace_attribute', id: aceId, label: attribute?.name ?? `ACE field ${aceId}` };
}

const nameOf = (state: State, id: number | null | undefined) =>
  id == null ? null : (state.attributes.find((row) => row.id === id)?.name ?? String(id));

/**
 * How one ACE field of the tenant is mapped, as a person reads it: each mapping row's Salesforce
 * field, fixed value, concatenation or picklist pair; null when the field is not mapped.
 */
export function fieldMappingView(state: State, tenantId: number, aceId: number): unknown {
  const rows = state.mappings.filter(
    (row) => row.tenant === tenantId && row.aws_ace_attribute === aceId,
  );
  if (rows.length === 0) return null;
  return rows.map((row) => ({
    salesforce_attribute: row.salesforce_attribute?.name ?? null,
    ...(row.is_dummy_value ? { fixed_value: row.dummy_value_description } : {}),
    ...(row.is_concatenated
      ? {
          concatenated: (row.concatenated_attributes ?? []).map((ref) =>
            typeof ref === 'number' ? nameOf(state, ref) : ref.name,
          ),
        }
      : {}),
    ...(row.is_picklist && (row.salesforce_picklist_value || row.aws_ace_picklist_value)
      ? { picklist: `${row.salesforce_picklist_value ?? ''} → ${row.aws_ace_picklist_value ?? ''}` }
      : {}),
    is_receive_update: row.is_receive_update,
  }));
}

/** Every mapped ACE field of the tenant, by name (AutoMatch changes many at once). */
export function mappedFieldsView(state: State, tenantId: number): string[] {
  const ids = new Set(
    state.mappings.filter((row) => row.tenant === tenantId).map((row) => row.aws_ace_attribute),
  );
  return [...ids].map((id) => nameOf(state, id) ?? String(id)).sort();
}

/**
 * An ACE field as an import's view names it: its entity and name (`Lead status`), since a lead
 * field and an opportunity field may share a name.
 */
export function importedFieldKey(state: State, aceId: number): string {
  const attribute = state.attributes.find((row) => row.id === aceId && row.is_aws_ace);
  return attribute ? `${attribute.type} ${attribute.name}` : `ACE field ${aceId}`;
}

/**
 * Runs a mappings import and records it as one event: `before` and `after` hold, by
 * importedFieldKey, the mappings (fieldMappingView) of each listed ACE field the import changed;
 * those it left as they were are not shown.
 */
export function recordedImport<T>(
  draft: State,
  origin: Origin,
  tenantId: number,
  aceIds: readonly number[],
  change: () => T,
): T {
  const view = () =>
    snapshot(
      Object.fromEntries(
        aceIds.map((id) => [importedFieldKey(draft, id), fieldMappingView(draft, tenantId, id)]),
      ),
    ) as Record<string, unknown>;
  const before = view();
  const result = change();
  const after = view();
  for (const key of Object.keys(before)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) continue;
    delete before[key];
    delete after[key];
  }
  record(draft, origin, {
    area: 'mapping',
    action: 'mapping.imported',
    target: { kind: 'ace_attribute', id: null, label: 'Mappings import' },
    before,
    after,
  });
  return result;
}

/** A sync filter condition as a person reads it; null once deleted. */
export function filterView(state: State, id: number): unknown {
  const row = state.filters.find((filter) => filter.id === id);
  if (!row) return null;
  return {
    entity: row.entity_type,
    attribute: nameOf(state, row.attributeId),
    comparison: row.comparison_type,
    value: row.field_value,
    block: row.block,
    sync_type: row.sync_type,
  };
}

export function filterTarget(state: State, id: number): Described['target'] {
  const row = state.filters.find((filter) => filter.id === id);
  const label = row
    ? `${row.entity_type} filter on ${nameOf(state, row.attributeId)}`
    : 'Sync filter';
  return { kind: 'sync_filter', id, label };
}

/**
 * The tenant's saved values for the next sync, by record and ACE field name (pending or used: a
 * sync moving a value from one to the other is not a change anyone made).
 */
export function overridesView(state: State, tenantId: number): Record<string, unknown> {
  return Object.fromEntries(
    state.overrides
      .filter((row) => row.tenantId === tenantId)
      .map((row) => [
        `${row.salesforce_id} ${nameOf(state, row.aws_ace_attribute) ?? ''}`,
        row.dummy_value,
      ]),
  );
}

const tenantOf = (state: State, tenantId: number): TenantRow | undefined =>
  state.tenants.find((row) => row.id === tenantId);

/** The create-in-Salesforce rules. */
export function rulesView(state: State, tenantId: number): unknown {
  const tenant = tenantOf(state, tenantId);
  return {
    is_lead_create_allowed_in_sf: tenant?.is_lead_create_allowed_in_sf ?? null,
    is_opportunity_create_allowed_in_sf: tenant?.is_opportunity_create_allowed_in_sf ?? null,
  };
}

/** The company's set-up and connections (never a secret: no policy document, no consumer key). */
export function companyView(state: State, tenantId: number): unknown {
  const tenant = tenantOf(state, tenantId);
  if (!tenant) return null;
  return {
    company_name: tenant.company_name,
    salesforce_username: tenant.salesforce?.username ?? null,
    is_salesforce_managed_package: tenant.salesforce?.is_salesforce_managed_package ?? null,
    aws_account_id: tenant.aws?.account_id ?? null,
    aws_role_arn: tenant.aws?.external_role_arn ?? null,
  };
}

export function companyTarget(state: State, tenantId: number): Described['target'] {
  return { kind: 'tenant', id: tenantId, label: tenantOf(state, tenantId)?.company_name ?? '' };
}

export function environmentView(state: State, tenantId: number): unknown {
  const tenant = tenantOf(state, tenantId);
  return { environment: tenant?.is_production_enabled ? 'production' : 'beta' };
}

export function unreadLaunchesView(state: State, tenantId: number): unknown {
  return { unread: state.launches.filter((row) => row.tenantId === tenantId && !row.read).length };
}

/** A user as the log shows them; null when there is none (before an invitation, after a delete). */
export function userView(state: State, userId: number): unknown {
  const user = state.users.find((row) => row.id === userId);
  if (!user) return null;
  const name = [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' ');
  return { name, email: user.email, role: user.role, is_active: user.is_active };
}

/** A user, by the address they sign in with (for a refused sign-in: the address typed). */
export function userTarget(user: { id: number | null; email: string }): Described['target'] {
  return { kind: 'user', id: user.id, label: user.email };
}

/**
 * The open sync errors of the tenant (dismissing lowers it), and the values pending for the next
 * sync of the records a dismissal is about, keyed as overridesView keys them: a record whose open
 * errors are all dismissed keeps no pending value, so its event shows the values that went.
 */
export function openErrorsView(
  state: State,
  tenantId: number,
  records: ReadonlySet<string> = new Set(),
): unknown {
  return {
    open_errors: state.syncErrors.filter((row) => row.tenantId === tenantId).length,
    pending_values: Object.fromEntries(
      state.overrides
        .filter(
          (row) =>
            row.tenantId === tenantId && row.status === 'pending' && records.has(row.salesforce_id),
        )
        .map((row) => [
          `${row.salesforce_id} ${nameOf(state, row.aws_ace_attribute) ?? ''}`,
          row.dummy_value,
        ]),
    ),
  };
}
