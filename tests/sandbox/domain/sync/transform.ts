/**
 * A Salesforce record turned into the ACE record the sync would send, under the tenant's mappings:
 * a plain field, a concatenation (fields in order, joined with a space), a picklist or boolean
 * translated through its value rows, a dummy value; then the override values saved for the next
 * sync replace what the mappings gave. Every ACE attribute of the entity (reserved identifiers
 * excepted) is listed with its value and where the value came from, so a preview of one record
 * shows exactly what the sync sends.
 */
import { booleanValue } from '../../../../generated/rules/index';
import type { Schemas } from '../../contract';
import type { AttributeRow, MappingRow, SalesforceRecord, State } from '../../store/state';
import { aceAttributes, isReserved } from '../attributes';

export type AceValue = string | number | boolean | null;
/** ACE values keyed by ACE attribute id. */
export type AceValues = Record<number, AceValue>;
/** Where a value comes from: the contract's ValueSource kinds. */
type ValueSource = Schemas['ValueSource']['kind'];

export interface AceField {
  attribute: AttributeRow;
  value: AceValue;
  source: ValueSource;
  /** Ids of the Salesforce fields the mapping reads, in order (none for dummy values). */
  salesforceFieldIds: number[];
  /** The record's own value of the one field read, before translation or override. */
  salesforceValue: AceValue;
}

type MappedValue = Pick<AceField, 'value' | 'source' | 'salesforceFieldIds' | 'salesforceValue'>;

