/**
 * Data mappings: how one ACE attribute gets its value from Salesforce (plain, concatenated, dummy
 * value, picklist and boolean value rows), with the rules the mapper relies on.
 */
import type { Draft } from 'immer';

import { AttributePermissionType } from '../../../generated/api/model/attributePermissionType';
import { BOOLEAN_VALUES } from '../../../generated/rules/index';
import type { Schemas } from '../contract';
import { type AttributeRow, type MappingRow, type State, nextId } from '../store/state';
import { aceAttributes, fieldMapping, isReserved, salesforceFields } from './attributes';
import { fieldErrors, Invalid, notFound } from './failure';

type Write = Schemas['DataMappingWrite'];

export function attributeRef(attribute: AttributeRow): Schemas['AttributeRef'] {
  return {
    id: attribute.id,
    name: attribute.name,
    type: attribute.type,
    data_type: attribute.data_type,
  };
}

/** A mapping of the caller's tenant, or 404 (another tenant's ids included). */
export function tenantMapping(state: State, tenantId: number, id: number): MappingRow {
  const mapping = state.mappings.find((row) => row.id === id && row.tenant === tenantId);
  if (!mapping) throw notFound();
  return mapping;
}

function aceAttribute(state: State, id: unknown): AttributeRow {
  const attribute = state.attributes.find((row) => row.id === id && row.is_aws_ace);
  if (!attribute)
    throw fieldErrors({
      aws_ace_attribute: [`Invalid pk "${String(id)}" - object does not exist.`],
    });
  return attribute;
}

function salesforceField(state: State, tenantId: number, id: unknown, field: string): AttributeRow {
  const attribute = salesforceFields(state, tenantId).find((row) => row.id === id);
  if (!attribute)
    throw fieldErrors({ [field]: [`Invalid pk "${String(id)}" - object does not exist.`] });
  return attribute;
}

function concatenatedIds(write: Write): number[] | undefined {
  if (write.concatenated_attribute_mapping)
    return write.concatenated_attribute_mapping.map((item) =>
      typeof item === 'number' ? item : item.value,
    );
  return write.concatenated_attributes;
}

/** The mapping a write produces from `base`, checked against the tenant's attributes and mappings. */
function applyWrite(state: State, tenantId: number, base: MappingRow, write: Write): MappingRow {
  const next: MappingRow = { ...base };
  if (write.aws_ace_attribute !== undefined) next.aws_ace_attribute = write.aws_ace_attribute;
  const ace = aceAttribute(state, next.aws_ace_attribute);
  if (write.is_receive_update !== undefined) next.is_receive_update = write.is_receive_update;
  if (write.is_concatenated !== undefined) next.is_concatenated = write.is_concatenated;
  if (write.is_picklist !== undefined) next.is_picklist = write.is_picklist;
  if (write.is_dummy_value !== undefined) next.is_dummy_value = write.is_dummy_value;
  if (write.dummy_value_description !== undefined)
    next.dummy_value_description = write.dummy_value_description;
  if (write.aws_ace_picklist_value !== undefined)
    next.aws_ace_picklist_value = write.aws_ace_picklist_value;
  if (write.salesforce_picklist_value !== undefined)
    next.salesforce_picklist_value = write.salesforce_picklist_value;
  if (write.picklist_mapping !== undefined) next.picklist_mapping = write.picklist_mapping;

  if (write.salesforce_attribute !== undefined)
    next.salesforce_attribute =
      write.salesforce_attribute === null
        ? null
        : attributeRef(
            salesforceField(state, tenantId, write.salesforce_attribute, 'salesforce_attribute'),
          );

  const joined = concatenatedIds(write);
  if (joined !== undefined) {
    const fields = joined.map((id) =>
      salesforceField(state, tenantId, id, 'concatenated_attribute_mapping'),
    );
    next.concatenated_attributes = fields.map(attributeRef);
    next.concatenated_attribute_mapping = fields.map((field) => ({ value: field.id }));
  }
  if (!next.is_concatenated) {
    next.concatenated_attributes = [];
    next.concatenated_attribute_mapping = [];
  }
  if (next.is_concatenated && (next.concatenated_attributes?.length ?? 0) < 2)
    throw fieldErrors({
      concatenated_attribute_mapping: ['A concatenation needs at least two Salesforce fields.'],
    });
  if (next.is_dummy_value) {
    next.salesforce_attribute = null;
  } else {
    next.dummy_value_description = null;
  }
  if (!next.is_dummy_value && !next.is_concatenated && !next.salesforce_attribute)
    throw fieldErrors({
      salesforce_attribute: ['Choose a Salesforce field, several to join, or a dummy value.'],
    });
  if (next.salesforce_attribute && next.salesforce_attribute.type !== ace.type)
    throw fieldErrors({
      salesforce_attribute: [`A ${ace.type} attribute maps to a ${ace.type} field.`],
    });

  const isValueRow = Boolean(next.aws_ace_picklist_value) || next.picklist_mapping != null;
  if (isValueRow) checkValueRow(state, tenantId, ace, next);
  else checkFieldMapping(state, tenantId, ace, next);
  checkReceiveUpdate(state, tenantId, next);
  return next;
}

