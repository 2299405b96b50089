/**
 * The tenant's sync filters (the values mapper's filter editor): stored per entity with blocks,
 * validated as the backend would: the attribute must be an ACE attribute of that entity, the
 * comparison must suit its data type, and the value must be of that type (a number for numbers,
 * YYYY-MM-DD for dates, a choice for picklists, the contract's True/False for booleans, in any
 * letter case, as a filter saved as 'true' before the one vocabulary).
 */
import { ComparisonType } from '../../../../generated/api/model/comparisonType';
import { EntityType } from '../../../../generated/api/model/entityType';
import { SyncFilterSyncType } from '../../../../generated/api/model/syncFilterSyncType';
import {
  BOOLEAN_VALUES,
  FILTER_COMPARISONS,
  FILTER_VALUE_FORMATS,
  hasFilterValueFormat,
} from '../../../../generated/rules/index';
import type { Schemas } from '../../contract';
import {
  type AttributeRow,
  type Entity,
  type FilterRow,
  type State,
  nextId,
} from '../../store/state';
import { fieldErrors, notFound, refuseBeyondListBound, requireFields } from '../failure';

export type SyncFilter = Schemas['SyncFilter'];
type Comparison = Schemas['ComparisonType'];
type SyncType = Schemas['SyncFilter']['sync_type'];

const ENTITIES: readonly Entity[] = Object.values(EntityType);
const COMPARISONS: readonly Comparison[] = Object.values(ComparisonType);
const SYNC_TYPES: readonly SyncType[] = Object.values(SyncFilterSyncType);

/**
 * Which comparisons each data type accepts: the contract's DataType x-filter-comparisons, the
 * list the filter page offers.
 */
const COMPARISONS_BY_TYPE: Record<Schemas['DataType'], readonly Comparison[]> = FILTER_COMPARISONS;

export interface FilterInput {
  attribute_id?: number;
  comparison_type?: Comparison;
  field_value?: string;
  entity_type?: Entity;
  sync_type?: SyncType;
  block?: number;
}

/** The entity_type query or body value, or the contract's field error. */
export function parseEntity(value: unknown, field = 'entity_type'): Entity {
  if (value === undefined || value === '')
    throw fieldErrors({ [field]: ['This field is required.'] });
  if (!ENTITIES.includes(value as Entity))
    throw fieldErrors({ [field]: [`"${String(value)}" is not a valid choice.`] });
  return value as Entity;
}

/** The value formats of the contract (IntValue, DoubleValue, DateValue) per data type. */
function valueError(attribute: AttributeRow, value: string): string | null {
  const text = value.trim();
  switch (attribute.data_type) {
    case 'Double':
      return FILTER_VALUE_FORMATS.Double.test(text) ? null : 'A valid number is required.';
    case 'Int':
      return FILTER_VALUE_FORMATS.Int.test(text) ? null : 'A valid integer is required.';
    case 'Date': {
      // The contract's DateValue: YYYY-MM-DD, a day that exists.
      const valid = hasFilterValueFormat('Date', text);
      return valid ? null : 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
    }
    case 'Boolean':
      return BOOLEAN_VALUES.some((word) => word.toLowerCase() === text.toLowerCase())
        ? null
        : `Must be ${BOOLEAN_VALUES.join(' or ')}.`;
    case 'Picklist':
      return Object.keys(attribute.choices ?? {}).includes(text)
        ? null
        : `"${value}" is not a valid choice.`;
    default:
      return null;
  }
}

