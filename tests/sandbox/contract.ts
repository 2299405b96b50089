/**
 * The sandbox's view of the contract: request and reply types taken from the generated
 * `openapi.d.ts`, so a contract change the sandbox does not follow is a compile error, and the
 * list of operations (with which ones need no token) and the named examples read from the contract
 * itself, as `npm run generate` writes it to `generated/openapi.json` (openapi.yaml as JSON: read in
 * about 30 ms, where parsing the YAML took over a second in every test file that loads the sandbox).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { components, operations, paths } from '../../generated/openapi';

export type Schemas = components['schemas'];
export type Path = keyof paths;
export type OperationId = keyof operations;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The methods a path defines. */
export type MethodOf<P extends Path> = {
  [M in Method]: paths[P][M] extends { responses: unknown } ? M : never;
}[Method];

type Operation<P extends Path, M extends MethodOf<P>> = paths[P][M];

type JsonOf<T> = T extends { content: { 'application/json': infer B } }
  ? B
  : T extends { content: { 'multipart/form-data': infer B } }
    ? B
    : T extends { content: { 'text/csv': infer B } }
      ? B
      : undefined;

/** The JSON (or multipart) request body an operation declares. */
export type RequestBody<P extends Path, M extends MethodOf<P>> =
  Operation<P, M> extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : never;

type Responses<P extends Path, M extends MethodOf<P>> =
  Operation<P, M> extends { responses: infer R } ? R : never;

/** One reply the contract allows: a declared status with its body. */
export type Reply<P extends Path, M extends MethodOf<P>> = {
  [S in keyof Responses<P, M>]: S extends number
    ? { status: S; body: JsonOf<Responses<P, M>[S]> }
    : never;
}[keyof Responses<P, M>];

/** Query parameters an operation declares. */
export type Query<P extends Path, M extends MethodOf<P>> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export interface ContractOperation {
  operationId: string;
  method: Method;
  path: string;
  /** `security: []`: callable without a token. */
  isPublic: boolean;
  /** Its one tag: the sandbox serves it from tests/sandbox/handlers/<tag>.ts. */
  tag: string;
}

interface OpenApiDoc {
  security?: unknown[];
  paths: Record<
    string,
    Partial<
      Record<
        Method,
        {
          operationId: string;
          tags?: string[];
          security?: unknown[];
          responses: Record<string, ExampleResponse>;
        }
      >
    >
  >;
  components: { examples: Record<string, { value: unknown }> };
}
interface ExampleResponse {
  content?: {
    'application/json'?: { examples?: Record<string, { value?: unknown; $ref?: string }> };
  };
}

// Resolved from the module's own path, not with `new URL(…, import.meta.url)`: Vite rewrites that
// pattern into a web asset URL when a jsdom test imports the sandbox (tests/sandbox-backend.ts).
export const CONTRACT_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../openapi.yaml');
/** `openapi.yaml` as JSON, written by `npm run generate` (tests/contract/contract-json.ts). */
export const CONTRACT_JSON_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../generated/openapi.json',
);

let contract: unknown;
/** The whole contract document, read once (from its generated JSON copy) on first use. */
export function contractDocument(): unknown {
  contract ??= JSON.parse(readFileSync(CONTRACT_JSON_FILE, 'utf8'));
  return contract;
}
const contractDoc = () => contractDocument() as OpenApiDoc;

/** A named example of the contract (`components/examples`), deep-copied. */
export function contractExample<T>(name: string): T {
  const example = contractDoc().components.examples[name];
  if (!example) throw new Error(`openapi.yaml has no example ${name}`);
  return structuredClone(example.value) as T;
}

/** The named example of an operation's reply, following a `$ref` to `components/examples`. */
export function replyExample<T>(path: string, method: Method, status: string, name: string): T {
  const example =
    contractDoc().paths[path]?.[method]?.responses[status]?.content?.['application/json']
      ?.examples?.[name];
  if (!example) throw new Error(`openapi.yaml: no example ${name} for ${method} ${path} ${status}`);
  if (example.$ref) return contractExample<T>(example.$ref.split('/').pop() ?? '');
  return structuredClone(example.value) as T;
}

let cached: ContractOperation[] | undefined;

/** Every operation of `openapi.yaml`, in document order. */
export function contractOperations(): ContractOperation[] {
  if (cached) return cached;
  const doc = contractDoc();
  const methods: Method[] = ['get', 'post', 'put', 'patch', 'delete'];
  cached = Object.entries(doc.paths).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const security = operation.security ?? doc.security ?? [];
      return [
        {
          operationId: operation.operationId,
          method,
          path,
          isPublic: security.length === 0,
          tag: operation.tags?.[0] ?? 'untagged',
        },
      ];
    }),
  );
  return cached;
}

/**
 * What to add when the contract has an operation the sandbox does not serve: the file of its tag
 * and the call that registers it. Said by the sandbox at start, in its 501, and by the tests that
 * guard the wiring, so a backend engineer who adds an operation reads the same line everywhere.
 */
