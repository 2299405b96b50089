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
//                                      override value must match, or `choices` (a key of the
//                                      attribute's choices); the Boolean one's `enum` is the
//                                      Boolean words (BOOLEAN_VALUES: true word first)
// In both tables a schema with `format: date` also needs a day that exists.
//   OverrideWrite.x-override-refused        which ACE attributes take no override: `names` ($ref of
//                                      an enum of names), `related-records` ($ref of an enum of
//                                      related objects), `permission_type` (a list of values)
// and the bounds of the values typed into hand-written inputs (the RJSF forms take theirs from
// schemas/): SyncFilterWrite.field_value, OverrideWrite.dummy_value and
// DataMappingWrite.dummy_value_description's `maxLength`.
// The named rules of typed values, for the sandbox's checks (the forms copy theirs in through
// schemas/compile.mjs): Password's and CompanyName's `minLength`, NamePart's `minLength` (which
// PersonName's patterns must agree with), AwsAccountId's and AwsRoleArn's `pattern`, and the
// policy file's `x-max-bytes` with the PayloadTooLarge reply's text.
// The single-line rule (SingleLineText's `pattern`, one class of refused characters, and its
// `x-message`): isSingleLine for the sandbox's checks and its mail headers, toSingleLine for text
// stored before the rule. A rule schema that takes another by `allOf: [{ $ref }]` (EmailValue takes
// SingleLineText) is compiled as both patterns at once.
// A malformed extension stops the generation with a message naming it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse } from 'yaml';

interface Schema {
  type?: string | string[];
  maxLength?: number;
  minLength?: number;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  description?: string;
  $ref?: string;
  [extension: `x-${string}`]: unknown;
}

export interface ContractDocument {
  components?: {
    schemas?: Record<string, Schema>;
    responses?: Record<
      string,
      { content?: Record<string, { examples?: Record<string, { value?: unknown }> }> }
    >;
  };
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
  enum: unknown[] | undefined;
}

/** The word that stands for "one of the keys of the attribute's `choices`" in a table of formats. */
const CHOICES = 'choices';

interface ValueFormats {
  formats: Record<string, ValueFormat>;
  /** The data types whose value must be a key of the attribute's `choices`. */
  fromChoices: string[];
}

/**
 * A table of data type -> `{ $ref }` of a string schema with a pattern (or, when `choicesAllowed`,
 * the word `choices`): `schema`'s `extension`.
 */
function valueFormats(
  doc: ContractDocument,
  schemaName: string,
  extension: `x-${string}`,
  choicesAllowed = false,
): ValueFormats {
  const where = `components.schemas.${schemaName}.${extension}`;
  const dataTypes = stringEnum(doc, 'DataType', where);
  const table = mapping(schemaNamed(doc, schemaName, where)[extension], where);
  const result: Record<string, ValueFormat> = {};
  const fromChoices: string[] = [];
  for (const [dataType, node] of Object.entries(table)) {
    if (!dataTypes.includes(dataType)) throw new RuleError(where, `${dataType} is not a DataType.`);
    if (choicesAllowed && node === CHOICES) {
      fromChoices.push(dataType);
      continue;
    }
    const name = refName(node, `${where}.${dataType}`);
    const schema = schemaNamed(doc, name, `${where}.${dataType}`);
    if (schema.type !== 'string' || typeof schema.pattern !== 'string')
      throw new RuleError(
        `${where}.${dataType}`,
        `${name} must be a string schema with a pattern.`,
      );
    const source = patternWithRules(doc, name, `${where}.${dataType}`);
    const pattern = new RegExp(source, 'u');
    const misfit = schema.enum?.find((value) => typeof value !== 'string' || !pattern.test(value));
    if (misfit !== undefined)
      throw new RuleError(
        `${where}.${dataType}`,
        `${name}'s enum value ${JSON.stringify(misfit)} does not match its pattern.`,
      );
    result[dataType] = {
      schema: name,
      pattern: source,
      format: schema.format,
      description: schema.description,
      enum: schema.enum,
    };
  }
  return { formats: result, fromChoices };
}

/** The Boolean words: the `enum` of the Boolean override format, the true word first. */
function booleanValues(formats: Record<string, ValueFormat>): [string, string] {
  const where = 'components.schemas.OverrideWrite.x-override-value-formats.Boolean';
  const format = formats.Boolean;
  if (!format) throw new RuleError(where, 'a Boolean format (the Boolean words) is expected.');
  const words = format.enum;
  if (words?.length !== 2 || words[0] === words[1])
    throw new RuleError(where, `${format.schema} needs an enum of two words, the true word first.`);
  return words as [string, string];
}

