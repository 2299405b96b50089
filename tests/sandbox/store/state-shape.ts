/**
 * The shape check of a snapshot at start: the state must fit the `State` type (state.ts), whose
 * JSON Schema is state.schema.json, derived from the type (state-schema.ts; a test keeps the two
 * the same). A snapshot of the wrong shape (valid JSON of the right version, but `users` not a
 * list, a user without `email`, a number where a string belongs) is refused at start like a
 * corrupt one, instead of answering 500 later.
 *
 * The check runs once, at start, on the state read (after its journal and any migration): never
 * on the write path. Compiled on first use (Ajv, draft-07).
 */
import { readFileSync } from 'node:fs';

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

let validate: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!validate) {
    const schema = JSON.parse(
      readFileSync(new URL('./state.schema.json', import.meta.url), 'utf8'),
    ) as object;
    validate = new Ajv({ allErrors: false, allowUnionTypes: true }).compile(schema);
  }
  return validate;
}

/**
 * The first way `value` does not fit the State type, in words that start with its JSON path
 * (`$.users[3].email is missing`); undefined when it fits.
 */
export function shapeProblem(value: unknown): string | undefined {
  const check = validator();
  if (check(value)) return undefined;
  const [error] = check.errors ?? [];
  return error ? describe(error, value) : 'does not fit the State type';
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The JSON path (`$.users[3].email`) of an Ajv instance path (`/users/3/email`) in `root`. */
function jsonPath(root: unknown, pointer: string, last?: string): { path: string; at: unknown } {
  const keys = pointer === '' ? [] : pointer.slice(1).split('/');
  if (last !== undefined) keys.push(last);
  let path = '$';
  let at = root;
  for (const raw of keys) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    path += Array.isArray(at)
      ? `[${key}]`
      : IDENTIFIER.test(key)
        ? `.${key}`
        : `[${JSON.stringify(key)}]`;
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined;
  }
  return { path, at };
}

/** A value as the message shows it: its JSON, cut short. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

const TYPE_NAMES: Record<string, string> = {
  array: 'a list',
  object: 'an object',
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'null',
};

function describe(error: ErrorObject, root: unknown): string {
  const { params } = error as ErrorObject<string, Record<string, unknown>>;
  if (error.keyword === 'required')
    return `${jsonPath(root, error.instancePath, String(params.missingProperty)).path} is missing`;
  const { path, at } = jsonPath(root, error.instancePath);
  if (error.keyword === 'type') {
    const types = (Array.isArray(params.type) ? params.type : [params.type]) as string[];
    const expected = types.map((type) => TYPE_NAMES[type] ?? type).join(' or ');
    return `${path} must be ${expected}, not ${shown(at)}`;
  }
  if (error.keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[]).map((value) => JSON.stringify(value));
    return `${path} must be one of ${allowed.join(', ')}, not ${shown(at)}`;
  }
  return `${path} ${error.message ?? 'does not fit'} (it is ${shown(at)})`;
}
