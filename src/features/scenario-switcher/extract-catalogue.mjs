#!/usr/bin/env node
// Extracts the scenario catalogue (every operation of openapi.yaml, grouped by tag, with each
// response's status code and named examples, and the screens that call each operation) into
// generated/scenarios/catalogue.json for the development-only scenario switcher. Run by
// `npm run generate`; plain Node, no Vite, so the YAML parser never reaches a bundle.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse } from 'yaml';

/**
 * @import { Catalogue, CatalogueOperation, CatalogueResponse, CatalogueScreen } from './model/catalogue-types'
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
 * operations name, then `untagged`), each with its operations in document order. No screens:
 * `extractScreens` reads those from the app's source.
 * @param {OpenApiDoc} doc
 * @returns {Omit<Catalogue, 'screens'>}
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

/**
 * The names a generated module (orval) exports for one operation that make or describe its call:
 * the fetcher itself, its hooks, and its query and mutation options. A query key alone is left
 * out: it only names a cache entry (to invalidate), it calls nothing.
 * @param {string} id
 */
function callingNames(id) {
  const name = id.charAt(0).toUpperCase() + id.slice(1);
  return [
    id,
    `use${name}`,
    `use${name}Suspense`,
    `use${name}Infinite`,
    `use${name}SuspenseInfinite`,
    `get${name}QueryOptions`,
    `get${name}SuspenseQueryOptions`,
    `get${name}InfiniteQueryOptions`,
    `get${name}SuspenseInfiniteQueryOptions`,
    `get${name}MutationOptions`,
    `get${name}Url`,
  ];
}

/** Where the app's own modules are followed: what a screen is made of, never the app or routes. */
const FOLLOWED = ['features', 'components', 'api', 'lib'];
const SOURCE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * The imports of a file: static imports and re-exports, side-effect imports and `import('…')`
 * (lazy components, loaders), each with the names it takes when it names them (`{ A, B as C }`);
 * `undefined` names mean the whole module (a default, a namespace, a dynamic import).
 * @param {string} source
 * @returns {{ specifier: string, names: string[] | undefined }[]}
 */
