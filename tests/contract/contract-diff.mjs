#!/usr/bin/env node
// `npm run contract:diff -- <git-ref>`: the operations added, removed and changed between
// openapi.yaml at a git ref and the working tree, breaking changes first, so that a reviewer sees
// a contract change at a glance. api-smart-diff compares the documents (resolving $refs, so a
// change to a shared schema shows on every operation that uses it) and classifies each change;
// the rules below (`RULES`) make breaking what a client built on the old contract cannot survive,
// whatever the library says, and each change is written as place, before -> after. A new
// operation comes with its summary and statuses, a new property with required or optional, its
// type and limits; the changelog is compared line by line by version, and example changes are
// folded into one line per operation. Its flags: DIFF_COMMAND below (`--help`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { apiCompare } from 'api-smart-diff';
import { parse } from 'yaml';

import { readCommandLine, usageOf } from '../cli.mjs';
import { git } from './git.mjs';

/**
 * @import { Diff } from 'api-smart-diff'
 *
 * @typedef {'breaking' | 'deprecated' | 'non-breaking' | 'annotation' | 'unclassified'} ChangeType
 * @typedef {{ type: ChangeType, text: string }} ContractChange
 * @typedef {object} OperationDiff
 * @property {string} method
 * @property {string} path
 * @property {string | undefined} id
 * @property {'added' | 'removed' | 'changed'} status
 * @property {ContractChange[]} changes Breaking first.
 * @property {string | undefined} summary The operation's summary (the older one when removed).
 * @property {string[]} statuses The statuses it answers.
 * @property {{ media: string[], required: string[] } | undefined} body Its request body: the
 *   content types and the properties a body must have.
 * @typedef {object} ContractDiffReport
 * @property {OperationDiff[]} added
 * @property {OperationDiff[]} removed
 * @property {OperationDiff[]} changed Operations with a breaking change first.
 * @property {ContractChange[]} other Changes outside operations (info, tags, security schemes, ...).
 * @property {ContractChange[]} changelog info.x-changelog's lines added, edited and removed, by version.
 * @property {{ before: string | undefined, after: string | undefined }} versions info.version.
 * @property {number} breakingCount
 *
 * What the report reads of a parsed OpenAPI document.
 * @typedef {{ paths?: Record<string, PathItem | undefined> }} OpenApiDoc
 * @typedef {Record<string, { operationId?: string } | undefined>} PathItem
 *
 * A node of a parsed document, read loosely: any key may be missing.
 * @typedef {Record<string, any>} Node
 * A parameter named by its place and name: a diff names it by its index in a list that merges the
 * operation's and the path's parameters, which is neither document's own list.
 * @typedef {{ name: string, in: string }} ParameterKey
 * A step from an operation down to a changed node.
 * @typedef {string | number | ParameterKey} Step
 * @typedef {{ path: string, method: string, before: Node, after: Node }} OperationContext
 *
 * Where a change sits in its operation.
 * @typedef {object} Place
 * @property {'request' | 'response' | 'operation'} side
 * @property {string} container `request body (application/json)`, `query parameter \`page\``,
 *   `response 200 (application/json)`, `response 404`, `operation`.
 * @property {string[]} chain The property inside the container's schema: ['items[]', 'team'].
 * @property {Step[]} keyword What changed in that schema or node: ['type'], ['enum', 2], [] for
 *   the node itself.
 * @property {Step[]} node The steps from the operation to the changed schema or node.
 * @property {boolean} inSchema The keyword is one of a schema's (`required` is then the list of
 *   the properties a value must have, not a parameter's own flag).
 */

/** @type {readonly string[]} */
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
/** @type {readonly ChangeType[]} */
const SEVERITY = ['breaking', 'deprecated', 'non-breaking', 'annotation', 'unclassified'];
// Components are compared where operations use them ($refs are resolved), so only these parts
// of `components` say something the operations do not.
/** @type {ReadonlySet<unknown>} */
const OWN_COMPONENTS = new Set(['securitySchemes']);
const COMBINERS = new Set(['allOf', 'oneOf', 'anyOf']);
// What a schema allows beyond its type, shown with a new or removed property or parameter: what a
// client has to send or may receive is in them as much as in the type.
const LIMITS = [
  'format',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
];
// Examples (an OpenAPI `examples` map or `example`, a schema's `example` or `examples` list)
// illustrate the contract and change nothing a client may send or receive.
const EXAMPLE_KEYS = new Set(['examples', 'example']);

/** @param {ContractChange} change */
const rank = (change) => SEVERITY.indexOf(change.type);
/** @type {(a: ContractChange, b: ContractChange) => number} */
const byRank = (a, b) => rank(a) - rank(b);

/** @param {PathItem | undefined} pathItem */
function methodsOf(pathItem) {
  return Object.keys(pathItem ?? {}).filter((key) => METHODS.includes(key));
}

/** @param {unknown} value @returns {value is Node} */
const isNode = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {unknown} value */
function summarise(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return 'nothing';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

// ------------------------------------------------------------ reading the documents at a place

/**
 * Follows local `$ref`s ('#/components/schemas/User') in `doc`.
 * @param {unknown} node
 * @param {Node} doc
 * @returns {unknown}
 */
function deref(node, doc) {
  let current = node;
  for (let hops = 0; hops < 32 && isNode(current) && typeof current.$ref === 'string'; hops++) {
    if (!current.$ref.startsWith('#/')) break;
    /** @type {unknown} */
    let target = doc;
    for (const part of current.$ref.slice(2).split('/')) {
      const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
      target =
        isNode(target) || Array.isArray(target) ? /** @type {Node} */ (target)[key] : undefined;
    }
    if (target === undefined) break;
    current = target;
  }
  return current;
}

// What a schema's allOf part brings that says nothing a client may send or receive: left out when
// the parts are merged, so that moving a rule into a shared component does not show on every field.
const ANNOTATION_KEYS = new Set([...EXAMPLE_KEYS, 'description', 'title', '$comment']);

/**
 * A schema with its `allOf` parts merged into one (each part's `$ref` followed), as a client sees
 * the value it may send or receive: `allOf: [{$ref: SingleLineText}, {type: string, maxLength: 254}]`
 * reads as `{type: string, maxLength: 254, pattern: ...}`, so putting a field's limits beside a
 * shared rule is no change, and the rule's `pattern` shows where it was added. Two parts with the
 * same keyword and different values keep both (the stricter is not worked out): a list under that
 * keyword. A part that combines further (oneOf, anyOf, allOf of its own) is left as it is.
 * @param {Node} schema
 * @param {Node} doc
 * @returns {Node}
 */
function mergedAllOf(schema, doc) {
  const parts = /** @type {unknown[]} */ (schema.allOf).map((part) => deref(part, doc));
  if (!parts.every((part) => isNode(part) && ![...COMBINERS].some((k) => k in part))) return schema;
  const { allOf: _parts, ...own } = schema;
  /** @type {Node} */
  const merged = { ...own };
  for (const part of /** @type {Node[]} */ (parts)) {
    for (const [key, value] of Object.entries(part)) {
      if (ANNOTATION_KEYS.has(key) || key.startsWith('x-')) continue;
      if (!(key in merged)) merged[key] = value;
      else if (key === 'required' && Array.isArray(merged.required) && Array.isArray(value))
        merged.required = [...new Set([...merged.required, ...value])];
      else if (key === 'properties' && isNode(merged.properties) && isNode(value))
        merged.properties = { ...value, ...merged.properties };
      else if (JSON.stringify(merged[key]) !== JSON.stringify(value))
        merged[key] = [merged[key], value].flat();
    }
  }
  return merged;
}

/**
 * The document with every schema's `allOf` merged (mergedAllOf), components included: what the
 * diff compares. Examples are left as they are.
 * @param {unknown} document
 * @returns {Node}
 */
function withAllOfMerged(document) {
  const doc = /** @type {Node} */ (structuredClone(document));
  /** @param {unknown} node @returns {unknown} */
  const visit = (node) => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isNode(node)) return node;
    const current = Array.isArray(node.allOf) ? mergedAllOf(node, doc) : node;
    /** @type {Node} */
    const out = {};
    for (const [key, value] of Object.entries(current))
      out[key] = EXAMPLE_KEYS.has(key) ? value : visit(value);
    return out;
  };
  return /** @type {Node} */ (visit(doc));
}

