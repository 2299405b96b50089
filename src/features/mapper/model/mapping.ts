import type { FieldMap } from '@/components/form/field-map';
import type { AttributeRef, DataMapping } from '@generated/api/model';

/**
 * The mapper's field map: empty on purpose. A refused create or update is not shown (the
 * product's rule: mapping errors on create and update are ignored, and the bodies of mapping
 * calls never shown); what the mapper does tell, a refused delete or undo, has no field of a row
 * to go under, so the refusal board toasts it, once.
 */
export const MAPPING_FIELDS: FieldMap<never> = {};

/** The id of the dummy-value option: chosen in a row, it opens a text box. */
const DUMMY_ID = -1;
/** The dummy option's key in the select widgets (field options use their id as key). */
export const DUMMY_KEY = String(DUMMY_ID);

/**
 * A mapping as the mapper keeps it: the contract's DataMapping, with `id` missing until the
 * server has created it.
 */
export interface LocalMapping {
  id?: number;
  aws_ace_attribute: number;
  salesforce_attribute: AttributeRef | null;
  is_receive_update: boolean;
  is_concatenated: boolean;
  concatenated_attributes: AttributeRef[];
  is_picklist: boolean;
  is_dummy_value: boolean;
  dummy_value_description: string | null;
  /** Set on a value sub-row (picklist or boolean): the ACE value it maps. */
  aws_ace_picklist_value: string | null;
  /** Comma-joined Salesforce values of a value sub-row; '' otherwise. */
  salesforce_picklist_value: string;
  picklist_mapping: number | null;
}

/** One ACE attribute's mappings: the field-level one and its value sub-rows by ACE value. */
export interface AttributeMappings {
  field?: LocalMapping;
  values: ReadonlyMap<string, LocalMapping>;
}

export const NO_MAPPINGS: AttributeMappings = Object.freeze({ values: new Map() });

export function fromServer(mapping: DataMapping): LocalMapping {
  const concatenated =
    mapping.concatenated_attributes && mapping.concatenated_attributes.length > 0
      ? mapping.concatenated_attributes
      : (mapping.concatenated_attribute_mapping ?? []).map(({ value }) => ({
          id: value,
          name: `#${value}`,
        }));
  return {
    id: mapping.id,
    aws_ace_attribute: mapping.aws_ace_attribute,
    salesforce_attribute: mapping.salesforce_attribute ?? null,
    is_receive_update: mapping.is_receive_update,
    is_concatenated: mapping.is_concatenated,
    concatenated_attributes: mapping.is_concatenated ? concatenated : [],
    is_picklist: mapping.is_picklist,
    is_dummy_value: mapping.is_dummy_value,
    dummy_value_description: mapping.dummy_value_description ?? null,
    aws_ace_picklist_value: mapping.aws_ace_picklist_value ?? null,
    salesforce_picklist_value: mapping.salesforce_picklist_value ?? '',
    picklist_mapping: mapping.picklist_mapping ?? null,
  };
}

/**
 * Groups the tenant's mappings by ACE attribute. A field-level mapping embedded in an attribute
 * (`Attribute.mapping`) fills in when the list lacks it.
 */
export function groupMappings(
  mappings: readonly DataMapping[],
  embedded: readonly { id: number; mapping?: DataMapping | null }[] = [],
): Map<number, AttributeMappings> {
  const grouped = new Map<number, { field?: LocalMapping; values: Map<string, LocalMapping> }>();
  const entry = (attributeId: number) => {
    let found = grouped.get(attributeId);
    if (!found) grouped.set(attributeId, (found = { values: new Map() }));
    return found;
  };
  for (const mapping of mappings) {
    const local = fromServer(mapping);
    const group = entry(mapping.aws_ace_attribute);
    if (local.aws_ace_picklist_value === null) group.field = local;
    else group.values.set(local.aws_ace_picklist_value, local);
  }
  for (const { id, mapping } of embedded) {
    if (mapping && !grouped.get(id)?.field) entry(id).field = fromServer(mapping);
  }
  return grouped;
}

/** The keys a field-level mapping selects in its row: field ids, or the dummy option. */
export function fieldKeys(mapping: LocalMapping | undefined): string[] {
  if (!mapping) return [];
  if (mapping.is_dummy_value) return [DUMMY_KEY];
  if (mapping.is_concatenated) return mapping.concatenated_attributes.map((ref) => String(ref.id));
  return mapping.salesforce_attribute ? [String(mapping.salesforce_attribute.id)] : [];
}

/** The keys a value sub-row selects: its Salesforce values, or the dummy option. */
export function valueKeys(mapping: LocalMapping | undefined): string[] {
  if (!mapping) return [];
  if (mapping.is_dummy_value) return [DUMMY_KEY];
  return splitValues(mapping.salesforce_picklist_value);
}

export const splitValues = (joined: string) => (joined ? joined.split(',') : []);

/** Salesforce field ids a field-level mapping reads (none for a dummy value). */
export function salesforceIds(mapping: LocalMapping): number[] {
  if (mapping.is_dummy_value) return [];
  if (mapping.is_concatenated) return mapping.concatenated_attributes.map((ref) => ref.id);
  return mapping.salesforce_attribute ? [mapping.salesforce_attribute.id] : [];
}

/**
 * The selection after the user toggles `key`: the dummy option stands alone, so choosing it
 * replaces the fields and choosing a field replaces it.
 */
export function toggleKey(current: readonly string[], key: string): string[] {
  if (current.includes(key)) return current.filter((item) => item !== key);
  if (key === DUMMY_KEY) return [DUMMY_KEY];
  return [...current.filter((item) => item !== DUMMY_KEY), key];
}

/** A mapping left with nothing chosen and no dummy value is cleared: it is deleted. */
export function isCleared(mapping: LocalMapping): boolean {
  if (mapping.is_dummy_value) return false;
  if (mapping.aws_ace_picklist_value !== null) return !mapping.salesforce_picklist_value;
  if (mapping.is_concatenated) return mapping.concatenated_attributes.length === 0;
  return !mapping.salesforce_attribute;
}
