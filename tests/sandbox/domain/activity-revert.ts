/**
 * Reverting a change from the activity log: the event's `before` is put back on its target
 * through the domain functions the edit itself uses (so the same rules refuse a value that is no
 * longer valid), and the revert is recorded as an event of its own (`<area>.reverted`, naming the
 * event it reverts), in the same transaction.
 *
 * - A later event of the same target would be overwritten: the revert is refused (409, naming
 *   them) until the caller confirms the newest one it was shown (or any, with `true`).
 * - A sync filter deleted since cannot take an older change (409 naming the deletion); a revert of
 *   the deletion itself creates it again, with a new id.
 */
import type { Schemas } from '../contract';
import type { ActivityRow, Entity, State } from '../store/state';
import { isRevertible, type Origin } from './activity';
import {
  aceFieldTarget,
  fieldMappingView,
  filterTarget,
  filterView,
  importedFieldKey,
  overridesView,
  recorded,
  rulesView,
} from './activity-changes';
import { salesforceFields } from './attributes';
import { fieldErrors, notFound, refused } from './failure';
import { createMapping, deleteMapping } from './mappings';
import { ruleLabel, setCreateRule, type RuleType } from './rules';
import { removeRecordOverrides, saveOverrides } from './sync/errors';
import { createFilter, deleteFilter, updateFilter } from './sync/filter-settings';

type Conflict = Schemas['ActivityRevertConflict'];