/**
 * One step down: the node's own key first (a `$ref` may have siblings), else its target's.
 * @param {unknown} node
 * @param {string | number} key
 * @param {Node} doc
 */
function stepInto(node, key, doc) {
  if ((isNode(node) || Array.isArray(node)) && key in node) return /** @type {Node} */ (node)[key];
  const target = deref(node, doc);
  return isNode(target) || Array.isArray(target) ? /** @type {Node} */ (target)[key] : undefined;
}

/**
 * The parameters an operation takes: its own, then its path's (its own win on the same name).
 * @param {Node} doc
 * @param {OperationContext} op
 * @returns {Node[]}
 */
function parametersOf(doc, op) {
  const item = doc.paths?.[op.path];
  return [...(item?.[op.method]?.parameters ?? []), ...(item?.parameters ?? [])]
    .map((parameter) => deref(parameter, doc))
    .filter(isNode);
}

/**
 * The node at `steps` below the operation in `doc` (undefined where it does not exist).
 * @param {Node} doc
 * @param {OperationContext} op
 * @param {Step[]} steps
 * @returns {unknown}
 */
function nodeAt(doc, op, steps) {
  /** @type {unknown} */
  let node = doc.paths?.[op.path]?.[op.method];
  for (const [index, step] of steps.entries()) {
    if (typeof step === 'object') {
      node = parametersOf(doc, op).find((p) => p.name === step.name && p.in === step.in);
    } else if (step !== 'parameters' || typeof steps[index + 1] !== 'object') {
      node = stepInto(node, step, doc);
    }
  }
  return node;
}

// ------------------------------------------------------------------ where a change sits

/** @param {Step} step */
const stepText = (step) => (typeof step === 'object' ? `${step.in}:${step.name}` : String(step));
/** @param {Step[]} steps */
const keyOf = (steps) => steps.map(stepText).join('\u0000');
/** @param {string[]} chain @param {string} [name] */
const propertyName = (chain, name) => [...chain, ...(name === undefined ? [] : [name])].join('.');

/**
 * Reads the steps below an operation as a place: which request or response part, which property
 * of its schema, and what of it changed.
 * @param {Step[]} rest
 * @returns {Place}
 */
function placeOf(rest) {
  const [first, second, third, fourth, fifth] = rest;
  /** @type {Place['side']} */
  let side = 'operation';
  let container = 'operation';
  let schemaAt = -1;
  let keywordAt = 0;
  if (first === 'requestBody') {
    side = 'request';
    container = 'request body';
    keywordAt = 1;
    if (second === 'content' && third !== undefined) {
      container = `request body (${stepText(third)})`;
      if (fourth === 'schema') schemaAt = 4;
      else keywordAt = 3;
    }
  } else if (first === 'parameters' && typeof second === 'object') {
    side = 'request';
    container = `${second.in} parameter \`${second.name}\``;
    keywordAt = 2;
    if (third === 'schema') schemaAt = 3;
    else if (third === 'content' && fifth === 'schema') schemaAt = 5;
  } else if (first === 'responses' && second !== undefined) {
    side = 'response';
    container = `response ${stepText(second)}`;
    keywordAt = 2;
    if (third === 'content' && fourth !== undefined) {
      container += ` (${stepText(fourth)})`;
      if (fifth === 'schema') schemaAt = 5;
      else keywordAt = 4;
    } else if (third === 'headers' && fourth !== undefined) {
      container += ` header \`${stepText(fourth)}\``;
      if (fifth === 'schema') schemaAt = 5;
      else keywordAt = 4;
    }
  }
  if (schemaAt < 0) {
    const node = rest.slice(0, keywordAt);
    return { side, container, chain: [], keyword: rest.slice(keywordAt), node, inSchema: false };
  }
  /** @type {string[]} */
  const chain = [];
  let at = schemaAt;
  while (at < rest.length) {
    const step = rest[at];
    const next = rest[at + 1];
    if (step === 'properties' && next !== undefined) {
      chain.push(stepText(next));
      at += 2;
    } else if (step === 'items' || step === 'additionalProperties') {
      const suffix = step === 'items' ? '[]' : '{}';
      if (chain.length === 0) chain.push(suffix);
      else chain[chain.length - 1] += suffix;
      at += 1;
    } else if (typeof step === 'string' && COMBINERS.has(step) && typeof next === 'number') {
      at += 2;
    } else break;
  }
  return {
    side,
    container,
    chain,
    keyword: rest.slice(at),
    node: rest.slice(0, at),
    inSchema: true,
  };
}

/** @param {Place} place */
function where(place) {
  const parts = [place.container === 'operation' ? '' : place.container];
  if (place.chain.length > 0) parts.push(`property \`${propertyName(place.chain)}\``);
  return parts.filter(Boolean).join(', ');
}

/**
 * @param {Place} place
 * @param {Step[]} keyword
 */
function whereKeyword(place, keyword) {
  const text = keyword.map(stepText).join('.');
  return [where(place), text].filter(Boolean).join(', ') || 'the operation';
}

// ------------------------------------------------------------------ values in words

/**
 * @param {unknown} schema
 * @returns {string[] | undefined} Its types, undefined when any type is allowed.
 */
function typesOf(schema) {
  if (!isNode(schema) || schema.type === undefined) return undefined;
  return (Array.isArray(schema.type) ? schema.type : [schema.type]).map(String);
}

/**
 * A schema in a few words: a component's name, else its types, format and values.
 * @param {unknown} schema
 * @param {Node} doc
 * @returns {string}
 */
function schemaWords(schema, doc) {
  if (isNode(schema) && typeof schema.$ref === 'string') return schema.$ref.split('/').at(-1) ?? '';
  const resolved = deref(schema, doc);
  if (!isNode(resolved)) return summarise(resolved);
  for (const [combiner, joint] of [
    ['allOf', ' & '],
    ['oneOf', ' | '],
    ['anyOf', ' | '],
  ]) {
    const parts = resolved[/** @type {string} */ (combiner)];
    if (resolved.type === undefined && Array.isArray(parts)) {
      return summarise(parts.map((part) => schemaWords(part, doc)).join(joint));
    }
  }
  let text = typesOf(resolved)?.join(' | ') ?? (resolved.properties ? 'object' : 'any');
  if (resolved.format) text += ` (${resolved.format})`;
  if (Array.isArray(resolved.enum)) text += `: ${enumWords(resolved.enum)}`;
  if (isNode(resolved.items)) text += ` of ${schemaWords(resolved.items, doc)}`;
  return summarise(text);
}

