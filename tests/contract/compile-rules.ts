#!/usr/bin/env node
// Compiles the domain rules that openapi.yaml carries as data into generated/rules/index.ts, so
// the app and the sandbox apply the same rules from one place. Run by `npm run generate` (plain
// Node: it strips the types). The enums (ReservedAttributeName, RelatedRecordObject, DataType,
// ComparisonType) are already constants in generated/api/model; this step adds what orval does
// not turn into code:
//   DataType.x-filter-comparisons      data type -> the comparisons a sync filter accepts, in order
//   DataType.x-filter-value-formats    data type -> $ref of a string schema whose `pattern` a
//                                      filter value must match
//   OverrideWrite.x-override-value-formats  data type -> $ref of a string schema whose `pattern` an
//                                      override value must match
//   OverrideWrite.x-override-refused        which ACE attributes take no override: `names` ($ref of
//                                      an enum of names), `related-records` ($ref of an enum of
//                                      related objects), `permission_type` (a list of values)
// and the bounds of the values typed into hand-written inputs (the RJSF forms take theirs from
// schemas/): SyncFilterWrite.field_value, OverrideWrite.dummy_value and
// DataMappingWrite.dummy_value_description's `maxLength`.
// A malformed extension stops the generation with a message naming it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse } from 'yaml';

interface Schema {
  type?: string | string[];
  maxLength?: number;
  properties?: Record<string, Schema>;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  description?: string;
  $ref?: string;
  [extension: `x-${string}`]: unknown;
}