export function missingHandlerHint(op: ContractOperation): string {
  const file = `tests/sandbox/handlers/${op.tag}.ts`;
  const exists = existsSync(resolve(dirname(CONTRACT_FILE), file));
  return (
    `${op.operationId} (${op.method.toUpperCase()} ${op.path}) is in openapi.yaml, but the sandbox has no handler for it: ` +
    `add \`operation(app, '${op.method}', '${op.path}', (call) => ...)\` to ${file}` +
    (exists
      ? ''
      : ' (a new file: add its register function to handlerModules in tests/sandbox/handlers/index.ts)') +
    ', with the domain function it calls, its 4xx cases and a test (see docs/contract.md, "Adding an operation").'
  );
}

/** `/api/v1/users/{id}/` -> `/api/v1/users/:id/` (Hono's parameter syntax). */
export function routePattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

interface ListSchema {
  $ref?: string;
  type?: string | string[];
  maxItems?: number;
  properties?: Record<string, ListSchema>;
}

/**
 * The most items the contract lets the 200 reply of the list operation `operationId` hold (its
 * array's `maxItems`, or that of the reply object's one array property). What the sandbox stores
 * one item at a time (users, sync filters, override values) is refused beyond it, so no reply it
 * gives can break it.
 */
export function listBound(operationId: OperationId): number {
  const doc = contractDocument() as {
    paths: Record<string, Partial<Record<Method, { responses: Record<string, unknown> }>>>;
    components: { schemas: Record<string, ListSchema> };
  };
  const operation = contractOperations().find((entry) => entry.operationId === operationId);
  const reply = (operation && doc.paths[operation.path]?.[operation.method])?.responses['200'] as
    { content?: { 'application/json'?: { schema?: ListSchema } } } | undefined;
  const resolve = (schema: ListSchema | undefined): ListSchema | undefined =>
    schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema;
  const schema = resolve(reply?.content?.['application/json']?.schema);
  const list =
    schema?.type === 'array'
      ? schema
      : Object.values(schema?.properties ?? {}).find((property) => property.type === 'array');
  if (typeof list?.maxItems !== 'number')
    throw new Error(`openapi.yaml: ${operationId} lists no array with a maxItems`);
  return list.maxItems;
}

/** Who a throttle counts by. */
type ThrottleScope =
  | 'account'
  | 'address'
  | 'client'
  | 'tenant'
  | 'key'
  | 'account and client'
  | 'address and client'
  | 'address and tenant';
const SCOPES: readonly string[] = [
  'account',
  'address',
  'client',
  'tenant',
  'key',
  'account and client',
  'address and client',
  'address and tenant',
];

/**
 * One limit of `components.x-throttles`: at most `max` attempts per `per` within `seconds`. A
 * `silent` limit never answers 429: beyond it the call is answered as usual and only its side
 * effect (a mail) is held back, so the answer tells the caller nothing of what others counted.
 */
export interface ThrottleLimit {
  per: ThrottleScope;
  max: number;
  seconds: number;
  silent: boolean;
}

/**
 * The limits the contract declares (`components.x-throttles`), checked: each well formed, each
 * named by an operation's `x-throttle`, every name an operation gives defined, and each throttled
 * operation declaring its 429. A malformed declaration stops the sandbox with a message naming it.
 */
export function contractThrottles(document = contractDocument()): Record<string, ThrottleLimit> {
  const doc = document as {
    components: { 'x-throttles'?: Record<string, Partial<ThrottleLimit>> };
    paths: Record<
      string,
      Partial<Record<Method, { 'x-throttle'?: unknown; responses: Record<string, unknown> }>>
    >;
  };
  const fail = (where: string, problem: string) => {
    throw new Error(`openapi.yaml ${where}: ${problem}`);
  };
  const limits: Record<string, ThrottleLimit> = {};
  for (const [name, limit] of Object.entries(doc.components['x-throttles'] ?? {})) {
    const { per, max, seconds, silent = false } = limit;
    const count = (value: unknown) =>
      typeof value === 'number' && Number.isInteger(value) && value > 0;
    if (
      typeof per !== 'string' ||
      !SCOPES.includes(per) ||
      !count(max) ||
      !count(seconds) ||
      typeof silent !== 'boolean'
    )
      fail(
        `components.x-throttles.${name}`,
        `expected per (${SCOPES.join(', ')}), max and seconds (positive integers), and silent (a boolean) if any.`,
      );
    limits[name] = { per, max, seconds, silent } as ThrottleLimit;
  }
  const named = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(item)) {
      const names = operation['x-throttle'];
      if (names === undefined) continue;
      const where = `${method} ${path} x-throttle`;
      if (!Array.isArray(names) || names.length === 0) fail(where, 'expected a list of limits.');
      for (const name of names as unknown[]) {
        if (typeof name !== 'string' || !limits[name])
          fail(where, `${String(name)} is not in components.x-throttles.`);
        named.add(name as string);
      }
      if (!operation.responses['429']) fail(where, 'a throttled operation declares its 429.');
    }
  const unused = Object.keys(limits).filter((name) => !named.has(name));
  if (unused.length > 0)
    fail('components.x-throttles', `${unused.join(', ')}: no operation's x-throttle names it.`);
  return limits;
}