/** @param {unknown[]} values */
const enumWords = (values) => values.map((value) => summarise(value)).join(' | ');

/**
 * @param {unknown} parameter
 * @param {Node} doc
 */
function parameterWords(parameter, doc) {
  const resolved = deref(parameter, doc);
  if (!isNode(resolved)) return summarise(resolved);
  return `${schemaWords(resolved.schema, doc)}, ${resolved.required ? 'required' : 'optional'}`;
}

/**
 * A schema's type and limits in words, for a property or parameter added or removed: `string,
 * maxLength 500`. The parts of an allOf count as one schema; a part that is a component is named
 * (`string (SingleLineText)`), its own limits being the component's.
 * @param {unknown} schema
 * @param {Node} doc
 * @returns {string}
 */
function schemaFacets(schema, doc) {
  /** @type {string[] | undefined} */
  let ownTypes;
  /** @type {string[] | undefined} */
  let refTypes;
  /** @type {string[]} */
  const refs = [];
  /** @type {Map<string, unknown>} */
  const limits = new Map();
  let nullable = false;
  /** @type {unknown} */
  let items;
  /** @type {string | undefined} */
  let either;
  /** @param {unknown} node @param {number} depth */
  const visit = (node, depth) => {
    if (!isNode(node) || depth > 8) return;
    if (typeof node.$ref === 'string') {
      refs.push(node.$ref.split('/').at(-1) ?? '');
      const target = deref(node, doc);
      if (isNode(target)) {
        refTypes ??= typesOf(target) ?? (target.properties ? ['object'] : undefined);
      }
      return;
    }
    if (node.type !== undefined) ownTypes = typesOf(node);
    else if (isNode(node.properties)) ownTypes ??= ['object'];
    if (node.nullable === true) nullable = true;
    for (const key of LIMITS) if (node[key] !== undefined) limits.set(key, node[key]);
    if (node.items !== undefined) items = node.items;
    if (node.type === undefined && (Array.isArray(node.oneOf) || Array.isArray(node.anyOf))) {
      either = schemaWords(node, doc);
    }
    if (Array.isArray(node.allOf)) node.allOf.forEach((part) => visit(part, depth + 1));
  };
  visit(schema, 0);
  const types = ownTypes ?? refTypes;
  let type = types?.join(' | ') ?? either ?? (refs.length > 0 ? '' : 'any');
  if (nullable && !types?.includes('null')) type += ' | null';
  if (items !== undefined) type += ` of ${schemaWords(items, doc)}`;
  if (refs.length > 0) {
    type = !type || type === 'object' ? refs.join(' & ') : `${type} (${refs.join(', ')})`;
  }
  const words = [...limits].map(([key, value]) => {
    if (key === 'format') return `format ${summarise(value)}`;
    if (key === 'enum' && Array.isArray(value)) return `enum ${enumWords(value)}`;
    if (key === 'uniqueItems') return value === true ? 'unique items' : 'items may repeat';
    return `${key} ${summarise(value)}`;
  });
  return [type, ...words].join(', ');
}

/**
 * The properties an object schema requires, its allOf parts' included.
 * @param {unknown} schema
 * @param {Node} doc
 * @returns {string[]}
 */
function requiredOf(schema, doc, depth = 0) {
  const resolved = deref(schema, doc);
  if (!isNode(resolved) || depth > 8) return [];
  const own = Array.isArray(resolved.required)
    ? resolved.required.filter((name) => typeof name === 'string')
    : [];
  const parts = Array.isArray(resolved.allOf) ? resolved.allOf : [];
  return [...new Set([...own, ...parts.flatMap((part) => requiredOf(part, doc, depth + 1))])];
}

/**
 * A long text's gist: its first sentence, or its first ~120 characters cut at a word.
 * @param {unknown} value
 */