export interface ContractDocument {
  components?: { schemas?: Record<string, Schema> };
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUTPUT = join(ROOT, 'generated', 'rules', 'index.ts');
const REF_PREFIX = '#/components/schemas/';

class RuleError extends Error {
  constructor(where: string, problem: string) {
    super(`openapi.yaml ${where}: ${problem}`);
  }
}

function schemaNamed(doc: ContractDocument, name: string, where: string): Schema {
  const schema = doc.components?.schemas?.[name];
  if (!schema) throw new RuleError(where, `no schema ${name} in components.schemas.`);
  return schema;
}

function stringEnum(doc: ContractDocument, name: string, where: string): string[] {
  const values = schemaNamed(doc, name, where).enum;
  if (!values?.every((value): value is string => typeof value === 'string'))
    throw new RuleError(where, `${name} must be an enum of strings.`);
  return values;
}

/** The schema name a `{ $ref: '#/components/schemas/Name' }` points to. */
function refName(node: unknown, where: string): string {
  const ref = (node as Schema | undefined)?.$ref;
  if (
    typeof ref !== 'string' ||
    !ref.startsWith(REF_PREFIX) ||
    ref.includes('/', REF_PREFIX.length)
  )
    throw new RuleError(where, `expected { $ref: '${REF_PREFIX}<Name>' }.`);
  return ref.slice(REF_PREFIX.length);
}

function mapping(node: unknown, where: string): Record<string, unknown> {
  if (!node || typeof node !== 'object' || Array.isArray(node))
    throw new RuleError(where, 'expected a mapping.');
  return node as Record<string, unknown>;
}

/** A JSDoc block of a schema's description (its first paragraph). */
function jsdoc(text: string | undefined, indent = ''): string {
  const paragraph = (text ?? '').trim().split(/\n\s*\n/)[0] ?? '';
  if (!paragraph) return '';
  const lines = paragraph.replace(/\*\//g, '*\\/').split('\n');
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line.trim()}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

function filterComparisons(doc: ContractDocument): Record<string, string[]> {
  const where = 'components.schemas.DataType.x-filter-comparisons';
  const dataTypes = stringEnum(doc, 'DataType', where);
  const comparisons = stringEnum(doc, 'ComparisonType', where);
  const table = mapping(schemaNamed(doc, 'DataType', where)['x-filter-comparisons'], where);
  const result: Record<string, string[]> = {};
  for (const dataType of dataTypes) {
    const list = table[dataType];
    if (!Array.isArray(list) || list.length === 0)
      throw new RuleError(where, `${dataType} needs a non-empty list of comparisons.`);
    for (const comparison of list)
      if (typeof comparison !== 'string' || !comparisons.includes(comparison))
        throw new RuleError(where, `${dataType}: ${String(comparison)} is not a ComparisonType.`);
    result[dataType] = list as string[];
  }
  const unknown = Object.keys(table).filter((key) => !dataTypes.includes(key));
  if (unknown.length > 0) throw new RuleError(where, `${unknown.join(', ')} is not a DataType.`);
  return result;
}

interface ValueFormat {
  schema: string;
  pattern: string;
  format: string | undefined;
  description: string | undefined;
}

/** A table of data type -> `{ $ref }` of a string schema with a pattern: `schema`'s `extension`. */
function valueFormats(
  doc: ContractDocument,
  schemaName: string,
  extension: `x-${string}`,
): Record<string, ValueFormat> {
  const where = `components.schemas.${schemaName}.${extension}`;
  const dataTypes = stringEnum(doc, 'DataType', where);
  const table = mapping(schemaNamed(doc, schemaName, where)[extension], where);
  const result: Record<string, ValueFormat> = {};
  for (const [dataType, node] of Object.entries(table)) {
    if (!dataTypes.includes(dataType)) throw new RuleError(where, `${dataType} is not a DataType.`);
    const name = refName(node, `${where}.${dataType}`);
    const schema = schemaNamed(doc, name, `${where}.${dataType}`);
    if (schema.type !== 'string' || typeof schema.pattern !== 'string')
      throw new RuleError(
        `${where}.${dataType}`,
        `${name} must be a string schema with a pattern.`,
      );
    try {
      new RegExp(schema.pattern, 'u');
    } catch (error) {
      throw new RuleError(`${where}.${dataType}`, `${name}'s pattern: ${String(error)}`);
    }
    result[dataType] = {
      schema: name,
      pattern: schema.pattern,
      format: schema.format,
      description: schema.description,
    };
  }
  return result;
}

interface OverrideRefused {
  names: string;
  relatedRecords: string;
  permissionTypes: string[];
}

function overrideRefused(doc: ContractDocument): OverrideRefused {
  const where = 'components.schemas.OverrideWrite.x-override-refused';
  const table = mapping(schemaNamed(doc, 'OverrideWrite', where)['x-override-refused'], where);
  const known = ['names', 'related-records', 'permission_type'];
  const unknown = Object.keys(table).filter((key) => !known.includes(key));
  if (unknown.length > 0)
    throw new RuleError(where, `${unknown.join(', ')}: only ${known.join(', ')} are understood.`);
  const names = refName(table.names, `${where}.names`);
  stringEnum(doc, names, `${where}.names`);
  const relatedRecords = refName(table['related-records'], `${where}.related-records`);
  for (const object of stringEnum(doc, relatedRecords, `${where}.related-records`))
    if (!/^\w+$/.test(object))
      throw new RuleError(`${where}.related-records`, `${object} is not a plain object name.`);
  const permissionTypes = table.permission_type;
  const allowed = (schemaNamed(doc, 'Attribute', where) as { properties?: Record<string, Schema> })
    .properties?.permission_type?.enum;
  if (
    !Array.isArray(permissionTypes) ||
    !permissionTypes.every((value) => typeof value === 'string' && allowed?.includes(value))
  )
    throw new RuleError(
      `${where}.permission_type`,
      'expected values of Attribute.permission_type.',
    );
  return { names, relatedRecords, permissionTypes: permissionTypes as string[] };
}

/** The `maxLength` of a property of a component schema. */
function maxLengthOf(doc: ContractDocument, name: string, property: string): number {
  const where = `components.schemas.${name}.properties.${property}`;
  const limit = schemaNamed(doc, name, where).properties?.[property]?.maxLength;
  if (typeof limit !== 'number') throw new RuleError(where, 'a maxLength is expected.');
  return limit;
}

const HEADER = `// Generated by tests/contract/compile-rules.ts from openapi.yaml: do not edit by hand.
// Change openapi.yaml and run \`npm run generate\` instead.
`;

const lowerFirst = (name: string) => `${name.charAt(0).toLowerCase()}${name.slice(1)}`;

/** The TypeScript module of the rules of `doc`. */
export function compileRules(doc: ContractDocument): string {
  const comparisons = filterComparisons(doc);
  const formats = valueFormats(doc, 'DataType', 'x-filter-value-formats');
  const overrideFormats = valueFormats(doc, 'OverrideWrite', 'x-override-value-formats');
  const refused = overrideRefused(doc);
  const dataTypeDoc = schemaNamed(doc, 'DataType', 'DataType').description;
  const imports = [...new Set([refused.names, refused.relatedRecords])].sort();

  const comparisonLines = Object.entries(comparisons)
    .map(([type, list]) => `  ${type}: [${list.map((c) => JSON.stringify(c)).join(', ')}],`)
    .join('\n');
  const formatLines = (table: Record<string, ValueFormat>) =>
    Object.entries(table)
      .map(
        ([type, format]) =>
          `${jsdoc(`${format.schema}: ${format.description ?? ''}`, '  ')}  ${type}: new RegExp(${JSON.stringify(format.pattern)}, 'u'),`,
      )
      .join('\n');

  // Each enum from its own module (orval names it after the schema, first letter lower-case), not
  // from the model index: importing the index evaluates all ~120 model modules, a few hundred ms in
  // every test file that loads the rules (the sandbox does, in every component test).
  const valueImports = imports
    .map((name) => `import { ${name} } from '../api/model/${lowerFirst(name)}.ts';`)
    .join('\n');

  return `${HEADER}
import type { ComparisonType, DataType } from '../api/model/index.ts';
${valueImports}

${jsdoc(`From DataType in openapi.yaml:\n${dataTypeDoc?.split(/\n\s*\n/)[1] ?? ''}`)}export const FILTER_COMPARISONS = {
${comparisonLines}
} as const satisfies Record<DataType, readonly ComparisonType[]>;

/** The format a sync filter's value must have, for the data types that have one (DataType.x-filter-value-formats). */
export const FILTER_VALUE_FORMATS = {
${formatLines(formats)}
} as const satisfies Partial<Record<DataType, RegExp>>;

/** Whether \`value\` has the format a filter value of \`dataType\` needs (true for types without one). */
export function hasFilterValueFormat(dataType: DataType, value: string): boolean {
  return hasFormat(FILTER_VALUE_FORMATS, dataType, value);
}

/** The format an override value must have, for the data types that have one (OverrideWrite.x-override-value-formats). */
export const OVERRIDE_VALUE_FORMATS = {
${formatLines(overrideFormats)}
} as const satisfies Partial<Record<DataType, RegExp>>;

/** Whether \`value\` has the format an override value of \`dataType\` needs (true for types without one). */
export function hasOverrideValueFormat(dataType: DataType, value: string): boolean {
  return hasFormat(OVERRIDE_VALUE_FORMATS, dataType, value);
}

function hasFormat(formats: Partial<Record<DataType, RegExp>>, dataType: DataType, value: string): boolean {
  const format = formats[dataType];
  return format === undefined || format.test(value);
}

${jsdoc(schemaNamed(doc, refused.names, refused.names).description)}export const RESERVED_ATTRIBUTE_NAMES: readonly string[] = Object.values(${refused.names});

export function isReservedAttributeName(name: string): boolean {
  return RESERVED_ATTRIBUTE_NAMES.includes(name);
}

${jsdoc(schemaNamed(doc, refused.relatedRecords, refused.relatedRecords).description)}export const RELATED_RECORD_NAME = new RegExp(\`(?:\${Object.values(${refused.relatedRecords}).join('|')})\\\\.\`, 'i');

export function isRelatedRecordName(name: string): boolean {
  return RELATED_RECORD_NAME.test(name);
}

/** The permission types whose attributes take no override (OverrideWrite.x-override-refused). */
export const OVERRIDE_REFUSED_PERMISSION_TYPES: readonly string[] = [${refused.permissionTypes.map((value) => JSON.stringify(value)).join(', ')}];

/** The longest sync-filter value (SyncFilterWrite.field_value's maxLength). */
export const FILTER_VALUE_MAX_LENGTH = ${maxLengthOf(doc, 'SyncFilterWrite', 'field_value')};

/** The longest override value (OverrideWrite.dummy_value's maxLength). */
export const OVERRIDE_VALUE_MAX_LENGTH = ${maxLengthOf(doc, 'OverrideWrite', 'dummy_value')};

/** The longest e-mail address (LoginRequest.email's maxLength: RFC 5321's path, 254). */
export const EMAIL_MAX_LENGTH = ${maxLengthOf(doc, 'LoginRequest', 'email')};

/** The longest password (LoginRequest.password's maxLength). */
export const PASSWORD_MAX_LENGTH = ${maxLengthOf(doc, 'LoginRequest', 'password')};

/** The longest licence key (ProductKeyRequest.key's maxLength). */
export const PRODUCT_KEY_MAX_LENGTH = ${maxLengthOf(doc, 'ProductKeyRequest', 'key')};

/** The longest fixed (dummy) value of a mapping (DataMappingWrite.dummy_value_description's maxLength). */
export const DUMMY_VALUE_MAX_LENGTH = ${maxLengthOf(doc, 'DataMappingWrite', 'dummy_value_description')};

${jsdoc(schemaNamed(doc, 'OverrideWrite', 'OverrideWrite').description?.split(/\n\s*\n/)[1])}export function mayTakeOverride(attribute: { name: string; permission_type?: string | null }): boolean {
  return (
    !isReservedAttributeName(attribute.name) &&
    !isRelatedRecordName(attribute.name) &&
    !OVERRIDE_REFUSED_PERMISSION_TYPES.includes(attribute.permission_type ?? '')
  );
}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const contract = parse(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8')) as ContractDocument;
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, compileRules(contract));
}
