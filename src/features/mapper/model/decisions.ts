import type { DataMappingCreate, DataMappingWrite } from '@generated/api/model';

import { isCleared, type LocalMapping } from './mapping';

/** What one mapping change asks of the server: create, update, delete or nothing. */
export type MappingAction =
  | { kind: 'none' }
  | { kind: 'create'; body: DataMappingCreate }
  | { kind: 'update'; id: number; body: DataMappingWrite; receiveOnly: boolean }
  | { kind: 'delete'; id: number }
  /** A change to a mapping the server has not given an id: 'Mapping id required'. */
  | { kind: 'missing-id' };

/** Everything the user chose, as the contract writes it (Salesforce attributes by id). */
function selectionBody(mapping: LocalMapping): DataMappingCreate {
  const body: DataMappingCreate = {
    aws_ace_attribute: mapping.aws_ace_attribute,
    salesforce_attribute: mapping.is_dummy_value
      ? null
      : mapping.is_concatenated
        ? null
        : (mapping.salesforce_attribute?.id ?? null),
    is_concatenated: mapping.is_concatenated,
    concatenated_attribute_mapping: mapping.is_concatenated
      ? mapping.concatenated_attributes.map(({ id }) => ({ value: id }))
      : [],
    is_picklist: mapping.is_picklist,
    is_dummy_value: mapping.is_dummy_value,
    dummy_value_description: mapping.is_dummy_value
      ? (mapping.dummy_value_description ?? '')
      : null,
  };
  if (mapping.aws_ace_picklist_value !== null) {
    body.aws_ace_picklist_value = mapping.aws_ace_picklist_value;
    body.salesforce_picklist_value = mapping.salesforce_picklist_value;
    body.picklist_mapping = mapping.picklist_mapping;
  }
  return body;
}

/** The body of a create, or of an update that changes what the mapping reads. */
export function writeBody(mapping: LocalMapping): DataMappingCreate {
  return { ...selectionBody(mapping), is_receive_update: mapping.is_receive_update };
}

const sameSelection = (a: LocalMapping, b: LocalMapping) =>
  JSON.stringify(selectionBody(a)) === JSON.stringify(selectionBody(b));

/**
 * Compares what the server has (`saved`) with what the row shows (`view`): a mapping that does not
 * exist yet is created, one that exists is updated, a cleared one is deleted.
 */
export function decide(
  saved: LocalMapping | undefined,
  view: LocalMapping | undefined,
): MappingAction {
  if (!view || isCleared(view)) {
    if (!saved) return { kind: 'none' };
    return saved.id === undefined ? { kind: 'missing-id' } : { kind: 'delete', id: saved.id };
  }
  if (!saved) return { kind: 'create', body: writeBody(view) };
  if (saved.id === undefined) return { kind: 'missing-id' };
  if (!sameSelection(saved, view)) {
    return { kind: 'update', id: saved.id, body: writeBody(view), receiveOnly: false };
  }
  if (saved.is_receive_update !== view.is_receive_update) {
    return {
      kind: 'update',
      id: saved.id,
      body: { is_receive_update: view.is_receive_update },
      receiveOnly: true,
    };
  }
  return { kind: 'none' };
}