function gist(value) {
  const text = String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  if (sentence.length <= 120) return sentence;
  const cut = sentence.slice(0, 118);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}...`;
}

/**
 * Where, in steps below an operation or from the document root, an example starts: the index of
 * its `examples` or `example` key (a property of that name is not one), or -1.
 * @param {readonly unknown[]} steps
 */
function exampleAt(steps) {
  return steps.findIndex(
    (step, index) =>
      typeof step === 'string' && EXAMPLE_KEYS.has(step) && steps[index - 1] !== 'properties',
  );
}

/**
 * What a schema's own shape is, for telling a rename (same shape) from a removal and an addition.
 * @param {unknown} schema
 * @param {Node} doc
 * @returns {string}
 */
function shapeOf(schema, doc) {
  if (isNode(schema) && typeof schema.$ref === 'string') return `ref ${schema.$ref}`;
  const resolved = deref(schema, doc);
  if (!isNode(resolved)) return JSON.stringify(resolved) ?? '';
  return JSON.stringify([
    typesOf(resolved)?.toSorted() ?? null,
    resolved.format ?? null,
    Array.isArray(resolved.enum)
      ? resolved.enum.map((value) => JSON.stringify(value)).toSorted()
      : null,
    resolved.items === undefined ? null : shapeOf(resolved.items, doc),
    isNode(resolved.properties) ? Object.keys(resolved.properties).toSorted() : null,
    ...[...COMBINERS].map((combiner) =>
      Array.isArray(resolved[combiner])
        ? resolved[combiner].map((/** @type {unknown} */ part) => shapeOf(part, doc))
        : null,
    ),
  ]);
}

// ------------------------------------------------------------------ rules

/**
 * Every type a value of `types` may have is allowed by `allowed` (undefined: any type).
 * @param {string[] | undefined} types
 * @param {string[] | undefined} allowed
 */
function within(types, allowed) {
  if (allowed === undefined) return true;
  if (types === undefined) return false;
  return types.every((t) => allowed.includes(t) || (t === 'integer' && allowed.includes('number')));
}

// What a client built on the old contract cannot survive, breaking whatever api-smart-diff says
// (it counts a removed request or response property as non-breaking, and a type change as
// breaking in a shared schema but not in the response that uses it). These rules only ever make
// a change breaking; what they do not name keeps the library's class.
const RULES = {
  // The client still sends a removed request property (the server drops or refuses it) and still
  // reads a removed response property (it gets undefined); a rename is both at once.
  propertyRemoved: true,
  propertyRenamed: true,
  // A request that omits a newly required property or parameter, or a body that was optional, is
  // refused; the client built on the old contract omits it.
  /** @param {Place['side']} side */
  requiredAdded: (side) => side === 'request',
  // A removed or renamed parameter is one the client still sends, in a place the server ignores.
  parameterRemoved: true,
  /** @param {unknown} parameter @param {Node} doc */
  parameterAdded: (parameter, doc) =>
    isNode(deref(parameter, doc)) && Boolean(/** @type {Node} */ (deref(parameter, doc)).required),
  // A request value the old contract allowed is refused: an enum value removed, or an enum set
  // where any value was allowed.
  /** @param {Place['side']} side @param {unknown} before @param {unknown} after */
  enumNarrowed: (side, before, after) =>
    side === 'request' &&
    Array.isArray(after) &&
    (!Array.isArray(before) ||
      before.some(
        (value) => !after.some((kept) => JSON.stringify(kept) === JSON.stringify(value)),
      )),
  // A type change breaks unless it only widens what a request accepts or only narrows what a
  // response returns (a client reading `string` cannot take `null`, nor send `integer` where
  // only `string` is accepted).
  /** @param {Place['side']} side @param {string[] | undefined} before @param {string[] | undefined} after */
  typeChanged: (side, before, after) =>
    side === 'request'
      ? !within(before, after)
      : side === 'response'
        ? !within(after, before)
        : true,
  // The client reads every documented status and content type of a response, and sends the
  // request body's content types.
  /** @param {Step[]} rest */
  partRemoved: (rest) =>
    (rest[0] === 'responses' &&
      (rest.length === 2 || (rest[2] === 'content' && rest.length <= 4))) ||
    (rest[0] === 'requestBody' && rest[1] === 'content' && rest.length === 3),
};

// ------------------------------------------------------------------ one operation's changes

/**
 * @param {Iterable<ChangeType>} types
 * @param {boolean} breakingByRule
 * @returns {ChangeType}
 */
function classOf(types, breakingByRule) {
  if (breakingByRule) return 'breaking';
  const ranks = [...types].map((type) => SEVERITY.indexOf(type));
  return SEVERITY[Math.min(...ranks)] ?? 'unclassified';
}

/**
 * A property that a schema's `required` list gained or lost, with the library's class of it.
 * @typedef {{ action: 'add' | 'remove', type: ChangeType }} RequiredNote
 *
 * A property added to or removed from an object schema, or a parameter added or removed.
 * @typedef {{ diff: Diff, place: Place, name: string, parent: Step[], shape: string }} Member
 */

/**
 * The changes of one operation, in words and classified: renames paired, the values of an enum
 * or a type list as one change, a property's `required` with the property when both change.
 * @param {{ diff: Diff, rest: Step[] }[]} raws
 * @param {OperationContext} op
 * @returns {ContractChange[]}
 */
function operationChanges(raws, op) {
  /** @type {ContractChange[]} */
  const changes = [];
  /** @type {Map<string, { added: Member[], removed: Member[] }>} */
  const members = new Map();
  /** @type {Map<string, { place: Place, keyword: string, diffs: Diff[] }>} */
  const valueLists = new Map();
  /** @type {Map<string, { place: Place, parent: Step[], types: ChangeType[], names: Map<string, RequiredNote> }>} */
  const requiredLists = new Map();

  /** @param {Member} member @param {'added' | 'removed'} side */
  const addMember = (member, side) => {
    const key = keyOf(member.parent);
    const group = members.get(key) ?? { added: [], removed: [] };
    group[side].push(member);
    members.set(key, group);
  };

  /** @type {Record<'added' | 'removed' | 'changed', Set<string>>} */
  const examples = { added: new Set(), removed: new Set(), changed: new Set() };

  // An operation's extension lists (`x-throttle`: the limits it counts under) read as one list
  // before → after, not item by item: a name added at the front would shift every other.
  /** @type {Set<string>} */
  const lists = new Set();
  for (const { diff, rest } of raws) {
    if (typeof rest[0] === 'string' && rest[0].startsWith('x-') && rest.length >= 1) {
      const key = rest[0];
      const [was, now] = [op.before, op.after].map(
        (doc) => doc.paths?.[op.path]?.[op.method.toLowerCase()]?.[key],
      );
      if (Array.isArray(was) || Array.isArray(now)) {
        if (!lists.has(key)) {
          lists.add(key);
          const words = (/** @type {unknown} */ list) =>
            Array.isArray(list) ? list.join(', ') : '(none)';
          changes.push({ type: 'annotation', text: `${key}: ${words(was)} → ${words(now)}` });
        }
        continue;
      }
    }
    const place = placeOf(rest);
    const last = rest.at(-1);
    const keyword0 = place.keyword[0];
    const exampleIndex = exampleAt(rest);
    if (exampleIndex >= 0) {
      const [name, whole] = exampleName(rest, exampleIndex, place);
      const action =
        whole && diff.action === 'add'
          ? 'added'
          : whole && diff.action === 'remove'
            ? 'removed'
            : 'changed';
      examples[action].add(name);
      continue;
    }
    if (rest.length === 2 && rest[0] === 'parameters' && typeof last === 'object') {
      if (diff.action === 'add' || diff.action === 'remove') {
        const doc = diff.action === 'add' ? op.after : op.before;
        const value = diff.action === 'add' ? diff.after : diff.before;
        const shape = `${last.in} ${shapeOf(/** @type {Node | undefined} */ (deref(value, doc))?.schema, doc)}`;
        addMember(
          { diff, place, name: last.name, parent: ['parameters'], shape },
          diff.action === 'add' ? 'added' : 'removed',
        );
        continue;
      }
    } else if (
      place.keyword.length === 0 &&
      rest.at(-2) === 'properties' &&
      place.chain.length > 0
    ) {
      if (diff.action === 'add' || diff.action === 'remove') {
        const doc = diff.action === 'add' ? op.after : op.before;
        const shape = shapeOf(nodeAt(doc, op, rest), doc);
        const member = { diff, place, name: String(last), parent: rest.slice(0, -2), shape };
        addMember(member, diff.action === 'add' ? 'added' : 'removed');
        continue;
      }
    } else if (keyword0 === 'required' && place.inSchema) {
      // A schema's `required` list: which of its properties a value must have.
      const key = keyOf(place.node);
      const group = requiredLists.get(key) ?? {
        place,
        parent: place.node,
        types: /** @type {ChangeType[]} */ ([]),
        names: new Map(),
      };
      group.types.push(diff.type);
      requiredLists.set(key, group);
      continue;
    } else if (
      (keyword0 === 'enum' || keyword0 === 'type') &&
      place.inSchema &&
      place.keyword.length <= 2
    ) {
      const key = `${keyOf(place.node)}\u0001${keyword0}`;
      const group = valueLists.get(key) ?? { place, keyword: keyword0, diffs: [] };
      group.diffs.push(diff);
      valueLists.set(key, group);
      continue;
    }
    changes.push(genericChange(diff, rest, place, op));
  }

  // The names a `required` list gained and lost, read in the lists themselves (the library names
  // its changes by index, and a list put in another order changes no name).
  for (const group of requiredLists.values()) {
    /** @param {Node} doc */
    const namesIn = (doc) => {
      const list = stepInto(nodeAt(doc, op, group.parent), 'required', doc);
      return new Set(Array.isArray(list) ? list.filter((name) => typeof name === 'string') : []);
    };
    const [before, after] = [namesIn(op.before), namesIn(op.after)];
    const type = classOf(group.types, false);
    for (const name of after) {
      if (!before.has(name)) group.names.set(name, { action: 'add', type });
    }
    for (const name of before) {
      if (!after.has(name)) group.names.set(name, { action: 'remove', type });
    }
  }

  // Renames: in one object (or one parameter list), a removal and an addition of the same shape,
  // when that shape is removed and added once only (two of a kind could pair either way).
  /** @type {Set<string>} */
  const folded = new Set();
  for (const { added, removed } of members.values()) {
    /** @type {Set<Member>} */
    const paired = new Set();
    for (const gone of removed) {
      const sameShape = (/** @type {Member} */ m) => m.shape === gone.shape;
      const candidates = added.filter(sameShape);
      if (candidates.length !== 1 || removed.filter(sameShape).length !== 1) continue;
      const [come] = /** @type {[Member]} */ (candidates);
      paired.add(gone).add(come);
      changes.push(renameChange(gone, come, op));
      folded
        .add(`${keyOf(gone.parent)}\u0001${gone.name}`)
        .add(`${keyOf(come.parent)}\u0001${come.name}`);
    }
    for (const member of [...removed, ...added]) {
      if (paired.has(member)) continue;
      const requiredNote = requiredLists.get(keyOf(member.parent))?.names.get(member.name);
      if (requiredNote) folded.add(`${keyOf(member.parent)}\u0001${member.name}`);
      changes.push(memberChange(member, requiredNote, op));
    }
  }

  for (const { place, parent, names } of requiredLists.values()) {
    for (const [name, { action, type }] of names) {
      if (folded.has(`${keyOf(parent)}\u0001${name}`)) continue;
      const breaking = action === 'add' && RULES.requiredAdded(place.side);
      const property = propertyName(place.chain, name);
      const [from, to] = action === 'add' ? ['optional', 'required'] : ['required', 'optional'];
      const container = place.container === 'operation' ? '' : `${place.container}, `;
      changes.push({
        type: classOf([type], breaking),
        text: `${container}property \`${property}\`: ${from} → ${to}`,
      });
    }
  }

  for (const { place, keyword, diffs } of valueLists.values()) {
    const before = stepInto(nodeAt(op.before, op, place.node), keyword, op.before);
    const after = stepInto(nodeAt(op.after, op, place.node), keyword, op.after);
    const breaking =
      keyword === 'enum'
        ? RULES.enumNarrowed(place.side, before, after)
        : RULES.typeChanged(place.side, typesOf({ type: before }), typesOf({ type: after }));
    /** @param {unknown} value */
    const words = (value) =>
      value === undefined ? '(none)' : Array.isArray(value) ? enumWords(value) : summarise(value);
    changes.push({
      type: classOf(
        diffs.map((diff) => diff.type),
        breaking,
      ),
      text: `${whereKeyword(place, [keyword])}: ${words(before)} → ${words(after)}`,
    });
  }

  // Every example change of the operation as one line: they illustrate, a client sees none.
  const exampleWords = /** @type {const} */ (['added', 'removed', 'changed'])
    .filter((action) => examples[action].size > 0)
    .map((action) => `${[...examples[action]].join(', ')} ${action}`);
  if (exampleWords.length > 0) {
    changes.push({ type: 'annotation', text: `examples changed: ${exampleWords.join('; ')}` });
  }
  return changes.sort(byRank);
}