function checkValueRow(state: State, tenantId: number, ace: AttributeRow, row: MappingRow): void {
  const allowed: readonly string[] =
    ace.data_type === 'Boolean' ? BOOLEAN_VALUES : Object.keys(ace.choices ?? {});
  if (!row.aws_ace_picklist_value || !allowed.includes(row.aws_ace_picklist_value))
    throw fieldErrors({
      aws_ace_picklist_value: [
        `"${row.aws_ace_picklist_value ?? ''}" is not a value of ${ace.name}.`,
      ],
    });
  const parent = state.mappings.find(
    (other) => other.id === row.picklist_mapping && other.tenant === tenantId,
  );
  if (!parent || parent.aws_ace_attribute !== ace.id || parent.picklist_mapping != null)
    throw fieldErrors({
      picklist_mapping: ['The parent mapping of this value row does not exist.'],
    });
  const duplicate = state.mappings.find(
    (other) =>
      other.id !== row.id &&
      other.tenant === tenantId &&
      other.picklist_mapping === parent.id &&
      other.aws_ace_picklist_value === row.aws_ace_picklist_value,
  );
  if (duplicate)
    throw fieldErrors({
      aws_ace_picklist_value: [`${ace.name} "${row.aws_ace_picklist_value}" is already mapped.`],
    });
}

function checkFieldMapping(
  state: State,
  tenantId: number,
  ace: AttributeRow,
  row: MappingRow,
): void {
  if (isReserved(ace))
    throw fieldErrors({ aws_ace_attribute: [`${ace.name} is filled by AceBridge itself.`] });
  const existing = fieldMapping(state, tenantId, ace.id);
  if (existing && existing.id !== row.id)
    throw fieldErrors({ aws_ace_attribute: [`${ace.name} is already mapped.`] });
}

/** At most one mapping per Salesforce field may receive ACE updates. */
function checkReceiveUpdate(state: State, tenantId: number, row: MappingRow): void {
  if (!row.is_receive_update) return;
  if (!row.salesforce_attribute)
    throw fieldErrors({
      is_receive_update: ['Only a mapping to one Salesforce field can receive ACE updates.'],
    });
  const fieldId = row.salesforce_attribute.id;
  const other = state.mappings.find(
    (mapping) =>
      mapping.id !== row.id &&
      mapping.tenant === tenantId &&
      mapping.is_receive_update &&
      mapping.salesforce_attribute?.id === fieldId,
  );
  if (other)
    throw fieldErrors({
      is_receive_update: [
        `${row.salesforce_attribute.name} already receives ACE updates for another mapping.`,
      ],
    });
}

const EMPTY: Omit<MappingRow, 'id' | 'aws_ace_attribute' | 'tenant'> = {
  salesforce_attribute: null,
  is_receive_update: false,
  is_concatenated: false,
  concatenated_attributes: [],
  concatenated_attribute_mapping: [],
  is_picklist: false,
  is_dummy_value: false,
  dummy_value_description: null,
  aws_ace_picklist_value: null,
  salesforce_picklist_value: '',
  picklist_mapping: null,
};

