import type { Attribute, DataMappingWrite, MappingImport } from '@generated/api/model';

import { aceValues, isReserved, toRef, type EntityType } from './attributes';
import { writeBody } from './decisions';
import {
  DUMMY_KEY,
  isCleared,
  splitValues,
  type AttributeMappings,
  type LocalMapping,
} from './mapping';
import { selectFields, selectValues, setDummyText, setReceiveUpdate } from './selection';

/**
 * A tenant's mappings as a file an admin keeps (switching between Beta and Production deletes
 * them). Fields are named, not numbered: ids differ between Salesforce orgs and environments.
 */
const MAPPING_FILE_FORMAT = 'acebridge-mappings';

interface MappingFileValue {
  ace_value: string;
  salesforce_values: string[];
  dummy_value?: string;
}

interface MappingFileEntry {
  ace_field: { name: string; type: EntityType };
  /** Salesforce field names in order (several are concatenated); empty for a dummy value. */
  salesforce_fields: string[];
  dummy_value?: string;
  receive_updates: boolean;
  values?: MappingFileValue[];
}

export interface MappingFile {
  format: typeof MAPPING_FILE_FORMAT;
  version: 1;
  exported_at: string;
  mappings: MappingFileEntry[];
}

export const NOT_A_MAPPING_FILE = 'This file is not an AceBridge mappings export.';

function fieldNames(field: LocalMapping): string[] {
  if (field.is_dummy_value) return [];
  if (field.is_concatenated) return field.concatenated_attributes.map((ref) => ref.name);
  return field.salesforce_attribute ? [field.salesforce_attribute.name] : [];
}

export function exportMappings(
  views: readonly [number, AttributeMappings][],
  aceById: ReadonlyMap<number, Attribute>,
  now: Date,
): MappingFile {
  const mappings: MappingFileEntry[] = [];
  for (const [id, { field, values }] of views) {
    const ace = aceById.get(id);
    if (!ace || !field || (ace.type !== 'Lead' && ace.type !== 'Opportunity')) continue;
    const entry: MappingFileEntry = {
      ace_field: { name: ace.name, type: ace.type },
      salesforce_fields: fieldNames(field),
      receive_updates: field.is_receive_update,
    };
    if (field.is_dummy_value) entry.dummy_value = field.dummy_value_description ?? '';
    if (values.size > 0) {
      entry.values = [...values.values()].map((row) => ({
        ace_value: row.aws_ace_picklist_value ?? '',
        salesforce_values: row.is_dummy_value ? [] : splitValues(row.salesforce_picklist_value),
        ...(row.is_dummy_value ? { dummy_value: row.dummy_value_description ?? '' } : {}),
      }));
    }
    mappings.push(entry);
  }
  return { format: MAPPING_FILE_FORMAT, version: 1, exported_at: now.toISOString(), mappings };
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isEntry(value: unknown): value is MappingFileEntry {
  const entry = value as MappingFileEntry | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.ace_field?.name === 'string' &&
    (entry.ace_field.type === 'Lead' || entry.ace_field.type === 'Opportunity') &&
    isStringList(entry.salesforce_fields) &&
    (entry.dummy_value === undefined || typeof entry.dummy_value === 'string') &&
    typeof entry.receive_updates === 'boolean' &&
    (entry.values === undefined ||
      (Array.isArray(entry.values) &&
        entry.values.every(
          (row) =>
            typeof row?.ace_value === 'string' &&
            isStringList(row.salesforce_values) &&
            (row.dummy_value === undefined || typeof row.dummy_value === 'string'),
        )))
  );
}

/** Reads an exported file; anything else is refused with one message. */
export function parseMappingFile(text: string): MappingFile | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: NOT_A_MAPPING_FILE };
  }
  const file = data as MappingFile | null;
  if (
    typeof file !== 'object' ||
    file === null ||
    file.format !== MAPPING_FILE_FORMAT ||
    file.version !== 1 ||
    !Array.isArray(file.mappings) ||
    !file.mappings.every(isEntry)
  ) {
    return { error: NOT_A_MAPPING_FILE };
  }
  return file;
}

export interface ImportPlan {
  changes: { attribute: Attribute; next: AttributeMappings }[];
  /** Entries that name a field this tenant does not have, as 'type name'. */
  skipped: string[];
}

/** What applying a file changes: each entry becomes the row's new selection. */
export function planImport(
  file: MappingFile,
  attributes: readonly Attribute[],
  salesforce: Record<EntityType, readonly Attribute[]>,
  current: (attributeId: number) => AttributeMappings,
): ImportPlan {
  const plan: ImportPlan = { changes: [], skipped: [] };
  for (const entry of file.mappings) {
    const { name, type } = entry.ace_field;
    const attribute = attributes.find((ace) => ace.name === name && ace.type === type);
    const fields = entry.salesforce_fields
      .map((field) => salesforce[type].find((sf) => sf.name === field))
      .filter((field): field is Attribute => field !== undefined);
    if (!attribute || isReserved(attribute) || fields.length !== entry.salesforce_fields.length) {
      plan.skipped.push(`${type} ${name}`);
      continue;
    }
    const refs = new Map(fields.map((field) => [field.id, toRef(field)]));
    const keys = entry.dummy_value !== undefined ? [DUMMY_KEY] : [...refs.keys()].map(String);
    let next = selectFields(current(attribute.id), attribute, keys, (id) => refs.get(id));
    if (entry.dummy_value !== undefined) next = setDummyText(next, null, entry.dummy_value);
    next = setReceiveUpdate(next, entry.receive_updates);
    const known = new Set(aceValues(attribute).map(({ value }) => value));
    for (const row of entry.values ?? []) {
      if (!known.has(row.ace_value)) continue;
      const rowKeys = row.dummy_value !== undefined ? [DUMMY_KEY] : row.salesforce_values;
      next = selectValues(next, attribute, row.ace_value, rowKeys);
      if (row.dummy_value !== undefined) next = setDummyText(next, row.ace_value, row.dummy_value);
    }
    plan.changes.push({ attribute, next });
  }
  return plan;
}

/**
 * The plan as one importMappings request: each field's mapping and value rows as a single write
 * would send them (a cleared one left out: the server deletes what the item does not list). A
 * value row reads its field's Salesforce field, and the server gives it its parent's id.
 */
export function importRequest(plan: ImportPlan): MappingImport {
  return {
    fields: plan.changes.map(({ attribute, next }) => {
      const field = next.field && !isCleared(next.field) ? next.field : undefined;
      const values: DataMappingWrite[] = field
        ? [...next.values.values()]
            .filter((row) => !isCleared(row))
            .map((row) => {
              const { picklist_mapping: _parent, ...body } = writeBody({
                ...row,
                salesforce_attribute: field.salesforce_attribute ?? row.salesforce_attribute,
              });
              return body;
            })
        : [];
      return {
        aws_ace_attribute: attribute.id,
        field: field ? writeBody(field) : null,
        values,
      };
    }),
  };
}