/**
 * An example's name in an operation's line of example changes, with where it is (`ok (200)`,
 * `\`team\` example (request)`), and whether the change is the whole example.
 * @param {Step[]} rest
 * @param {number} at Where its `examples` or `example` key is.
 * @param {Place} place
 * @returns {[string, boolean]}
 */
function exampleName(rest, at, place) {
  const [first, second] = rest;
  const side =
    first === 'responses' && second !== undefined
      ? stepText(second)
      : first === 'requestBody'
        ? 'request'
        : first === 'parameters' && typeof second === 'object'
          ? `${second.in} ${second.name}`
          : 'operation';
  const key = String(rest[at]);
  const next = rest[at + 1];
  if (key === 'examples' && typeof next === 'string') {
    return [`${next} (${side})`, rest.length === at + 2];
  }
  const subject = place.chain.length > 0 ? `\`${propertyName(place.chain)}\` ${key}` : key;
  return [`${subject} (${side})`, rest.length === at + 1];
}

/**
 * @param {Member} gone
 * @param {Member} come
 * @param {OperationContext} op
 * @returns {ContractChange}
 */
function renameChange(gone, come, op) {
  const isParameter = gone.parent.length === 1;
  const words = isParameter
    ? parameterWords(gone.diff.before, op.before)
    : schemaWords(nodeAt(op.before, op, [...gone.parent, 'properties', gone.name]), op.before);
  const container = isParameter
    ? `${/** @type {ParameterKey} */ (gone.place.node[1]).in} parameter`
    : gone.place.container;
  const chain = isParameter ? [] : gone.place.chain.slice(0, -1);
  return {
    type: classOf([gone.diff.type, come.diff.type], RULES.propertyRenamed),
    text: `${container === 'operation' ? '' : `${container}: `}renamed \`${propertyName(chain, gone.name)}\` → \`${propertyName(chain, come.name)}\` (${words})`,
  };
}

/**
 * A property or parameter added (`+ property \`note\` (optional string, maxLength 500)`) or removed
 * (`property \`note\`: string, maxLength 500 → (removed)`, `required` said when it was), with its
 * type and limits: what a client now has to send or may receive is in them as much as in the name.
 * @param {Member} member
 * @param {RequiredNote | undefined} requiredNote
 * @param {OperationContext} op
 * @returns {ContractChange}
 */
function memberChange(member, requiredNote, op) {
  const { diff, place } = member;
  const isParameter = member.parent.length === 1;
  const removed = diff.action === 'remove';
  const doc = removed ? op.before : op.after;
  const value = removed ? diff.before : diff.after;
  /** @type {boolean} */
  let required;
  /** @type {string} */
  let words;
  if (isParameter) {
    const parameter = deref(value, doc);
    required = isNode(parameter) && parameter.required === true;
    words = schemaFacets(isNode(parameter) ? parameter.schema : undefined, doc);
  } else {
    required = requiredOf(nodeAt(doc, op, member.parent), doc).includes(member.name);
    words = schemaFacets(nodeAt(doc, op, [...member.parent, 'properties', member.name]), doc);
  }
  const breaking = isParameter
    ? removed
      ? RULES.parameterRemoved
      : RULES.parameterAdded(value, doc)
    : removed
      ? RULES.propertyRemoved
      : requiredNote?.action === 'add' && RULES.requiredAdded(place.side);
  const types = [diff.type, ...(requiredNote ? [requiredNote.type] : [])];
  const container = place.container === 'operation' ? '' : place.container;
  let text;
  if (removed) {
    text = `${where(place)}: ${required ? 'required ' : ''}${words} → (removed)`;
  } else {
    const what = isParameter
      ? container
      : `${container ? `${container}: ` : ''}+ property \`${propertyName(place.chain)}\``;
    text = `${isParameter ? '+ ' : ''}${what} (${required ? 'required' : 'optional'} ${words})`;
  }
  return { type: classOf(types, breaking), text };
}

/**
 * Any other change: place, what of it changed, before → after.
 * @param {Diff} diff
 * @param {Step[]} rest
 * @param {Place} place
 * @param {OperationContext} op
 * @returns {ContractChange}
 */
function genericChange(diff, rest, place, op) {
  const isOwnRequired =
    place.keyword.length === 1 &&
    place.keyword[0] === 'required' &&
    (rest[0] === 'requestBody' || rest[0] === 'parameters');
  if (isOwnRequired) {
    // A parameter's or a request body's own `required`.
    const madeRequired = diff.after === true && diff.before !== true;
    return {
      type: classOf([diff.type], madeRequired && RULES.requiredAdded(place.side)),
      text: `${whereKeyword(place, [])}: ${diff.before === true ? 'required' : 'optional'} → ${diff.after === true ? 'required' : 'optional'}`,
    };
  }
  const before =
    diff.before === undefined ? '(none)' : valueWords(diff.before, rest, place, op.before);
  const after =
    diff.after === undefined ? '(removed)' : valueWords(diff.after, rest, place, op.after);
  return {
    type: classOf([diff.type], diff.action === 'remove' && RULES.partRemoved(rest)),
    text: `${whereKeyword(place, place.keyword)}: ${before} → ${after}`,
  };
}