export interface AceDraft {
  salesforceId: string;
  entity: SalesforceRecord['entity'];
  fields: AceField[];
  values: AceValues;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Numbers for numeric ACE attributes when the text is a number; anything else stays as it is. */
function coerce(attribute: AttributeRow, value: AceValue): AceValue {
  if (isEmpty(value)) return null;
  if (
    (attribute.data_type === 'Double' || attribute.data_type === 'Int') &&
    typeof value === 'string'
  ) {
    const number = Number(value.trim());
    return value.trim() !== '' && Number.isFinite(number) ? number : value;
  }
  if (attribute.data_type === 'Boolean' && typeof value === 'boolean') return booleanValue(value);
  return value;
}

/** What a transform looks up in the state, indexed once per tenant (a sync reads it per record). */
interface Lookup {
  fieldName(id: number | undefined): string | undefined;
  /** The value rows of a picklist or boolean mapping. */
  valueRows(parent: MappingRow): readonly MappingRow[];
}

function lookupOf(state: State, tenantId: number): Lookup {
  const names = new Map<number, string>();
  for (const row of state.attributes) names.set(row.id, row.name);
  const rows = new Map<number, MappingRow[]>();
  for (const row of state.mappings) {
    if (row.tenant !== tenantId || row.picklist_mapping == null) continue;
    const list = rows.get(row.picklist_mapping) ?? [];
    list.push(row);
    rows.set(row.picklist_mapping, list);
  }
  return {
    fieldName: (id) => (id === undefined ? undefined : names.get(id)),
    valueRows: (parent) => rows.get(parent.id) ?? [],
  };
}

/** A Salesforce value through the value rows: the ACE value whose row lists it (case-insensitive). */
function translatePicklist(rows: readonly MappingRow[], raw: AceValue): AceValue | undefined {
  const wanted = String(raw).trim().toLowerCase();
  const row = rows.find((candidate) =>
    (candidate.salesforce_picklist_value ?? '')
      .split(',')
      .some((value) => value.trim().toLowerCase() === wanted),
  );
  return row?.aws_ace_picklist_value ?? undefined;
}

/** What one field-level mapping gives for a record. */
function mappedValue(
  lookup: Lookup,
  mapping: MappingRow,
  attribute: AttributeRow,
  record: SalesforceRecord,
): MappedValue {
  if (mapping.is_dummy_value)
    return {
      value: mapping.dummy_value_description ?? null,
      source: 'dummy',
      salesforceFieldIds: [],
      salesforceValue: null,
    };
  if (mapping.is_concatenated) {
    // The fields in the order the user chose them (the embedded refs, else the `value`-wrapped ids).
    const refs = mapping.concatenated_attributes ?? [];
    const ids = refs.length
      ? refs.map((ref) => ref.id)
      : (mapping.concatenated_attribute_mapping ?? []).map((item) => Number(item.value));
    const parts = ids
      .map((id) => record.fields[lookup.fieldName(id) ?? ''])
      .filter((value) => !isEmpty(value))
      .map(String);
    return {
      value: parts.length ? parts.join(' ') : null,
      source: 'concatenation',
      salesforceFieldIds: ids,
      salesforceValue: null,
    };
  }
  const name =
    mapping.salesforce_attribute?.name ?? lookup.fieldName(mapping.salesforce_attribute?.id);
  const raw = name === undefined ? null : (record.fields[name] ?? null);
  const read = {
    salesforceFieldIds: mapping.salesforce_attribute ? [mapping.salesforce_attribute.id] : [],
    salesforceValue: isEmpty(raw) ? null : raw,
  };
  if (isEmpty(raw)) return { value: null, source: 'field', ...read };
  if (attribute.data_type === 'Picklist' || attribute.data_type === 'Boolean') {
    const translated = translatePicklist(lookup.valueRows(mapping), raw);
    if (translated !== undefined) return { value: translated, source: 'picklist', ...read };
  }
  return { value: raw, source: 'field', ...read };
}

/** The ACE record the sync would send for a Salesforce record of the tenant. */
export function transformRecord(
  state: State,
  tenantId: number,
  record: SalesforceRecord,
): AceDraft {
  return createTransformer(state, tenantId)(record);
}

/**
 * The transform of the tenant's records under the mappings and overrides of `state`, indexed
 * once: a sync transforms every record of the org with one (at 100,000 records, looking the
 * mappings up per record would cost more than the sync itself).
 */
export function createTransformer(
  state: State,
  tenantId: number,
): (record: SalesforceRecord) => AceDraft {
  const lookup = lookupOf(state, tenantId);
  const attributesOf = new Map<SalesforceRecord['entity'], AttributeRow[]>();
  const attributes = (entity: SalesforceRecord['entity']) => {
    let list = attributesOf.get(entity);
    if (!list) {
      list = aceAttributes(state, entity).filter((row) => !isReserved(row));
      attributesOf.set(entity, list);
    }
    return list;
  };
  const mappingOf = new Map<number, MappingRow>();
  for (const row of state.mappings)
    if (
      row.tenant === tenantId &&
      !row.aws_ace_picklist_value &&
      row.picklist_mapping == null &&
      !mappingOf.has(row.aws_ace_attribute)
    )
      mappingOf.set(row.aws_ace_attribute, row);
  const overridesOf = new Map<string, State['overrides']>();
  for (const row of state.overrides) {
    if (row.tenantId !== tenantId) continue;
    const list = overridesOf.get(row.salesforce_id) ?? [];
    list.push(row);
    overridesOf.set(row.salesforce_id, list);
  }
  return (record) => {
    const overrides = overridesOf.get(record.Id) ?? [];
    const fields = attributes(record.entity).map((attribute): AceField => {
      const mapping = mappingOf.get(attribute.id);
      const mapped: MappedValue = mapping
        ? mappedValue(lookup, mapping, attribute, record)
        : { value: null, source: 'none', salesforceFieldIds: [], salesforceValue: null };
      const override = overrides.find((row) => row.aws_ace_attribute === attribute.id);
      // `mapped` is this field's own object: completed in place (a sync makes one per field of
      // every record, so a copy each would double what the garbage collector has to clear).
      const field = mapped as AceField;
      field.attribute = attribute;
      // A value saved for the next sync replaces what the mapping gives (which the preview still shows).
      if (override) {
        field.value = coerce(attribute, override.dummy_value);
        field.source = 'override';
      } else field.value = coerce(attribute, mapped.value);
      return field;
    });
    const values: AceValues = {};
    for (const field of fields) values[field.attribute.id] = field.value;
    return { salesforceId: record.Id, entity: record.entity, fields, values };
  };
}