/** The data types of a table whose schema is a day (`format: date`): the day must exist. */
const dayTypes = (formats: Record<string, ValueFormat>) =>
  Object.keys(formats).filter((type) => formats[type]?.format === 'date');

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

/**
 * The real-day rule (the contract's `format: date`), a module of its own: a screen that only
 * checks a day (a route's search) carries this function, not every rule's table.
 */
export const DAY_MODULE = `${HEADER}
/**
 * A calendar day written exactly YYYY-MM-DD that exists: Date.parse would roll 2026-02-30 over
 * into March. The one real-day rule of the app and the sandbox (in UTC: a day has no time zone).
 */
export function isRealDay(text: string): boolean {
  const time = Date.parse(\`\${text}T00:00:00Z\`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}
`;

/**
 * Marks a call the bundler may drop when its result is unused: a screen that needs one rule (a
 * route's search that checks a day) then does not carry every rule's table into its chunk.
 */
const PURE = '/* @__PURE__ */ ';

/** The `minLength` of a component schema. */
function minLengthOf(doc: ContractDocument, name: string): number {
  const limit = schemaNamed(doc, name, `components.schemas.${name}`).minLength;
  if (typeof limit !== 'number')
    throw new RuleError(`components.schemas.${name}`, 'a minLength is expected.');
  return limit;
}

/** The `pattern` of a string component schema, checked to compile. */
function patternOf(doc: ContractDocument, name: string): string {
  const schema = schemaNamed(doc, name, `components.schemas.${name}`);
  if (schema.type !== 'string' || typeof schema.pattern !== 'string')
    throw new RuleError(`components.schemas.${name}`, 'must be a string schema with a pattern.');
  try {
    new RegExp(schema.pattern, 'u');
  } catch (error) {
    throw new RuleError(`components.schemas.${name}`, `its pattern: ${String(error)}`);
  }
  return schema.pattern;
}

/**
 * A rule schema's `pattern` and the patterns of the rule schemas it takes by `allOf: [{ $ref }]`,
 * as one pattern a text matches when it matches them all: each is anchored (`^...$`), so each is
 * a lookahead at the start (`(?=^a$)(?=^b$)`). The one pattern itself when it takes none.
 */
function patternWithRules(doc: ContractDocument, name: string, where: string): string {
  const schema = schemaNamed(doc, name, where);
  const taken = (schema.allOf ?? [])
    .filter((part) => part.$ref !== undefined)
    .map((part, index) => refName(part, `${where}: ${name}.allOf[${index}]`));
  const patterns = [schema.pattern, ...taken.map((rule) => schemaNamed(doc, rule, where).pattern)];
  if (!patterns.every((pattern): pattern is string => typeof pattern === 'string'))
    throw new RuleError(
      where,
      `${name} and the rules it takes (${taken.join(', ')}) need a pattern each.`,
    );
  for (const pattern of patterns) {
    // Only an anchored pattern means the same as a lookahead at the start.
    if (patterns.length > 1 && (!pattern.startsWith('^') || !pattern.endsWith('$')))
      throw new RuleError(where, `${name}: the pattern ${pattern} must be anchored (^...$).`);
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      throw new RuleError(where, `${name}'s pattern: ${String(error)}`);
    }
  }
  return patterns.length === 1
    ? patterns[0]!
    : patterns.map((pattern) => `(?=${pattern})`).join('');
}

interface SingleLineRule {
  /** SingleLineText's pattern, as the contract writes it (and Ajv reports it). */
  pattern: string;
  /** The characters it refuses, as the inside of a character class. */
  refused: string;
  message: string;
}

/**
 * SingleLineText: a pattern `^[^<class>]*$` (one class of refused characters, which is what lets
 * a stored text be made one line by replacing them) that refuses at least CR, LF, ESC and NUL and
 * takes letters, accents and emoji, and the `x-message` a refused text is told.
 */