/**
 * A changed value in words, by what it is: a response, a content map, a media type, a schema.
 * @param {unknown} value
 * @param {Step[]} rest
 * @param {Place} place
 * @param {Node} doc
 */
function valueWords(value, rest, place, doc) {
  const node = deref(value, doc);
  if (!isNode(node)) return summarise(value);
  if (rest.at(-1) === 'content') return Object.keys(node).join(', ');
  if (rest.at(-2) === 'content') return schemaWords(node.schema, doc);
  if (rest[0] === 'responses' && rest.length === 2) {
    return typeof node.description === 'string' ? `"${summarise(node.description)}"` : 'documented';
  }
  if (place.inSchema && place.keyword.length === 0) return schemaWords(value, doc);
  return summarise(value);
}

/**
 * A change outside operations: its path in the document, before → after.
 * @param {Diff} diff
 * @returns {ContractChange}
 */
function documentChange(diff) {
  const where = diff.path.join('.') || 'the document';
  const before = diff.before === undefined ? '(none)' : summarise(diff.before);
  const after = diff.after === undefined ? '(removed)' : summarise(diff.after);
  const type = exampleAt(diff.path) >= 0 ? 'annotation' : diff.type;
  return { type, text: `${where}: ${before} → ${after}` };
}

/**
 * info.x-changelog compared as a changelog: its lines matched by version, so that a line added at
 * the top is one change, not every later line compared with the one that used to be at its index.
 * @param {Node} before
 * @param {Node} after
 * @returns {ContractChange[]}
 */
function changelogChanges(before, after) {
  /** @param {Node} doc @returns {Map<string, unknown>} */
  const linesOf = (doc) => {
    const list = isNode(doc.info) ? doc.info['x-changelog'] : undefined;
    if (!Array.isArray(list)) return new Map();
    return new Map(
      list.map((line, index) => [
        isNode(line) && line.version !== undefined ? String(line.version) : `line ${index + 1}`,
        line,
      ]),
    );
  };
  const [old, now] = [linesOf(before), linesOf(after)];
  /** @param {unknown} line @param {string} key */
  const field = (line, key) => (isNode(line) ? line[key] : undefined);
  /** @type {ContractChange[]} */
  const changes = [];
  for (const [version, line] of now) {
    const was = old.get(version);
    if (was === undefined) {
      const date = field(line, 'date');
      const text = isNode(line) ? gist(line.changes) : summarise(line);
      changes.push({
        type: 'annotation',
        text: `${version} added${date === undefined ? '' : ` (${String(date)})`}: ${text}`,
      });
    } else if (JSON.stringify(was) !== JSON.stringify(line)) {
      const keys = [
        ...new Set([
          ...Object.keys(isNode(was) ? was : {}),
          ...Object.keys(isNode(line) ? line : {}),
        ]),
      ];
      const edits = keys
        .filter((key) => JSON.stringify(field(was, key)) !== JSON.stringify(field(line, key)))
        .map((key) => {
          const value = field(line, key);
          if (key === 'changes')
            return value === undefined ? 'changes removed' : `changes now: ${gist(value)}`;
          return `${key} ${summarise(field(was, key) ?? '(none)')} → ${summarise(value ?? '(removed)')}`;
        });
      changes.push({
        type: 'annotation',
        text: `${version} edited: ${edits.length > 0 ? edits.join('; ') : summarise(line)}`,
      });
    }
  }
  for (const version of old.keys()) {
    if (!now.has(version)) changes.push({ type: 'annotation', text: `${version} removed` });
  }
  return changes;
}

/**
 * An operation as its document has it: summary, statuses and request body.
 * @param {Node} doc
 * @param {string} path
 * @param {string} method
 * @returns {Pick<OperationDiff, 'summary' | 'statuses' | 'body'>}
 */
function operationFacts(doc, path, method) {
  const operation = deref(doc.paths?.[path]?.[method], doc);
  if (!isNode(operation)) return { summary: undefined, statuses: [], body: undefined };
  const summary =
    typeof operation.summary === 'string' ? operation.summary.replace(/\s+/g, ' ').trim() : '';
  const responses = deref(operation.responses, doc);
  const requestBody = deref(operation.requestBody, doc);
  const content = isNode(requestBody) ? deref(requestBody.content, doc) : undefined;
  /** @type {Node} */
  const byType = isNode(content) ? content : {};
  const media = Object.keys(byType);
  const schema = media.map((type) => stepInto(byType[type], 'schema', doc)).find(Boolean);
  return {
    summary: summary.length > 100 ? `${summary.slice(0, 97)}...` : summary || undefined,
    statuses: isNode(responses) ? Object.keys(responses) : [],
    body: isNode(requestBody) ? { media, required: requiredOf(schema, doc) } : undefined,
  };
}

// ------------------------------------------------------------------ the report

/**
 * Compares two parsed OpenAPI documents. Returns the operations added, removed and changed
 * (each change typed breaking, deprecated, non-breaking, annotation or unclassified; breaking
 * first) and the changes outside operations.
 * @param {unknown} beforeDoc
 * @param {unknown} afterDoc
 * @returns {ContractDiffReport}
 */