export function createMapping(
  draft: Draft<State>,
  tenantId: number,
  write: Schemas['DataMappingCreate'],
): number {
  const base: MappingRow = {
    id: 0,
    aws_ace_attribute: write.aws_ace_attribute,
    tenant: tenantId,
    ...EMPTY,
  };
  const row = applyWrite(draft as State, tenantId, base, write);
  row.id = nextId(draft as State, 'mappings');
  draft.mappings.push(row);
  return row.id;
}

export function updateMapping(
  draft: Draft<State>,
  tenantId: number,
  id: number,
  write: Write,
): void {
  const current = tenantMapping(draft as State, tenantId, id);
  const row = applyWrite(draft as State, tenantId, { ...current }, write);
  const index = draft.mappings.findIndex((mapping) => mapping.id === id);
  draft.mappings[index] = row;
}

/** Deletes a mapping and, for a picklist or boolean parent, its value rows. */
export function deleteMapping(draft: Draft<State>, tenantId: number, id: number): void {
  tenantMapping(draft as State, tenantId, id);
  draft.mappings = draft.mappings.filter(
    (mapping) =>
      mapping.id !== id && !(mapping.picklist_mapping === id && mapping.tenant === tenantId),
  );
}

/** How many mapping rows an import created, updated and deleted. */
type ImportCounts = Schemas['MappingImportResult'];

/** The tenant's value rows of one ACE field. */
const valueRowsOf = (state: State, tenantId: number, aceId: number) =>
  state.mappings.filter(
    (row) =>
      row.tenant === tenantId && row.aws_ace_attribute === aceId && row.picklist_mapping != null,
  );

/**
 * Runs a write of the import; a refusal has its fields named by their place in the body
 * (`fields.0.field.salesforce_attribute`), so the caller knows which row of the file it was.
 */
function at<T>(place: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    throw fieldErrors(
      Object.fromEntries(
        Object.entries(error.fields).map(([field, messages]) => [`${place}.${field}`, messages]),
      ),
    );
  }
}

/** Updates a mapping; whether that changed it (an import counts only what it changed). */
function updated(draft: Draft<State>, tenantId: number, id: number, write: Write): boolean {
  const before = JSON.stringify(tenantMapping(draft as State, tenantId, id));
  updateMapping(draft, tenantId, id, write);
  return JSON.stringify(tenantMapping(draft as State, tenantId, id)) !== before;
}

/** One ACE field of an import made exactly as its item says (see importMappings). */
function importField(
  draft: Draft<State>,
  tenantId: number,
  item: Schemas['MappingImportField'],
  place: string,
  counts: ImportCounts,
): void {
  const state = draft as State;
  const aceId = item.aws_ace_attribute;
  at(place, () => aceAttribute(state, aceId));
  const wanted = new Set(item.values.map((value) => value.aws_ace_picklist_value));
  // Value rows the item leaves out go first (all of them when the field is unmapped), then the
  // field row: a value row needs its parent, and a parent goes once its value rows are gone.
  for (const row of valueRowsOf(state, tenantId, aceId)) {
    if (item.field && wanted.has(row.aws_ace_picklist_value)) continue;
    deleteMapping(draft, tenantId, row.id);
    counts.deleted += 1;
  }
  const existing = fieldMapping(state, tenantId, aceId);
  if (!item.field) {
    if (existing) {
      deleteMapping(draft, tenantId, existing.id);
      counts.deleted += 1;
    }
    return;
  }
  const field = { ...item.field, aws_ace_attribute: aceId };
  let parentId: number;
  if (existing) {
    parentId = existing.id;
    if (at(`${place}.field`, () => updated(draft, tenantId, parentId, field))) counts.updated += 1;
  } else {
    parentId = at(`${place}.field`, () => createMapping(draft, tenantId, field));
    counts.created += 1;
  }
  item.values.forEach((value, index) => {
    const valuePlace = `${place}.values.${index}`;
    if (!value.aws_ace_picklist_value)
      throw fieldErrors({
        [`${valuePlace}.aws_ace_picklist_value`]: ['Name the ACE value this row maps.'],
      });
    const write = { ...value, aws_ace_attribute: aceId, picklist_mapping: parentId };
    const row = valueRowsOf(state, tenantId, aceId).find(
      (other) =>
        other.picklist_mapping === parentId &&
        other.aws_ace_picklist_value === value.aws_ace_picklist_value,
    );
    if (row) {
      if (at(valuePlace, () => updated(draft, tenantId, row.id, write))) counts.updated += 1;
    } else {
      at(valuePlace, () => createMapping(draft, tenantId, write));
      counts.created += 1;
    }
  });
}