function singleLineRule(doc: ContractDocument): SingleLineRule {
  const where = 'components.schemas.SingleLineText';
  const schema = schemaNamed(doc, 'SingleLineText', where);
  const match = /^\^\[\^(.+)\]\*\$$/s.exec(schema.pattern ?? '');
  if (!match) throw new RuleError(where, 'a pattern `^[^<refused characters>]*$` is expected.');
  const pattern = schema.pattern!;
  let compiled: RegExp;
  try {
    compiled = new RegExp(pattern, 'u');
  } catch (error) {
    throw new RuleError(where, `its pattern: ${String(error)}`);
  }
  const wrong = [
    ...['\r', '\n', '\u001b', '\u0000'].filter((text) => compiled.test(text)),
    ...["Zoë O'Brien-Smith", 'José', '東京', '🚀'].filter((text) => !compiled.test(text)),
  ];
  if (wrong.length > 0)
    throw new RuleError(
      where,
      `its pattern must refuse CR, LF, ESC and NUL and take letters, accents and emoji: wrong for ${wrong.map((text) => JSON.stringify(text)).join(', ')}.`,
    );
  const message = schema['x-message'];
  if (typeof message !== 'string' || message.trim() === '')
    throw new RuleError(`${where}.x-message`, 'the text a refused value is told is expected.');
  return { pattern, refused: match[1]!, message };
}

/**
 * NamePart's `minLength`, once PersonName's patterns (the forms' rule for the full name the parts
 * come from) are seen to agree with it: a name whose parts have that many characters passes
 * them all, a name with one part a character shorter fails one.
 */
function namePartMinLength(doc: ContractDocument): number {
  const where = 'components.schemas.PersonName.allOf';
  const minimum = minLengthOf(doc, 'NamePart');
  // The rules it takes by $ref (SingleLineText) say nothing of lengths.
  const patterns = (schemaNamed(doc, 'PersonName', where).allOf ?? [])
    .filter((part) => part.$ref === undefined)
    .map((part) => part.pattern);
  if (patterns.length === 0 || !patterns.every((pattern) => typeof pattern === 'string'))
    throw new RuleError(where, 'a list of patterns is expected.');
  const part = (length: number) => 'x'.repeat(length);
  const fits = (name: string) =>
    patterns.every((pattern) => new RegExp(pattern as string, 'u').test(name));
  if (!fits(`${part(minimum)} ${part(minimum)}`) || fits(`${part(minimum)} ${part(minimum - 1)}`))
    throw new RuleError(where, `its patterns disagree with NamePart's minLength (${minimum}).`);
  return minimum;
}

/** AddPolicyRequest.policy's `x-max-bytes`: the largest policy file, in bytes. */
function policyMaxBytes(doc: ContractDocument): number {
  const where = 'components.schemas.AddPolicyRequest.properties.policy.x-max-bytes';
  const limit = schemaNamed(doc, 'AddPolicyRequest', where).properties?.policy?.['x-max-bytes'];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit <= 0)
    throw new RuleError(where, 'a whole number of bytes is expected.');
  return limit;
}

/** The text of the contract's 413 (components.responses.PayloadTooLarge's example `error`). */
function tooLargeText(doc: ContractDocument): string {
  const where = 'components.responses.PayloadTooLarge';
  const examples =
    doc.components?.responses?.PayloadTooLarge?.content?.['application/json']?.examples;
  const text = (Object.values(examples ?? {})[0]?.value as { error?: unknown } | undefined)?.error;
  if (typeof text !== 'string' || text === '')
    throw new RuleError(where, 'an example with an `error` text is expected.');
  return text;
}

/** EmailValue's pattern (with the rules it takes): the one rule of an e-mail address's form. */
function emailPattern(doc: ContractDocument): string {
  const schema = schemaNamed(doc, 'EmailValue', 'EmailValue');
  if (schema.type !== 'string' || typeof schema.pattern !== 'string')
    throw new RuleError('EmailValue', 'must be a string schema with a pattern.');
  return patternWithRules(doc, 'EmailValue', 'components.schemas.EmailValue');
}

/**
 * SyncRunState's `x-labels`: the words shown for each state of a run, every state named once and
 * nothing else; `{failed}` is the only placeholder.
 */
