import type { Attribute, AttributeRef } from '@generated/api/model';

import { DUMMY_KEY, valueKeys, type AttributeMappings, type LocalMapping } from './mapping';

const emptyField = (attributeId: number): LocalMapping => ({
  aws_ace_attribute: attributeId,
  salesforce_attribute: null,
  is_receive_update: false,
  is_concatenated: false,
  concatenated_attributes: [],
  is_picklist: false,
  is_dummy_value: false,
  dummy_value_description: null,
  aws_ace_picklist_value: null,
  salesforce_picklist_value: '',
  picklist_mapping: null,
});

/**
 * The field-level mapping a row's selection describes: nothing (cleared), a dummy value, one
 * Salesforce field, or several concatenated in the order chosen.
 */
function fieldMapping(
  attribute: Pick<Attribute, 'id' | 'data_type'>,
  previous: LocalMapping | undefined,
  keys: readonly string[],
  refOf: (id: number) => AttributeRef | undefined,
): LocalMapping | undefined {
  if (keys.length === 0) return undefined;
  const base = { ...(previous ?? emptyField(attribute.id)) };
  if (keys.includes(DUMMY_KEY)) {
    return {
      ...base,
      salesforce_attribute: null,
      is_concatenated: false,
      concatenated_attributes: [],
      is_picklist: false,
      is_dummy_value: true,
      dummy_value_description: previous?.is_dummy_value ? previous.dummy_value_description : '',
      // There is no Salesforce field to write ACE updates to.
      is_receive_update: false,
    };
  }
  const refs = keys.map((key) => {
    const id = Number(key);
    return refOf(id) ?? { id, name: `#${id}` };
  });
  const [single] = refs;
  if (refs.length === 1 && single) {
    return {
      ...base,
      salesforce_attribute: single,
      is_concatenated: false,
      concatenated_attributes: [],
      is_picklist: attribute.data_type === 'Picklist',
      is_dummy_value: false,
      dummy_value_description: null,
    };
  }
  return {
    ...base,
    salesforce_attribute: null,
    is_concatenated: true,
    concatenated_attributes: refs,
    is_picklist: false,
    is_dummy_value: false,
    dummy_value_description: null,
  };
}

/** Value sub-rows belong to one Salesforce field: they go when the row stops naming it. */
const sameSourceField = (before: LocalMapping | undefined, after: LocalMapping | undefined) =>
  Boolean(
    before?.salesforce_attribute &&
    !before.is_concatenated &&
    after?.salesforce_attribute &&
    !after.is_concatenated &&
    before.salesforce_attribute.id === after.salesforce_attribute.id,
  );

export function selectFields(
  current: AttributeMappings,
  attribute: Pick<Attribute, 'id' | 'data_type'>,
  keys: readonly string[],
  refOf: (id: number) => AttributeRef | undefined,
): AttributeMappings {
  const field = fieldMapping(attribute, current.field, keys, refOf);
  const values = sameSourceField(current.field, field) ? current.values : new Map();
  return { field, values };
}

function valueMapping(
  parent: LocalMapping,
  previous: LocalMapping | undefined,
  aceValue: string,
  keys: readonly string[],
): LocalMapping | undefined {
  if (keys.length === 0) return undefined;
  const dummy = keys.includes(DUMMY_KEY);
  return {
    ...(previous ?? {}),
    aws_ace_attribute: parent.aws_ace_attribute,
    salesforce_attribute: parent.salesforce_attribute,
    is_receive_update: false,
    is_concatenated: false,
    concatenated_attributes: [],
    is_picklist: true,
    is_dummy_value: dummy,
    dummy_value_description: dummy
      ? previous?.is_dummy_value
        ? previous.dummy_value_description
        : ''
      : null,
    aws_ace_picklist_value: aceValue,
    salesforce_picklist_value: dummy ? '' : keys.join(','),
    picklist_mapping: parent.id ?? null,
  };
}

/**
 * A value sub-row's new selection. For a Boolean ACE field a Salesforce value maps to True or to
 * False, never both: choosing it on one sub-row takes it off the other.
 */
export function selectValues(
  current: AttributeMappings,
  attribute: Pick<Attribute, 'data_type'>,
  aceValue: string,
  keys: readonly string[],
): AttributeMappings {
  const parent = current.field;
  if (!parent) return current;
  const values = new Map(current.values);
  const set = (value: string, mapping: LocalMapping | undefined) => {
    if (mapping) values.set(value, mapping);
    else values.delete(value);
  };
  set(aceValue, valueMapping(parent, values.get(aceValue), aceValue, keys));
  if (attribute.data_type === 'Boolean') {
    const taken = new Set(keys.filter((key) => key !== DUMMY_KEY));
    for (const [otherValue, other] of current.values) {
      if (otherValue === aceValue) continue;
      const otherKeys = valueKeys(other);
      const kept = otherKeys.filter((key) => !taken.has(key));
      if (kept.length !== otherKeys.length) {
        set(otherValue, valueMapping(parent, other, otherValue, kept));
      }
    }
  }
  return { field: parent, values };
}

/** The text of a dummy value, on the field row (`aceValue` null) or on a value sub-row. */
export function setDummyText(
  current: AttributeMappings,
  aceValue: string | null,
  text: string,
): AttributeMappings {
  if (aceValue === null) {
    if (!current.field?.is_dummy_value) return current;
    return { ...current, field: { ...current.field, dummy_value_description: text } };
  }
  const row = current.values.get(aceValue);
  if (!row?.is_dummy_value) return current;
  const values = new Map(current.values);
  values.set(aceValue, { ...row, dummy_value_description: text });
  return { ...current, values };
}

export function setReceiveUpdate(current: AttributeMappings, on: boolean): AttributeMappings {
  if (!current.field) return current;
  return { ...current, field: { ...current.field, is_receive_update: on } };
}