/** What a revert of an event that cannot be reverted says, by area. */
const NOT_REVERTIBLE: Partial<Record<Schemas['ActivityArea'], string>> = {
  sign_in: 'A sign-in cannot be reverted.',
  sync: 'A sync cannot be reverted.',
  password: 'A password change cannot be reverted.',
  user: 'A change to a user cannot be reverted here; change the user in Users.',
  company: "A change to the company's connections cannot be reverted here.",
  environment: 'An environment switch cannot be reverted here; switch it back.',
  launch: 'Resolving launches cannot be reverted.',
  mapping: 'AutoMatch and mapping imports change many fields at once and cannot be reverted.',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Whether `later` changed what `event` is about: AutoMatch counts for each field it mapped, an
 * import for each field it changed.
 */
function touchesSameTarget(state: State, later: ActivityRow, event: ActivityRow): boolean {
  if (later.area !== event.area || later.target.kind !== event.target.kind) return false;
  if (later.target.id === event.target.id) return true;
  if (later.target.id !== null) return false;
  if (later.action === 'mapping.imported')
    return isRecord(later.after) && importedFieldKey(state, Number(event.target.id)) in later.after;
  const has = (value: unknown) => Array.isArray(value) && value.includes(event.target.label);
  return has(later.after) !== has(later.before);
}

/** The tenant's event `id`, or 404 (another tenant's is not found). */
function tenantEvent(state: State, tenantId: number, id: number): ActivityRow {
  const row = state.activity.find((event) => event.id === id && event.tenantId === tenantId);
  if (!row) throw notFound();
  return row;
}

/**
 * Why the revert of `id` cannot go ahead as asked: a 400 or 404 thrown, or the 409's body
 * returned; null when it can.
 */
export function revertConflict(
  state: State,
  tenantId: number,
  id: number,
  confirm: boolean | number | undefined,
): Conflict | null {
  const event = tenantEvent(state, tenantId, id);
  if (!isRevertible(event))
    throw refused(NOT_REVERTIBLE[event.area] ?? 'This change cannot be reverted.');
  const later = state.activity
    .filter((row) => row.tenantId === tenantId && row.id > event.id)
    .filter((row) => touchesSameTarget(state, row, event))
    .sort((a, b) => b.id - a.id);
  const deletion = event.area === 'sync_filter' && event.after !== null && gone(state, event);
  if (deletion) {
    const deleted = later.filter((row) => row.after === null);
    return {
      error: 'This sync filter was deleted since; revert its deletion first.',
      later: deleted.map(({ tenantId: _tenant, ...row }) => ({ ...row, revertible: true })),
      deleted: true,
    };
  }
  const newest = later[0];
  if (!newest) return null;
  if (confirm === true || (typeof confirm === 'number' && confirm >= newest.id)) return null;
  return {
    error: 'This will overwrite a later change.',
    later: later.map(({ tenantId: _tenant, ...row }) => ({
      ...row,
      revertible: isRevertible(row),
    })),
    deleted: false,
  };
}

/** A sync filter's event whose filter no longer exists. */
function gone(state: State, event: ActivityRow): boolean {
  return !state.filters.some((row) => String(row.id) === event.target.id);
}

/**
 * Puts the event's `before` back and records the revert; returns the revert's event. Call it
 * after revertConflict allowed it, inside a transaction.
 */
export function revertEvent(
  draft: State,
  origin: Origin,
  tenantId: number,
  id: number,
): ActivityRow {
  const event = tenantEvent(draft, tenantId, id);
  const { before } = event;
  const reverted = {
    area: event.area,
    action: `${event.area}.reverted` as const,
    reverts: event.id,
  };
  switch (event.area) {
    case 'sync_filter': {
      const filterId = Number(event.target.id);
      if (before === null) {
        recorded(
          draft,
          origin,
          { ...reverted, target: filterTarget(draft, filterId) },
          () => filterView(draft, filterId),
          () => deleteFilter(draft, tenantId, filterId),
        );
      } else if (gone(draft, event)) {
        let created = 0;
        recorded(
          draft,
          origin,
          () => ({ ...reverted, target: filterTarget(draft, created) }),
          () => (created === 0 ? null : filterView(draft, created)),
          () => {
            created = createFilter(draft, tenantId, filterInput(draft, before));
          },
        );
      } else {
        recorded(
          draft,
          origin,
          { ...reverted, target: filterTarget(draft, filterId) },
          () => filterView(draft, filterId),
          () => updateFilter(draft, tenantId, filterId, filterInput(draft, before)),
        );
      }
      break;
    }
    case 'mapping': {
      const aceId = Number(event.target.id);
      recorded(
        draft,
        origin,
        { ...reverted, target: aceFieldTarget(draft, aceId) },
        () => fieldMappingView(draft, tenantId, aceId),
        () => restoreMapping(draft, tenantId, aceId, before),
      );
      break;
    }
    case 'override':
      recorded(
        draft,
        origin,
        { ...reverted, target: event.target },
        () => overridesView(draft, tenantId),
        () => restoreOverrides(draft, tenantId, before),
      );
      break;
    case 'rule': {
      const type = event.target.id as RuleType;
      const field =
        type === 'lead' ? 'is_lead_create_allowed_in_sf' : 'is_opportunity_create_allowed_in_sf';
      const value = isRecord(before) ? before[field] : undefined;
      if (typeof value !== 'boolean') throw refused('This change holds no value to put back.');
      recorded(
        draft,
        origin,
        { ...reverted, target: { kind: 'rule', id: type, label: ruleLabel(type) } },
        () => rulesView(draft, tenantId),
        () => setCreateRule(draft, tenantId, type, value),
      );
      break;
    }
    default:
      throw refused(NOT_REVERTIBLE[event.area] ?? 'This change cannot be reverted.');
  }
  const row = draft.activity.at(-1);
  if (!row) throw new Error('a revert recorded no event');
  return row;
}

/** The ACE attribute named `name` (of one entity when given), as the log's views name them. */
function aceIdByName(state: State, name: unknown, entity?: string): number | undefined {
  return state.attributes.find(
    (row) => row.is_aws_ace && row.name === name && (entity === undefined || row.type === entity),
  )?.id;
}

/** A sync filter's write from its view in the log (filterView). */
function filterInput(state: State, before: unknown) {
  if (!isRecord(before)) throw refused('This change holds no sync filter to put back.');
  const entity = before.entity as 'Lead' | 'Opportunity';
  return {
    attribute_id: aceIdByName(state, before.attribute, entity) ?? 0,
    comparison_type: before.comparison as Schemas['SyncFilterWrite']['comparison_type'],
    field_value: String(before.value),
    entity_type: entity,
    block: Number(before.block),
    sync_type: (before.sync_type ?? 'or') as Schemas['SyncFilterWrite']['sync_type'],
  };
}

/** The tenant's Salesforce field of `entity` named `name`, or a 400 naming it. */
function salesforceFieldId(state: State, tenantId: number, name: unknown, entity: string): number {
  const field = salesforceFields(state, tenantId, entity as Entity).find(
    (row) => row.name === name,
  );
  if (!field)
    throw fieldErrors({
      salesforce_attribute: [`The Salesforce field ${String(name)} no longer exists.`],
    });
  return field.id;
}

/**
 * Maps the ACE field as the log's view of it says (fieldMappingView): its rows are deleted, then
 * the field row and its picklist value rows created again (with new ids) through createMapping.
 */
function restoreMapping(draft: State, tenantId: number, aceId: number, before: unknown): void {
  const ace = draft.attributes.find((row) => row.id === aceId && row.is_aws_ace);
  if (!ace) throw refused('This ACE field no longer exists.');
  for (const row of draft.mappings.filter(
    (mapping) =>
      mapping.tenant === tenantId &&
      mapping.aws_ace_attribute === aceId &&
      !mapping.picklist_mapping,
  ))
    deleteMapping(draft, tenantId, row.id);
  if (before === null) return;
  if (!Array.isArray(before)) throw refused('This change holds no mapping to put back.');
  const rows = before.filter(isRecord);
  const pair = (row: Record<string, unknown>) => {
    const [salesforce = '', aws = ''] = String(row.picklist ?? '').split(' → ');
    return { salesforce, aws };
  };
  const values = rows.filter((row) => pair(row).aws !== '');
  const field = rows.find((row) => pair(row).aws === '');
  if (!field) throw refused('This change holds no mapping to put back.');
  const fieldOf = (name: unknown) =>
    name === null || name === undefined ? null : salesforceFieldId(draft, tenantId, name, ace.type);
  const parent = createMapping(draft, tenantId, {
    aws_ace_attribute: aceId,
    salesforce_attribute: fieldOf(field.salesforce_attribute),
    is_receive_update: field.is_receive_update === true,
    is_dummy_value: 'fixed_value' in field,
    dummy_value_description: 'fixed_value' in field ? String(field.fixed_value) : null,
    is_concatenated: Array.isArray(field.concatenated),
    ...(Array.isArray(field.concatenated)
      ? { concatenated_attributes: field.concatenated.map((name) => fieldOf(name) ?? 0) }
      : {}),
    is_picklist: values.length > 0,
  });
  for (const row of values)
    createMapping(draft, tenantId, {
      aws_ace_attribute: aceId,
      salesforce_attribute: fieldOf(row.salesforce_attribute),
      is_picklist: true,
      picklist_mapping: parent,
      aws_ace_picklist_value: pair(row).aws,
      salesforce_picklist_value: pair(row).salesforce,
    });
}

/**
 * Makes the tenant's saved values what the log's view says (overridesView, keyed `<record id>
 * <ACE field name>`), record by record: a record whose values differ gets exactly the view's
 * values, saved again through saveOverrides (which replaces a record's values as a whole) for the
 * record's open error, or none when the view held none for it. A record that should get values
 * back and has no open error any more is refused: there is nothing for them to fix.
 */
function restoreOverrides(draft: State, tenantId: number, before: unknown): void {
  if (!isRecord(before)) throw refused('This change holds no values to put back.');
  const current = overridesView(draft, tenantId);
  const parse = (key: string) => {
    const space = key.indexOf(' ');
    return { salesforce_id: key.slice(0, space), name: key.slice(space + 1) };
  };
  const changed = new Set(
    [...new Set([...Object.keys(current), ...Object.keys(before)])]
      .filter((key) => current[key] !== before[key])
      .map((key) => parse(key).salesforce_id),
  );
  const items: Schemas['OverrideWrite'][] = [];
  for (const salesforce_id of changed) {
    const wanted = Object.entries(before)
      .map(([key, value]) => ({ ...parse(key), value }))
      .filter((entry) => entry.salesforce_id === salesforce_id);
    if (wanted.length === 0) {
      removeRecordOverrides(draft, tenantId, salesforce_id);
      continue;
    }
    // Only values to take away (the record's others are as `before` has them): nothing is put
    // back, so no open error is needed, whether or not the record still fails.
    if (wanted.every((entry) => current[`${salesforce_id} ${entry.name}`] === entry.value)) {
      const extra = new Set(
        Object.keys(current)
          .filter((key) => !(key in before))
          .map(parse)
          .filter((entry) => entry.salesforce_id === salesforce_id)
          .map((entry) => entry.name),
      );
      const nameOfAttribute = (id: number) => draft.attributes.find((row) => row.id === id)?.name;
      draft.overrides = draft.overrides.filter(
        (row) =>
          row.tenantId !== tenantId ||
          row.salesforce_id !== salesforce_id ||
          !extra.has(nameOfAttribute(row.aws_ace_attribute) ?? ''),
      );
      continue;
    }
    const error = draft.syncErrors
      .filter((row) => row.tenantId === tenantId && row.salesforce_id === salesforce_id)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)[0];
    if (!error)
      throw refused(
        `Record ${salesforce_id} has no sync error any more to take the value of ${wanted[0]?.name ?? ''}.`,
      );
    for (const { name, value } of wanted)
      items.push({
        sync_error_id: error.id,
        salesforce_id,
        ace_id: aceIdByName(draft, name, error.entity) ?? 0,
        dummy_value: String(value),
      });
  }
  if (items.length > 0) saveOverrides(draft, tenantId, items);
}