function runStateLabels(doc: ContractDocument): Record<string, string> {
  const where = 'components.schemas.SyncRunState.x-labels';
  const states = stringEnum(doc, 'SyncRunState', where);
  const table = mapping(schemaNamed(doc, 'SyncRunState', where)['x-labels'], where);
  const names = Object.keys(table);
  if (names.length !== states.length || !states.every((state) => names.includes(state)))
    throw new RuleError(where, `must name each state once: ${states.join(', ')}.`);
  for (const [state, label] of Object.entries(table)) {
    if (typeof label !== 'string' || label.trim() === '')
      throw new RuleError(`${where}.${state}`, 'must be a non-empty text.');
    const unknown = [...label.matchAll(/\{(\w+)\}/g)].find((match) => match[1] !== 'failed');
    if (unknown) throw new RuleError(`${where}.${state}`, `unknown placeholder ${unknown[0]}.`);
  }
  return table as Record<string, string>;
}

/** SyncStats.next_sync_at's `x-scheduled-hours-utc`: the hours (UTC) of the scheduled syncs. */
function scheduledHours(doc: ContractDocument): number[] {
  const where = 'components.schemas.SyncStats.properties.next_sync_at.x-scheduled-hours-utc';
  const hours = schemaNamed(doc, 'SyncStats', where).properties?.next_sync_at?.[
    'x-scheduled-hours-utc'
  ];
  if (
    !Array.isArray(hours) ||
    hours.length === 0 ||
    !hours.every((hour) => Number.isInteger(hour) && hour >= 0 && hour < 24)
  )
    throw new RuleError(where, 'expected a list of whole hours from 0 to 23.');
  return [...(hours as number[])].sort((a, b) => a - b);
}

/** The TypeScript module of the rules of `doc`. */
export function compileRules(doc: ContractDocument): string {
  const comparisons = filterComparisons(doc);
  const { formats } = valueFormats(doc, 'DataType', 'x-filter-value-formats');
  const { formats: overrideFormats, fromChoices } = valueFormats(
    doc,
    'OverrideWrite',
    'x-override-value-formats',
    true,
  );
  const [trueWord, falseWord] = booleanValues(overrideFormats);
  const quoted = (values: readonly string[]) =>
    values.map((value) => JSON.stringify(value)).join(', ');
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
          `${jsdoc(`${format.schema}: ${format.description ?? ''}`, '  ')}  ${type}: ${PURE}new RegExp(${JSON.stringify(format.pattern)}, 'u'),`,
      )
      .join('\n');

  // Each enum from its own module (orval names it after the schema, first letter lower-case), not
  // from the model index: importing the index evaluates all ~120 model modules, a few hundred ms in
  // every test file that loads the rules (the sandbox does, in every component test).
  const valueImports = imports
    .map((name) => `import { ${name} } from '../api/model/${lowerFirst(name)}.ts';`)
    .join('\n');

  const stateLabels = Object.entries(runStateLabels(doc))
    .map(([state, label]) => `  ${state}: ${JSON.stringify(label)},`)
    .join('\n');
  const stateDoc = schemaNamed(doc, 'SyncRunState', 'SyncRunState').description;
  const singleLine = singleLineRule(doc);

  return `${HEADER}
import type { ComparisonType, DataType, SyncRunState } from '../api/model/index.ts';
import { isRealDay } from './day.ts';
${valueImports}

export { isRealDay };

${jsdoc(`From DataType in openapi.yaml:\n${dataTypeDoc?.split(/\n\s*\n/)[1] ?? ''}`)}export const FILTER_COMPARISONS = {
${comparisonLines}
} as const satisfies Record<DataType, readonly ComparisonType[]>;

/** The format a sync filter's value must have, for the data types that have one (DataType.x-filter-value-formats). */
export const FILTER_VALUE_FORMATS = {
${formatLines(formats)}
} as const satisfies Partial<Record<DataType, RegExp>>;

/** The data types whose filter value is a day (\`format: date\`), which must exist. */
const FILTER_DAY_TYPES: readonly DataType[] = [${quoted(dayTypes(formats))}];

/** Whether \`value\` has the format a filter value of \`dataType\` needs (true for types without one). */
export function hasFilterValueFormat(dataType: DataType, value: string): boolean {
  return hasFormat(FILTER_VALUE_FORMATS, FILTER_DAY_TYPES, dataType, value);
}

/** The format an override value must have, for the data types that have one (OverrideWrite.x-override-value-formats). */
export const OVERRIDE_VALUE_FORMATS = {
${formatLines(overrideFormats)}
} as const satisfies Partial<Record<DataType, RegExp>>;

/** The data types whose override value is a day (\`format: date\`), which must exist. */
const OVERRIDE_DAY_TYPES: readonly DataType[] = [${quoted(dayTypes(overrideFormats))}];

/** The data types whose override value must be a key of the attribute's \`choices\` (when it has any). */
export const OVERRIDE_VALUE_FROM_CHOICES: readonly DataType[] = [${quoted(fromChoices)}];

${jsdoc(`The Boolean words (${overrideFormats.Boolean?.schema ?? ''}), the true word first: the one vocabulary of a Boolean ACE value, for the mapper's value rows, an override and the filter editor.`)}export const BOOLEAN_VALUES = [${quoted([trueWord, falseWord])}] as const;