function importsOf(source) {
  const named = [
    ...source.matchAll(/\b(?:import|export)\s+(?:type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]/g),
  ].map((match) => {
    const clause = match[1] ?? '';
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    return {
      specifier: /** @type {string} */ (match[2]),
      names: braces ? bindingNames(braces[1] ?? '') : undefined,
    };
  });
  const whole = [
    ...source.matchAll(/\bimport\s+['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => ({ specifier: /** @type {string} */ (match[1]), names: undefined }));
  return [...named, ...whole];
}

/**
 * The names of a `{ A, B as C, type D }` clause, as the module that exports them calls them.
 * @param {string} clause
 */
function bindingNames(clause) {
  return clause
    .split(',')
    .map(
      (part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim() ?? '',
    )
    .filter(Boolean);
}

/**
 * The names a file imports from orval's generated modules (`@generated/api/<tag>/<tag>`).
 * @param {string} source
 */
function generatedImportsOf(source) {
  return importsOf(source)
    .filter(({ specifier }) => specifier.startsWith('@generated/api/'))
    .flatMap(({ names }) => names ?? []);
}

/**
 * A barrel (an index that only re-exports): its re-exports, each with the names it provides
 * (`undefined` for `export * from`). Undefined for a module with code of its own.
 * @param {string} source
 */
function reExportsOf(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const statements = code
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
  const all = statements.every((statement) =>
    /^export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*from\s+['"][^'"]+['"]$/.test(statement),
  );
  return all ? importsOf(code) : undefined;
}

/**
 * The file a specifier names, when it is one of the followed folders of `src` (the `@/` alias or a
 * relative path); undefined for packages, generated code, tests and anything else.
 * @param {string} src
 * @param {string} from the importing file
 * @param {string} specifier
 */
function resolveSource(src, from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = join(src, specifier.slice(2));
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return undefined;
  const folder = relative(src, base).split(sep)[0];
  if (!folder || !FOLLOWED.includes(folder)) return undefined;
  const file = SOURCE_SUFFIXES.map((suffix) => base + suffix).find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  return file && !/\.test\.tsx?$|[\\/]testing[\\/]/.test(file) ? file : undefined;
}

/**
 * The operations a route file's code calls, following its imports through the followed folders.
 * An import of some names from a barrel (a feature's index) follows only the modules that export
 * those names, so a screen is not charged with its feature's other screens. Tests and test
 * helpers are not followed: they ship in no screen.
 * @param {string} src
 * @param {string} routeFile
 * @param {Map<string, string>} operationOfName
 */
function operationsReachedFrom(src, routeFile, operationOfName) {
  /** @type {Set<string>} */
  const operations = new Set();
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {{ file: string, names: string[] | undefined }[]} */
  const queue = [{ file: routeFile, names: undefined }];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const { file, names } = next;
    const key = names ? `${file}#${names.join(',')}` : file;
    if (seen.has(key) || seen.has(file)) continue;
    seen.add(key);
    const source = readFileSync(file, 'utf8');
    const reExports = reExportsOf(source);
    const followed =
      reExports && names
        ? reExports
            .filter((entry) => !entry.names || entry.names.some((name) => names.includes(name)))
            .map((entry) => ({
              specifier: entry.specifier,
              names: entry.names ? entry.names.filter((name) => names.includes(name)) : names,
            }))
        : importsOf(source);
    for (const name of generatedImportsOf(source)) {
      const id = operationOfName.get(name);
      if (id) operations.add(id);
    }
    for (const { specifier, names: taken } of followed) {
      const target = resolveSource(src, file, specifier);
      if (target) queue.push({ file: target, names: taken });
    }
  }
  return operations;
}

/**
 * Every route file under a folder (TanStack's file routes), the generated route tree aside.
 * @param {string} folder
 * @returns {string[]}
 */
function routeFiles(folder) {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return routeFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.(test|gen)\.tsx?$/.test(entry.name) ? [path] : [];
    });
}

/**
 * Which screen calls which operation, read from the app's source: each route file of
 * `src/routes` and what it imports (features, shared components, the transport), down to the
 * generated hooks, query options and fetchers it uses. A screen is a route with a path of its own;
 * a pathless layout route (`_authenticated`) guards the screens under it, so its calls count for
 * each of them; the root route's calls (the shell) are made on every screen and form one group.
 * A screen is named by its `screenHead('…')` title, else by its path; `features` are the features
 * it renders (imported through their index), which the panel's search matches too.
 * @param {string} src the app's `src` folder
 * @param {Omit<Catalogue, 'screens'>} catalogue
 * @returns {CatalogueScreen[]}
 */
export function extractScreens(src, catalogue) {
  const operations = catalogue.tags.flatMap((tag) => tag.operations);
  /** @type {Map<string, string>} */
  const operationOfName = new Map(
    operations.flatMap((operation) =>
      callingNames(operation.id).map((name) => [name, operation.id]),
    ),
  );
  const routes = routeFiles(join(src, 'routes')).map((file) => {
    const source = readFileSync(file, 'utf8');
    const id = /createFileRoute\(\s*['"]([^'"]+)['"]/.exec(source)?.[1];
    return {
      id: id ?? (/__root\.tsx?$/.test(file) ? '__root__' : undefined),
      title: /screenHead\(\s*['"]([^'"]+)['"]/.exec(source)?.[1],
      features: [
        ...new Set(
          importsOf(source).flatMap(
            ({ specifier }) => /^@\/features\/([^/]+)$/.exec(specifier)?.[1] ?? [],
          ),
        ),
      ].sort(),
      calls: operationsReachedFrom(src, file, operationOfName),
    };
  });
  const order = (/** @type {Set<string>} */ ids) =>
    operations.map((operation) => operation.id).filter((id) => ids.has(id));

  /** @type {CatalogueScreen[]} */
  const screens = [];
  for (const route of routes) {
    if (!route.id || route.id === '__root__') continue;
    const segments = route.id.split('/').filter(Boolean);
    if (segments.at(-1)?.startsWith('_')) continue; // a layout, counted in the screens under it
    const layouts = routes.filter(
      (layout) => layout.id && layout.id !== '__root__' && route.id?.startsWith(`${layout.id}/`),
    );
    const calls = new Set(
      [route.calls, ...layouts.map((layout) => layout.calls)].flatMap((set) => [...set]),
    );
    if (calls.size === 0) continue;
    const path = `/${segments.filter((segment) => !segment.startsWith('_')).join('/')}`;
    screens.push({
      name: route.title ?? path,
      path,
      features: route.features,
      operations: order(calls),
    });
  }
  // By name, a path-named screen among them as if it had no slash; the shell first.
  const sortName = (/** @type {CatalogueScreen} */ screen) => screen.name.replace(/^\//, '');
  screens.sort((a, b) => sortName(a).localeCompare(sortName(b), 'en'));
  const root = routes.find((route) => route.id === '__root__');
  return root && root.calls.size > 0
    ? [{ name: 'Every screen', path: '*', features: [], operations: order(root.calls) }, ...screens]
    : screens;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const doc = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
  const catalogue = extractCatalogue(doc);
  const screens = extractScreens(join(root, 'src'), catalogue);
  const out = join(root, 'generated', 'scenarios', 'catalogue.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ...catalogue, screens }, null, 2)}\n`);
}