/**
 * A mappings file applied: each listed ACE field gets exactly the field mapping and value rows its
 * item gives (rows it leaves out are deleted; `field: null` unmaps it), through the functions the
 * single-field writes use, so the same rules refuse the same rows. Unlisted fields stay as they
 * are. The first refusal is thrown, named by its place in the body; run it inside one
 * transaction, which then keeps nothing of the import.
 */
export function importMappings(
  draft: Draft<State>,
  tenantId: number,
  body: Schemas['MappingImport'],
): ImportCounts {
  const counts: ImportCounts = { created: 0, updated: 0, deleted: 0 };
  const seen = new Set<number>();
  body.fields.forEach((item, index) => {
    if (seen.has(item.aws_ace_attribute))
      throw fieldErrors({
        [`fields.${index}.aws_ace_attribute`]: ['This ACE field is listed twice.'],
      });
    seen.add(item.aws_ace_attribute);
    importField(draft, tenantId, item, `fields.${index}`, counts);
  });
  return counts;
}

/** A name reduced to what AutoMatch compares: `AWS_Lead_Source__c` and `leadSource` meet. */
function matchKey(name: string): string {
  return name
    .replace(/__c$/i, '')
    .replace(/^AWS_/i, '')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
}

/**
 * AutoMatch: maps every unmapped ACE attribute (reserved and Read Only ones aside) to the tenant's
 * Salesforce field of the same entity whose name matches; picklists also get a value row for
 * each ACE value that the Salesforce field offers under the same name. Returns how many matched.
 */
export function autoMatch(draft: Draft<State>, tenantId: number): number {
  const state = draft as State;
  let matched = 0;
  for (const ace of aceAttributes(state)) {
    if (
      isReserved(ace) ||
      ace.permission_type === AttributePermissionType.Read_Only ||
      fieldMapping(state, tenantId, ace.id)
    )
      continue;
    const field = salesforceFields(
      state,
      tenantId,
      ace.type === 'Setting' ? undefined : ace.type,
    ).find((candidate) => matchKey(candidate.name) === matchKey(ace.name));
    if (!field) continue;
    const picklist = ace.data_type === 'Picklist' || ace.data_type === 'Boolean';
    const parentId = createMapping(draft, tenantId, {
      aws_ace_attribute: ace.id,
      salesforce_attribute: field.id,
      is_picklist: ace.data_type === 'Picklist',
    });
    matched += 1;
    if (!picklist) continue;
    const values: readonly string[] =
      ace.data_type === 'Boolean' ? BOOLEAN_VALUES : Object.keys(ace.choices ?? {});
    const offered = Object.keys(field.choices ?? {});
    for (const value of values) {
      const same =
        ace.data_type === 'Boolean'
          ? value.toLowerCase()
          : offered.find((choice) => choice.toLowerCase() === value.toLowerCase());
      if (!same || field.data_type !== ace.data_type) continue;
      createMapping(draft, tenantId, {
        aws_ace_attribute: ace.id,
        salesforce_attribute: field.id,
        is_picklist: true,
        aws_ace_picklist_value: value,
        salesforce_picklist_value: same,
        picklist_mapping: parentId,
      });
    }
  }
  return matched;
}