/** The Boolean word of \`value\`. */
export function booleanValue(value: boolean): (typeof BOOLEAN_VALUES)[number] {
  return value ? BOOLEAN_VALUES[0] : BOOLEAN_VALUES[1];
}

/** Whether \`value\` has the format an override value of \`dataType\` needs (true for types without one). */
export function hasOverrideValueFormat(dataType: DataType, value: string): boolean {
  return hasFormat(OVERRIDE_VALUE_FORMATS, OVERRIDE_DAY_TYPES, dataType, value);
}

/**
 * Whether \`value\` is an override value the contract accepts for \`attribute\`: its data type's
 * format, or one of its choices' keys (OverrideWrite.x-override-value-formats).
 */
export function isOverrideValue(
  attribute: { data_type?: DataType | null; choices?: Readonly<Record<string, unknown>> | null },
  value: string,
): boolean {
  const dataType = attribute.data_type;
  if (!dataType) return true;
  if (OVERRIDE_VALUE_FROM_CHOICES.includes(dataType)) {
    const keys = Object.keys(attribute.choices ?? {});
    return keys.length === 0 || keys.includes(value);
  }
  return hasOverrideValueFormat(dataType, value);
}

function hasFormat(
  formats: Partial<Record<DataType, RegExp>>,
  dayTypes: readonly DataType[],
  dataType: DataType,
  value: string,
): boolean {
  const format = formats[dataType];
  if (format === undefined) return true;
  return format.test(value) && (!dayTypes.includes(dataType) || isRealDay(value));
}


${jsdoc(`The words shown for each state of a sync run (SyncRunState's x-labels), wherever a run is shown: history, run dialog, toast, mail and webhook. {failed} is the run's failed records.\n\n${stateDoc ?? ''}`)}export const SYNC_RUN_STATE_LABELS = {
${stateLabels}
} as const satisfies Record<SyncRunState, string>;

const RUN_COUNT = ${PURE}new Intl.NumberFormat('en-US');

/** A run's failed records, over both entities. */
export function runFailed(run: {
  counts: { lead: { failed: number }; opportunity: { failed: number } };
}): number {
  return run.counts.lead.failed + run.counts.opportunity.failed;
}

/** What a run's state reads as (SYNC_RUN_STATE_LABELS), its failed records filled in. */
export function runStateLabel(run: {
  state: SyncRunState;
  counts: { lead: { failed: number }; opportunity: { failed: number } };
}): string {
  return SYNC_RUN_STATE_LABELS[run.state].replace('{failed}', RUN_COUNT.format(runFailed(run)));
}

/** The hours of the day, in UTC, when scheduled syncs run (SyncStats.next_sync_at's x-scheduled-hours-utc; 24:00 is 0). */
export const SCHEDULED_HOURS_UTC: readonly number[] = [${scheduledHours(doc).join(', ')}];

/** The first scheduled sync time after \`now\` (at a scheduled time exactly, the one after it). */
export function nextScheduledTime(now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const start of [day, day + 86_400_000])
    for (const hour of SCHEDULED_HOURS_UTC) {
      const at = start + hour * 3_600_000;
      if (at > now.getTime()) return new Date(at);
    }
  return new Date(day + 86_400_000 * 2 + (SCHEDULED_HOURS_UTC[0] ?? 0) * 3_600_000);
}

${jsdoc(schemaNamed(doc, refused.names, refused.names).description)}export const RESERVED_ATTRIBUTE_NAMES: readonly string[] = ${PURE}Object.values(${refused.names});

export function isReservedAttributeName(name: string): boolean {
  return RESERVED_ATTRIBUTE_NAMES.includes(name);
}

