/**
 * A Salesforce record turned into the ACE record the sync would send, under the tenant's mappings:
 * a plain field, a concatenation (fields in order, joined with a space), a picklist or boolean
 * translated through its value rows, a dummy value; then the override values saved for the next
 * sync replace what the mappings gave. Every ACE attribute of the entity (reserved identifiers
 * excepted) is listed with its value and where the value came from, so a preview of one record
 * shows exactly what the sync sends.
 */
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
  if (attribute.data_type === 'Boolean' && typeof value === 'boolean')
    return value ? 'True' : 'False';
  return value;
}

/** The value rows of a picklist or boolean mapping. */
function valueRows(state: State, parent: MappingRow): MappingRow[] {
  return state.mappings.filter(
    (row) => row.tenant === parent.tenant && row.picklist_mapping === parent.id,
  );
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

function fieldName(state: State, id: number | undefined): string | undefined {
  return state.attributes.find((row) => row.id === id)?.name;
}

/** What one field-level mapping gives for a record. */
function mappedValue(
  state: State,
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
      .map((id) => record.fields[fieldName(state, id) ?? ''])
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
    mapping.salesforce_attribute?.name ?? fieldName(state, mapping.salesforce_attribute?.id);
  const raw = name === undefined ? null : (record.fields[name] ?? null);
  const read = {
    salesforceFieldIds: mapping.salesforce_attribute ? [mapping.salesforce_attribute.id] : [],
    salesforceValue: isEmpty(raw) ? null : raw,
  };
  if (isEmpty(raw)) return { value: null, source: 'field', ...read };
  if (attribute.data_type === 'Picklist' || attribute.data_type === 'Boolean') {
    const translated = translatePicklist(valueRows(state, mapping), raw);
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
  const attributes = aceAttributes(state, record.entity).filter((row) => !isReserved(row));
  const mappings = state.mappings.filter(
    (row) => row.tenant === tenantId && !row.aws_ace_picklist_value && row.picklist_mapping == null,
  );
  const overrides = state.overrides.filter(
    (row) => row.tenantId === tenantId && row.salesforce_id === record.Id,
  );
  const fields = attributes.map((attribute): AceField => {
    const mapping = mappings.find((row) => row.aws_ace_attribute === attribute.id);
    const mapped: MappedValue = mapping
      ? mappedValue(state, mapping, attribute, record)
      : { value: null, source: 'none', salesforceFieldIds: [], salesforceValue: null };
    const override = overrides.find((row) => row.aws_ace_attribute === attribute.id);
    // A value saved for the next sync replaces what the mapping gives (which the preview still shows).
    if (override)
      return {
        ...mapped,
        attribute,
        value: coerce(attribute, override.dummy_value),
        source: 'override',
      };
    return { ...mapped, attribute, value: coerce(attribute, mapped.value) };
  });
  const values: AceValues = {};
  for (const field of fields) values[field.attribute.id] = field.value;
  return { salesforceId: record.Id, entity: record.entity, fields, values };
}