export function diffContracts(beforeDoc, afterDoc) {
  const before = /** @type {OpenApiDoc & Node} */ (withAllOfMerged(beforeDoc));
  const after = /** @type {OpenApiDoc & Node} */ (withAllOfMerged(afterDoc));
  // api-smart-diff writes into the documents it compares (an `enum: []` where the other side has
  // an enum), and the changes are read back in the documents as they were.
  const { diffs, merged } = apiCompare(structuredClone(before), structuredClone(after));
  /** @type {Map<string, OperationDiff & { raws: { diff: Diff, rest: Step[] }[] }>} */
  const operations = new Map();
  /** @type {ContractChange[]} */
  const other = [];

  /**
   * @param {string} path
   * @param {string} method
   */
  const entry = (path, method) => {
    const key = `${method.toUpperCase()} ${path}`;
    let found = operations.get(key);
    if (!found) {
      const operation = after.paths?.[path]?.[method] ?? before.paths?.[path]?.[method] ?? {};
      found = {
        method: method.toUpperCase(),
        path,
        id: operation.operationId,
        status: 'changed',
        changes: [],
        summary: undefined,
        statuses: [],
        body: undefined,
        raws: [],
      };
      operations.set(key, found);
    }
    return found;
  };
  /**
   * @param {string} path
   * @param {string} method
   * @param {OperationDiff['status']} status
   */
  const mark = (path, method, status) => {
    entry(path, method).status = status;
  };
  /**
   * The steps below an operation, a parameter's index replaced by its place and name.
   * @param {Diff} diff
   * @param {string} path
   * @param {string} method
   * @returns {Step[]}
   */
  const stepsOf = (diff, path, method) => {
    const rest = /** @type {(string | number)[]} */ (diff.path.slice(3));
    if (rest[0] !== 'parameters' || typeof rest[1] !== 'number') return rest;
    const whole =
      rest.length === 2 ? (diff.action === 'add' ? diff.after : diff.before) : undefined;
    const listed = /** @type {Node} */ (merged)?.paths?.[path]?.[method]?.parameters?.[rest[1]];
    const parameter = [whole, listed]
      .map((value) => deref(deref(value, after), before))
      .find((value) => isNode(value) && typeof value.name === 'string');
    if (!isNode(parameter)) return rest;
    return ['parameters', { name: parameter.name, in: String(parameter.in) }, ...rest.slice(2)];
  };

  for (const diff of diffs) {
    // The parts of the path that name a place in `paths` are strings (`paths`, '/x', 'get').
    const [root, path = '', method = ''] = /** @type {string[]} */ (diff.path);
    if (root === 'info' && path === 'x-changelog') {
      // Compared by version below (changelogChanges), not index by index.
      continue;
    } else if (root === 'paths' && diff.path.length === 2) {
      // A whole path: each of its operations is added, removed or changed.
      if (diff.action === 'add') methodsOf(diff.after).forEach((m) => mark(path, m, 'added'));
      else if (diff.action === 'remove') {
        methodsOf(diff.before).forEach((m) => mark(path, m, 'removed'));
      } else {
        const change = documentChange({ ...diff, path: diff.path.slice(1) });
        methodsOf(after.paths?.[path]).forEach((m) => entry(path, m).changes.push(change));
      }
    } else if (root === 'paths' && METHODS.includes(method) && diff.path.length === 3) {
      if (diff.action === 'add') mark(path, method, 'added');
      else if (diff.action === 'remove') mark(path, method, 'removed');
      else entry(path, method).changes.push(documentChange({ ...diff, path: diff.path.slice(2) }));
    } else if (root === 'paths' && METHODS.includes(method)) {
      entry(path, method).raws.push({ diff, rest: stepsOf(diff, path, method) });
    } else if (root === 'paths') {
      // Path-level servers, summary, ...: every operation of the path is affected.
      const change = documentChange({ ...diff, path: diff.path.slice(2) });
      const methods = methodsOf(after.paths?.[path] ?? before.paths?.[path]);
      methods.forEach((m) => entry(path, m).changes.push(change));
    } else if (root !== 'components' || OWN_COMPONENTS.has(diff.path[1])) {
      other.push(documentChange(diff));
    }
  }

  const all = [...operations.values()].map(({ raws, ...operation }) => ({
    ...operation,
    ...operationFacts(
      operation.status === 'removed' ? before : after,
      operation.path,
      operation.method.toLowerCase(),
    ),
    changes: [
      ...operation.changes,
      ...operationChanges(raws, {
        path: operation.path,
        method: operation.method.toLowerCase(),
        before,
        after,
      }),
    ].sort(byRank),
  }));
  /** @param {OperationDiff} operation */
  const breaking = (operation) =>
    operation.status === 'removed' || operation.changes.some((c) => c.type === 'breaking');
  /** @type {(a: OperationDiff, b: OperationDiff) => number} */
  const order = (a, b) => Number(breaking(b)) - Number(breaking(a)) || (a.path < b.path ? -1 : 1);
  const changed = all.filter((operation) => operation.status === 'changed').sort(order);
  return {
    added: all.filter((operation) => operation.status === 'added').sort(order),
    removed: all.filter((operation) => operation.status === 'removed').sort(order),
    changed,
    other: other.sort(byRank),
    changelog: changelogChanges(before, after),
    versions: { before: versionOf(before), after: versionOf(after) },
    breakingCount:
      all.filter((operation) => operation.status === 'removed').length +
      [...changed.flatMap((operation) => operation.changes), ...other].filter(
        (change) => change.type === 'breaking',
      ).length,
  };
}

/** @param {Node} doc @returns {string | undefined} */
function versionOf(doc) {
  const version = isNode(doc.info) ? doc.info.version : undefined;
  return version === undefined ? undefined : String(version);
}

/** @param {OperationDiff} operation */
export function label(operation) {
  return `${operation.method} ${operation.path}${operation.id ? ` (${operation.id})` : ''}`;
}

/**
 * An operation in one line: its name and summary, and unless it was removed its statuses and what
 * its request body requires (`GET /api/v1/referrals/ (listReferrals): List AWS referrals — 200,
 * 401, 403, 500`).
 * @param {OperationDiff} operation
 * @param {boolean} [markdown] Names in code spans, the summary escaped.
 */
function operationLine(operation, markdown = false) {
  const { summary } = operation;
  const { statuses, body } =
    operation.status === 'removed' ? { statuses: [], body: undefined } : operation;
  /** @param {string} text */
  const code = (text) => (markdown ? `\`${text}\`` : text);
  let text = `${code(`${operation.method} ${operation.path}`)}${operation.id ? ` (${code(operation.id)})` : ''}`;
  if (summary) text += `: ${markdown ? md(summary) : summary}`;
  if (statuses.length > 0) text += ` — ${statuses.join(', ')}`;
  if (body) {
    const media = body.media.length > 0 ? ` (${body.media.join(', ')})` : '';
    const required = body.required.map((name) => `\`${name}\``).join(', ');
    text += `; request body${media} ${required ? `requires ${required}` : 'with no required property'}`;
  }
  return text;
}

/** @param {ContractDiffReport} report */
const isEmpty = (report) =>
  report.added.length +
    report.removed.length +
    report.changed.length +
    report.other.length +
    report.changelog.length ===
  0;

/** @param {ContractDiffReport} report */
const countsOf = (report) =>
  `${report.added.length} operation(s) added, ${report.removed.length} removed, ${report.changed.length} changed; ${report.breakingCount} breaking change(s).`;

/**
 * The report as text: removed operations and breaking changes first, then the rest.
 * @param {ContractDiffReport} report
 * @returns {string}
 */
export function formatReport(report, title = 'Contract changes') {
  const { added, removed, changed, other, changelog } = report;
  const lines = [title, countsOf(report)];
  if (isEmpty(report)) return [...lines, '', 'No differences.'].join('\n');
  /**
   * @param {ContractChange[]} changes
   * @param {string} indent
   */
  const changeLines = (changes, indent) =>
    changes.map(
      (change) =>
        `${indent}${change.type === 'breaking' ? '!' : '-'} ${change.type}: ${change.text}`,
    );
  if (removed.length > 0) {
    lines.push('', `Operations removed (${removed.length}) - breaking`);
    removed.forEach((operation) => lines.push(`  ! ${operationLine(operation)}`));
  }
  if (changed.length > 0) {
    lines.push('', `Operations changed (${changed.length}) - breaking first`);
    for (const operation of changed) {
      const isBreaking = operation.changes.some((change) => change.type === 'breaking');
      lines.push(
        `  ${isBreaking ? '!' : '~'} ${label(operation)}`,
        ...changeLines(operation.changes, '      '),
      );
    }
  }
  if (added.length > 0) {
    lines.push('', `Operations added (${added.length})`);
    added.forEach((operation) => lines.push(`  + ${operationLine(operation)}`));
  }
  if (other.length + changelog.length > 0) {
    lines.push(
      '',
      `Other changes (${other.length + changelog.length})`,
      ...changeLines(other, '  '),
      ...changelog.map((change) => `  - changelog: ${change.text}`),
    );
  }
  return lines.join('\n');
}

/**
 * Text for Markdown: outside code spans, the characters that would format it are escaped; a
 * backtick left unmatched (a value cut short) is escaped too.
 * @param {string} text
 */