/** A complete, valid condition (the stored fields), or the field errors of the input. */
function validate(state: State, input: Required<FilterInput>): Omit<FilterRow, 'id' | 'tenant'> {
  const errors: Record<string, string[]> = {};
  const entity = ENTITIES.includes(input.entity_type) ? input.entity_type : undefined;
  if (!entity) errors.entity_type = [`"${String(input.entity_type)}" is not a valid choice.`];
  const attribute = state.attributes.find(
    (row) => row.id === Number(input.attribute_id) && row.is_aws_ace,
  );
  if (!attribute)
    errors.attribute_id = [`Invalid pk "${String(input.attribute_id)}" - object does not exist.`];
  else if (entity && attribute.type !== entity)
    errors.attribute_id = [`${attribute.name} is not an attribute of ${entity}.`];
  if (!COMPARISONS.includes(input.comparison_type))
    errors.comparison_type = [`"${String(input.comparison_type)}" is not a valid choice.`];
  else if (attribute && !COMPARISONS_BY_TYPE[attribute.data_type].includes(input.comparison_type))
    errors.comparison_type = [
      `${input.comparison_type} is not allowed for a ${attribute.data_type} attribute; use ${COMPARISONS_BY_TYPE[attribute.data_type].join(' or ')}.`,
    ];
  if (typeof input.field_value !== 'string' || input.field_value.trim() === '')
    errors.field_value = ['This field may not be blank.'];
  else if (attribute) {
    const problem = valueError(attribute, input.field_value);
    if (problem) errors.field_value = [problem];
  }
  if (!Number.isInteger(input.block) || input.block < 1)
    errors.block = ['Ensure this value is greater than or equal to 1.'];
  if (!SYNC_TYPES.includes(input.sync_type))
    errors.sync_type = [`"${String(input.sync_type)}" is not a valid choice.`];
  if (Object.keys(errors).length > 0 || !attribute || !entity) throw fieldErrors(errors);
  return {
    attributeId: attribute.id,
    comparison_type: input.comparison_type,
    field_value: input.field_value.trim(),
    entity_type: entity,
    sync_type: input.sync_type,
    block: input.block,
  };
}

export function createFilter(draft: State, tenantId: number, body: FilterInput): number {
  requireFields(body as Record<string, unknown>, [
    'attribute_id',
    'comparison_type',
    'field_value',
    'entity_type',
    'block',
  ]);
  const fields = validate(draft, { sync_type: 'or', ...body } as Required<FilterInput>);
  const id = nextId(draft, 'filters');
  draft.filters.push({ id, tenant: tenantId, ...fields });
  refuseBeyondListBound(
    draft.filters.filter((row) => row.tenant === tenantId && row.entity_type === fields.entity_type)
      .length,
    'listSyncFilters',
    `sync filter conditions for ${fields.entity_type}`,
  );
  return id;
}

function ownFilter(state: State, tenantId: number, id: number): FilterRow {
  const row = state.filters.find((filter) => filter.id === id && filter.tenant === tenantId);
  if (!row) throw notFound();
  return row;
}

/** Changes the writable fields the body carries; the read-only ones it may echo are ignored. */
export function updateFilter(draft: State, tenantId: number, id: number, body: FilterInput): void {
  const row = ownFilter(draft, tenantId, id);
  const merged = {
    attribute_id: body.attribute_id ?? row.attributeId,
    comparison_type: body.comparison_type ?? row.comparison_type,
    field_value: body.field_value ?? row.field_value,
    entity_type: body.entity_type ?? row.entity_type,
    sync_type: body.sync_type ?? row.sync_type ?? 'or',
    block: body.block ?? row.block,
  };
  Object.assign(row, validate(draft, merged));
}

export function deleteFilter(draft: State, tenantId: number, id: number): void {
  ownFilter(draft, tenantId, id);
  draft.filters = draft.filters.filter((row) => row.id !== id);
}

/** A stored condition as the contract shows it: the attribute embedded, with its type and choices. */
function renderFilter(state: State, row: FilterRow): SyncFilter {
  const attribute = state.attributes.find((candidate) => candidate.id === row.attributeId);
  const { attributeId: _attributeId, ...fields } = row;
  return {
    ...fields,
    attribute: attribute
      ? {
          id: attribute.id,
          name: attribute.name,
          type: attribute.type,
          data_type: attribute.data_type,
        }
      : { id: row.attributeId, name: '' },
    data_type: attribute?.data_type,
    choices: attribute?.choices ?? null,
  };
}

export function tenantFilter(state: State, tenantId: number, id: number): SyncFilter {
  return renderFilter(state, ownFilter(state, tenantId, id));
}

export function tenantFilters(state: State, tenantId: number, entity: Entity): SyncFilter[] {
  return state.filters
    .filter((row) => row.tenant === tenantId && row.entity_type === entity)
    .map((row) => renderFilter(state, row));
}
