#!/usr/bin/env node
// Extracts the scenario catalogue (every operation of openapi.yaml, grouped by tag, with each
// response's status code and named examples) into generated/scenarios/catalogue.json for the
// development-only scenario switcher. Run by `npm run generate`; plain Node, no Vite, so the
// YAML parser never reaches a bundle.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Follows a local `$ref` (`#/components/...`) until a plain object is reached. */
function resolve(doc, node, seen = new Set()) {
  if (!node || typeof node !== 'object' || typeof node.$ref !== 'string') return node;
  const ref = node.$ref;
  if (!ref.startsWith('#/') || seen.has(ref)) {
    throw new Error(`Cannot resolve ${ref}: only local, non-circular references are supported.`);
  }
  seen.add(ref);
  const target = ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((at, key) => (at && typeof at === 'object' ? at[key] : undefined), doc);
  if (target === undefined) throw new Error(`Cannot resolve ${ref}: no such node.`);
  return resolve(doc, target, seen);
}

/** The first line of a text, trimmed, or undefined. */
function firstLine(text) {
  if (typeof text !== 'string') return undefined;
  const line = text.trim().split('\n')[0]?.trim();
  return line || undefined;
}

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
 */
export function extractCatalogue(doc) {
  const groups = new Map((doc.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(item).filter((key) => METHODS.includes(key))) {
      const operation = item[method];
      const tag = operation.tags?.[0] ?? 'untagged';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push({
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