function md(text) {
  const parts = text.split('`');
  return parts
    .map((part, index) => {
      if (index % 2 === 1 && index < parts.length - 1) return `\`${part}\``;
      const escaped = part.replace(/[\\*_<>[\]|~#]/g, '\\$&');
      return index % 2 === 1 ? `\\\`${escaped}` : escaped;
    })
    .join('');
}

/**
 * The report as Markdown for a pull request: what breaks, then what was added, changed and
 * deprecated, the changelog's lines, and the examples and descriptions folded away.
 * @param {ContractDiffReport} report
 * @param {string} [title] Markdown already (code spans kept, the rest escaped).
 * @returns {string}
 */
export function formatMarkdown(report, title = 'Contract changes') {
  const { added, removed, changed, other, changelog, breakingCount } = report;
  const lines = [
    `### ${md(title)}`,
    '',
    countsOf(report).replace(/(\d+) breaking change\(s\)/, '**$1 breaking change(s)**'),
  ];
  if (isEmpty(report)) return [...lines, '', 'No differences.'].join('\n');
  /** @param {OperationDiff} operation */
  const name = (operation) =>
    `\`${operation.method} ${operation.path}\`${operation.id ? ` (\`${operation.id}\`)` : ''}`;
  /**
   * Each operation with its changes of these types, then the changes outside operations.
   * @param {(change: ContractChange) => boolean} keep
   */
  const grouped = (keep) => [
    ...changed.flatMap((operation) => {
      const kept = operation.changes.filter(keep);
      return kept.length === 0
        ? []
        : [`- ${name(operation)}`, ...kept.map((change) => `  - ${md(change.text)}`)];
    }),
    ...other.filter(keep).map((change) => `- ${md(change.text)}`),
  ];
  /** @param {string} heading @param {string[]} items */
  const section = (heading, items) => {
    if (items.length > 0) lines.push('', `#### ${heading}`, '', ...items);
  };

  const breaking = [
    ...removed.map((operation) => `- ${operationLine(operation, true)}: **operation removed**`),
    ...grouped((change) => change.type === 'breaking'),
  ];
  section(`Breaking (${breakingCount})`, breaking.length > 0 ? breaking : ['None.']);
  section(
    `Added (${added.length})`,
    added.map((operation) => `- ${operationLine(operation, true)}`),
  );
  section(
    'Changed',
    grouped((change) => change.type === 'non-breaking' || change.type === 'unclassified'),
  );
  section(
    'Deprecated',
    grouped((change) => change.type === 'deprecated'),
  );
  section(
    'Changelog',
    changelog.map((change) => `- ${md(change.text)}`),
  );
  const notes = grouped((change) => change.type === 'annotation');
  if (notes.length > 0) {
    const count = [...changed.flatMap((operation) => operation.changes), ...other].filter(
      (change) => change.type === 'annotation',
    ).length;
    lines.push(
      '',
      '<details>',
      `<summary>Examples and descriptions (${count})</summary>`,
      '',
      ...notes,
      '',
      '</details>',
    );
  }
  return lines.join('\n');
}

// ------------------------------------------------------------------ the command

/** `npm run contract:diff`'s command line. */
const DIFF_COMMAND = {
  usage: 'npm run contract:diff -- [<git-ref>] [--markdown] [--fail-on-breaking]',
  summary:
    'Compares openapi.yaml at <git-ref> (a branch, tag or commit; HEAD when not given) with the working tree: the operations removed, changed (breaking first) and added, and the changelog.',
  positionals: [
    {
      name: '<git-ref>',
      description: 'the contract to compare with, e.g. main (for a pull request)',
    },
  ],
  flags: {
    markdown: {
      type: /** @type {const} */ ('boolean'),
      description:
        'the report as Markdown, to paste into a pull request: npm run contract:diff -- main --markdown',
    },
    'fail-on-breaking': {
      type: /** @type {const} */ ('boolean'),
      description: 'exit 1 when a change is breaking (the CI gate is npm run check:contract)',
    },
  },
};

/**
 * `npm run contract:diff` in the repository around `cwd`: what to print and the exit code.
 * @param {string[]} args
 * @param {string} cwd
 * @returns {{ code: number, out: string, err: string }}
 */
function runDiff(args, cwd) {
  const line = readCommandLine(DIFF_COMMAND, args);
  if (line.kind === 'help') return { code: 0, out: line.text, err: '' };
  if (line.kind === 'error') return { code: 2, out: '', err: `contract:diff: ${line.text}` };
  const refs = line.positionals;
  if (refs.length > 1) {
    return {
      code: 2,
      out: '',
      err: `contract:diff: one git ref only (given: ${refs.join(', ')}).\n\n${usageOf(DIFF_COMMAND)}`,
    };
  }
  const ref = refs[0] ?? 'HEAD';
  const markdown = line.values.markdown === true;
  const root = git(['rev-parse', '--show-toplevel'], cwd).trim();

  /** @type {string} */
  let sha;
  try {
    sha = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root).trim();
  } catch {
    return { code: 2, out: '', err: `contract:diff: no commit "${ref}" in this repository.` };
  }
  const short = git(['rev-parse', '--short', sha], root).trim();
  /** @type {string | undefined} */
  let head;
  try {
    head = git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], root).trim();
  } catch {
    head = undefined;
  }
  const isHead = sha === head;
  // The ref as given, with the commit it names unless the ref is that commit's hash already.
  const isHash = /^[0-9a-f]{4,64}$/i.test(ref) && sha.startsWith(ref.toLowerCase());
  const refName = isHash ? short : `${ref} (${short}${isHead && ref !== 'HEAD' ? ', HEAD' : ''})`;

  /** @type {string} */
  let baseText;
  try {
    baseText = git(['show', `${sha}:openapi.yaml`], root);
  } catch {
    return { code: 2, out: '', err: `contract:diff: openapi.yaml is not in ${refName}.` };
  }
  const treeText = readFileSync(join(root, 'openapi.yaml'), 'utf8');
  if (baseText === treeText) {
    // Against the current commit there is nothing to see: name an older ref, `main` from a
    // branch, the commit before on main itself.
    /** @type {string | undefined} */
    let main;
    try {
      main = git(['rev-parse', '--verify', '--quiet', 'main^{commit}'], root).trim();
    } catch {
      main = undefined;
    }
    const older = main !== undefined && main !== head ? 'main' : 'HEAD~1';
    const hint = isHead
      ? ` Compare with an older ref, e.g. \`npm run contract:diff -- ${older}\`.`
      : '';
    return {
      code: 0,
      out: `openapi.yaml is the same at ${refName} and in the working tree: no differences.${hint}`,
      err: '',
    };
  }

  const report = diffContracts(parse(baseText), parse(treeText));
  /** @param {string} text */
  const code = (text) => (markdown ? `\`${text}\`` : text);
  /** @param {string | undefined} version */
  const version = (version) => version ?? '(no info.version)';
  const base = isHash ? code(short) : `${code(ref)} (${short})`;
  // Against the current commit, the report is what has not been committed yet.
  const tree = isHead ? 'the uncommitted working tree' : 'the working tree';
  const title = `Contract changes: ${code('openapi.yaml')} ${version(report.versions.before)} at ${base} → ${version(report.versions.after)} in ${tree}`;
  const out = markdown ? formatMarkdown(report, title) : formatReport(report, title);
  const failOnBreaking = line.values['fail-on-breaking'] === true;
  return { code: failOnBreaking && report.breakingCount > 0 ? 1 : 0, out, err: '' };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  try {
    const { code, out, err } = runDiff(process.argv.slice(2), process.cwd());
    if (out) console.log(out);
    if (err) console.error(err);
    process.exitCode = code;
  } catch (caught) {
    const error = /** @type {Error & { stderr?: string }} */ (caught);
    console.error(`contract:diff: ${String(error.stderr || error.message).trim()}`);
    process.exitCode = 2;
  }
}
