#!/usr/bin/env node
// Extracts the scenario catalogue (every operation of openapi.yaml, grouped by tag, with each
// response's status code and named examples) into generated/scenarios/catalogue.json for the
// development-only scenario switcher. Run by `npm run generate`; plain Node, no Vite, so the
// YAML parser never reaches a bundle.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse } from 'yaml';

/**
 * @import { Catalogue, CatalogueOperation, CatalogueResponse } from './model/catalogue-types'
 *
 * What the extraction reads of an OpenAPI document (parsed YAML: anything else is ignored).
 * @typedef {{ $ref: string }} Reference
 * @typedef {{ summary?: unknown }} Example
 * @typedef {{
 *   description?: unknown,
 *   content?: Record<string, { examples?: Record<string, Example | Reference> }>,
 * }} Response
 * @typedef {{
 *   operationId?: string,
 *   tags?: string[],
 *   summary?: unknown,
 *   responses?: Record<string, Response | Reference>,
 * }} Operation
 * @typedef {{
 *   info?: { title?: string, version?: string },
 *   tags?: Array<{ name: string }>,
 *   paths?: Record<string, Partial<Record<Method, Operation>>>,
 * }} OpenApiDoc
 * @typedef {typeof METHODS[number]} Method
 */

const METHODS = /** @type {const} */ ([
  'get',
  'put',
  'post',
  'delete',
  'patch',
  'options',
  'head',
  'trace',
]);

/**
 * @param {string} key
 * @returns {key is Method}
 */
const isMethod = (key) => /** @type {readonly string[]} */ (METHODS).includes(key);

/**
 * @param {unknown} node
 * @returns {node is Reference}
 */
const isReference = (node) =>
  !!node && typeof node === 'object' && '$ref' in node && typeof node.$ref === 'string';

/**
 * Follows a local `$ref` (`#/components/...`) until a plain object is reached.
 * @template T
 * @param {OpenApiDoc} doc
 * @param {T | Reference} node
 * @returns {T}
 */
function resolve(doc, node, seen = new Set()) {
  if (!isReference(node)) return node;
  const ref = node.$ref;
  if (!ref.startsWith('#/') || seen.has(ref)) {
    throw new Error(`Cannot resolve ${ref}: only local, non-circular references are supported.`);
  }
  seen.add(ref);
  const target = ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (/** @type {unknown} */ at, key) =>
        at && typeof at === 'object' ? /** @type {Record<string, unknown>} */ (at)[key] : undefined,
      doc,
    );
  if (target === undefined) throw new Error(`Cannot resolve ${ref}: no such node.`);
  return resolve(doc, /** @type {T | Reference} */ (target), seen);
}

/**
 * The first line of a text, trimmed, or undefined.
 * @param {unknown} text
 */
function firstLine(text) {
  if (typeof text !== 'string') return undefined;
  const line = text.trim().split('\n')[0]?.trim();
  return line || undefined;
}

/**
 * @param {OpenApiDoc} doc
 * @param {Operation} operation
 * @returns {CatalogueResponse[]}
 */
function responsesOf(doc, operation) {
  return Object.entries(operation.responses ?? {})
    .filter(([code]) => /^[1-5]\d\d$/.test(code))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, raw]) => {
      const response = resolve(doc, raw);
      const examples = Object.values(response.content ?? {}).flatMap((media) =>
        Object.entries(media.examples ?? {}).map(([name, example]) => ({
          name,
          summary: firstLine(resolve(doc, example).summary) ?? name,
        })),
      );
      const unique = [...new Map(examples.map((example) => [example.name, example])).values()];
      return { code, description: firstLine(response.description) ?? '', examples: unique };
    });
}

/**
 * The catalogue of a parsed OpenAPI document: tags in the document's order (then any tag only
 * operations name, then `untagged`), each with its operations in document order.
 * @param {OpenApiDoc} doc
 * @returns {Catalogue}
 */
export function extractCatalogue(doc) {
  /** @type {Map<string, CatalogueOperation[]>} */
  const groups = new Map((doc.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(item).filter(isMethod)) {
      const operation = /** @type {Operation} */ (item[method]);
      const tag = operation.tags?.[0] ?? 'untagged';
      let operations = groups.get(tag);
      if (!operations) groups.set(tag, (operations = []));
      operations.push({
        id: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: firstLine(operation.summary) ?? '',
        responses: responsesOf(doc, operation),
      });
    }
  }
  return {
    title: `${doc.info?.title ?? 'API'} ${doc.info?.version ?? ''}`.trim(),
    tags: [...groups]
      .filter(([, operations]) => operations.length > 0)
      .map(([name, operations]) => ({ name, operations })),
  };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const doc = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
  const out = join(root, 'generated', 'scenarios', 'catalogue.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(extractCatalogue(doc), null, 2)}\n`);
}