${jsdoc(schemaNamed(doc, refused.relatedRecords, refused.relatedRecords).description)}export const RELATED_RECORD_NAME = ${PURE}new RegExp(\`(?:\${Object.values(${refused.relatedRecords}).join('|')})\\\\.\`, 'i');

export function isRelatedRecordName(name: string): boolean {
  return RELATED_RECORD_NAME.test(name);
}

/** The permission types whose attributes take no override (OverrideWrite.x-override-refused). */
export const OVERRIDE_REFUSED_PERMISSION_TYPES: readonly string[] = [${refused.permissionTypes.map((value) => JSON.stringify(value)).join(', ')}];

/** The longest sync-filter value (SyncFilterWrite.field_value's maxLength). */
export const FILTER_VALUE_MAX_LENGTH = ${maxLengthOf(doc, 'SyncFilterWrite', 'field_value')};

/** The longest override value (OverrideWrite.dummy_value's maxLength). */
export const OVERRIDE_VALUE_MAX_LENGTH = ${maxLengthOf(doc, 'OverrideWrite', 'dummy_value')};

${jsdoc(`SingleLineText's pattern, as the contract writes it. ${schemaNamed(doc, 'SingleLineText', 'SingleLineText').description ?? ''}`)}export const SINGLE_LINE_PATTERN = ${JSON.stringify(singleLine.pattern)};

const SINGLE_LINE_TEXT = ${PURE}new RegExp(SINGLE_LINE_PATTERN, 'u');

/** A run of the characters SingleLineText refuses. */
const SINGLE_LINE_BREAKS = ${PURE}new RegExp(${JSON.stringify(`[${singleLine.refused}]+`)}, 'gu');

/** What a form field or a 400 says of a text that is not one line (SingleLineText's x-message). */
export const SINGLE_LINE_MESSAGE = ${JSON.stringify(singleLine.message)};

/** Whether \`text\` is one line (SingleLineText): no control character, no line separator. */
export function isSingleLine(text: string): boolean {
  return SINGLE_LINE_TEXT.test(text);
}

/**
 * \`text\` made one line: each run of the characters SingleLineText refuses becomes one space. For
 * text stored before the rule, which can no longer be refused; text a request sends is refused.
 */
export function toSingleLine(text: string): string {
  return text.replace(SINGLE_LINE_BREAKS, ' ');
}

/** An e-mail address as the API takes it (EmailValue's pattern, on one line): sign-up, invitations, resets, overrides. */
export const EMAIL_ADDRESS = ${PURE}new RegExp(${JSON.stringify(emailPattern(doc))}, 'u');

/** The longest e-mail address (LoginRequest.email's maxLength: RFC 5321's path, 254). */
export const EMAIL_MAX_LENGTH = ${maxLengthOf(doc, 'LoginRequest', 'email')};

/** The longest password (LoginRequest.password's maxLength). */
export const PASSWORD_MAX_LENGTH = ${maxLengthOf(doc, 'LoginRequest', 'password')};

${jsdoc(`The shortest new password (Password's minLength). ${schemaNamed(doc, 'Password', 'Password').description ?? ''}`)}export const PASSWORD_MIN_LENGTH = ${minLengthOf(doc, 'Password')};

${jsdoc(`The shortest part of a person's name (NamePart's minLength). ${schemaNamed(doc, 'NamePart', 'NamePart').description ?? ''}`)}export const NAME_PART_MIN_LENGTH = ${namePartMinLength(doc)};

/** The shortest company name (CompanyName's minLength). */
export const COMPANY_NAME_MIN_LENGTH = ${minLengthOf(doc, 'CompanyName')};

/** An AWS account id (AwsAccountId's pattern): 12 digits. */
export const AWS_ACCOUNT_ID = ${PURE}new RegExp(${JSON.stringify(patternOf(doc, 'AwsAccountId'))}, 'u');

${jsdoc(`An IAM role's ARN (AwsRoleArn's pattern). ${schemaNamed(doc, 'AwsRoleArn', 'AwsRoleArn').description ?? ''}`)}export const AWS_ROLE_ARN = ${PURE}new RegExp(${JSON.stringify(patternOf(doc, 'AwsRoleArn'))}, 'u');

/** The largest policy file, in bytes (AddPolicyRequest.policy's x-max-bytes). */
export const POLICY_MAX_BYTES = ${policyMaxBytes(doc)};

/** What a larger policy file is told (the contract's 413, PayloadTooLarge). */
export const POLICY_TOO_LARGE = ${JSON.stringify(tooLargeText(doc))};

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
  writeFileSync(join(dirname(OUTPUT), 'day.ts'), DAY_MODULE);
}
