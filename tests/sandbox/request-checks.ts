/**
 * Defence in depth: before a handler runs, the request's body and query parameters are checked
 * against the operation's schemas in the contract, so type confusion (`{"email": {"$ne": null}}`,
 * `?sync_type=__proto__`) and unbounded input (a 1 MiB first name) answer a 400 in the contract's
 * field-error shape, never a 500, never a stored value and never a started sync. A real backend
 * sits behind no Prism either.
 *
 * Only the checks no handler words itself are made here, with Django REST framework's messages:
 * the types, `maxLength`, `maxItems`, `enum` and `const`; and one pattern, SingleLineText's (no
 * control character, no line separator), with the message the contract gives it (`x-message`):
 * it holds for every single-line text of every request, so no handler has to remember it, and a
 * company name with a CR/LF never reaches a store, a mail header or a console. `required`,
 * `minLength`, `minItems`, the other `pattern`s and `format` stay with the handlers, whose
 * messages the app shows ("This field is required.", "Enter a valid email address.", the spec's
 * texts). Every operation is checked: one that takes a body or query parameters must declare
 * its 400 (the sandbox does not start otherwise), so the checks never answer a status the
 * contract does not give.
 *
 * Each operation's validators are compiled once, on its first request (Ajv, JSON Schema 2020-12,
 * which OpenAPI 3.1 schemas are), against the whole contract so `$ref`s to components resolve.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';

import { SINGLE_LINE_MESSAGE, SINGLE_LINE_PATTERN } from '../../generated/rules/index';
import { contractDocument, type Method } from './contract';
import { fieldErrors } from './domain/failure';

interface Parameter {
  name: string;
  in: string;
  $ref?: string;
}
interface OperationDoc {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, unknown>;
}
interface Doc {
  paths: Record<string, Partial<Record<Method, OperationDoc>> & { parameters?: Parameter[] }>;
  components: { parameters: Record<string, Parameter> };
}

/** The keywords checked here; every other failure is left to the handler. */
const CHECKED = new Set(['type', 'maxLength', 'maxItems', 'enum', 'const']);

/** A failure checked here: a checked keyword's, or SingleLineText's pattern's. */
const isChecked = (error: ErrorObject) => CHECKED.has(error.keyword) || isSingleLineFailure(error);

/** Ajv names the pattern that failed as the contract writes it. */
const isSingleLineFailure = (error: ErrorObject) =>
  error.keyword === 'pattern' && error.params.pattern === SINGLE_LINE_PATTERN;

const CONTRACT_ID = 'contract.json';

let bodyAjv: Ajv2020 | undefined;
let queryAjv: Ajv2020 | undefined;

function ajv(coerceTypes: boolean): Ajv2020 {
  // strict: false for the contract's own keywords (example, x-…, discriminator); formats stay
  // with the handlers. The contract is not checked against the JSON Schema meta-schema here
  // (Spectral does that), and only the parts a request schema can reach are added (no
  // examples): the first request's compile went from about 290 ms to about 45 ms.
  const made = new Ajv2020({
    strict: false,
    allErrors: true,
    validateFormats: false,
    validateSchema: false,
    coerceTypes,
  });
  const doc = contractDocument() as Doc & { components: { schemas: unknown } };
  const reachable = {
    paths: doc.paths,
    components: { schemas: doc.components.schemas, parameters: doc.components.parameters },
  };
  made.addSchema(reachable, CONTRACT_ID);
  return made;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const refTo = (...parts: string[]) => ({ $ref: `${CONTRACT_ID}#/${pointer(...parts)}` });

export interface RequestChecks {
  /** Throws the 400 of a body that breaks the operation's schema. */
  body(body: unknown, contentType: string): void;
  /** Throws the 400 of query parameters that break their schemas. */
  query(query: Record<string, string>): void;
}

/** The checks of one operation, compiled on first use. */
export function requestChecks(path: string, method: Method): RequestChecks {
  const doc = contractDocument() as Doc;
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in openapi.yaml`);
  const takesQuery = [...(doc.paths[path]?.parameters ?? []), ...(operation.parameters ?? [])].some(
    (param) =>
      (param.$ref ? doc.components.parameters[param.$ref.split('/').pop() ?? '']?.in : param.in) ===
      'query',
  );
  if ((operation.requestBody || takesQuery) && !operation.responses['400'])
    throw new Error(
      `openapi.yaml: ${method.toUpperCase()} ${path} takes a body or query parameters, so the ` +
        "sandbox checks them and may answer 400: declare it (`$ref: '#/components/responses/BadRequest'`).",
    );

  const bodies = new Map<string, ValidateFunction>();
  const bodyValidator = (contentType: string): ValidateFunction | undefined => {
    const declared = Object.keys(operation.requestBody?.content ?? {});
    const media = declared.find((type) => contentType.includes(type)) ?? declared[0];
    if (!media) return undefined;
    let validate = bodies.get(media);
    if (!validate) {
      bodyAjv ??= ajv(false);
      validate = bodyAjv.compile(
        refTo('paths', path, method, 'requestBody', 'content', media, 'schema'),
      );
      bodies.set(media, validate);
    }
    return validate;
  };

  let queryValidate: ValidateFunction | undefined;
  const queryValidator = (): ValidateFunction => {
    if (queryValidate) return queryValidate;
    const params = [
      ...(doc.paths[path]?.parameters ?? []).map((param, index) => ({
        param,
        at: ['paths', path, 'parameters', String(index)],
      })),
      ...(operation.parameters ?? []).map((param, index) => ({
        param,
        at: ['paths', path, method, 'parameters', String(index)],
      })),
    ].map(({ param, at }) => {
      if (!param.$ref) return { name: param.name, where: param.in, at };
      const name = param.$ref.split('/').pop() ?? '';
      const target = doc.components.parameters[name];
      return {
        name: target?.name ?? '',
        where: target?.in,
        at: ['components', 'parameters', name],
      };
    });
    const properties = Object.fromEntries(
      params
        .filter((param) => param.where === 'query')
        .map((param) => [param.name, refTo(...param.at, 'schema')]),
    );
    queryAjv ??= ajv(true);
    queryValidate = queryAjv.compile({ type: 'object', properties });
    return queryValidate;
  };

  return {
    body(body, contentType) {
      // No body at all: the handler says which fields are required.
      if (body === undefined) return;
      const validate = bodyValidator(contentType);
      if (!validate) return;
      // A multipart file part is bytes, not a string: its limit is the handler's (in bytes).
      const data = contentType.includes('multipart/form-data') ? withoutFiles(body) : body;
      if (!validate(data)) refuse(validate.errors ?? [], data);
    },
    query(query) {
      const validate = queryValidator();
      const copy: Record<string, unknown> = { ...query };
      if (!validate(copy)) refuse(validate.errors ?? [], query);
    },
  };
}

function withoutFiles(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, value instanceof File ? '' : value]),
  );
}

/** Throws the field errors of the checked keywords, one message per field; none: nothing. */
function refuse(errors: ErrorObject[], data: unknown): void {
  const found: Record<string, string[]> = {};
  for (const error of relevant(errors)) {
    const field = fieldOf(error.instancePath);
    if (found[field]) continue;
    found[field] = [message(error, valueAt(data, error.instancePath))];
  }
  if (Object.keys(found).length > 0) throw fieldErrors(found);
}

/**
 * The failures of the checked keywords. Inside an `anyOf` or a `oneOf`, a branch's failure counts
 * only when the whole choice failed for a checked reason: when some branch failed only on a
 * keyword left to the handler (a `required`), the handler decides.
 */
function relevant(errors: ErrorObject[]): ErrorObject[] {
  const choices = errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf');
  const inChoice = (error: ErrorObject, choice: ErrorObject) =>
    error !== choice && error.schemaPath.startsWith(`${choice.schemaPath}/`);
  const settledByHandler = (choice: ErrorObject) => {
    const branches = new Map<string, ErrorObject[]>();
    for (const error of errors.filter((candidate) => inChoice(candidate, choice))) {
      const branch = error.schemaPath.slice(choice.schemaPath.length + 1).split('/')[0] ?? '';
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    return (
      branches.size === 0 ||
      [...branches.values()].some((list) => list.every((error) => !isChecked(error)))
    );
  };
  const ignored = choices.filter(settledByHandler);
  return errors.filter(
    (error) => isChecked(error) && !ignored.some((choice) => inChoice(error, choice)),
  );
}

/** `/company/company_name` -> `company.company_name`; the body itself -> `non_field_errors`. */
function fieldOf(instancePath: string): string {
  if (instancePath === '') return 'non_field_errors';
  return instancePath
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

function valueAt(data: unknown, instancePath: string): unknown {
  let value = data;
  for (const part of instancePath.split('/').slice(1)) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return value;
}

/** Python's name of a JSON value's type, as Django REST framework's messages print it. */
function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return 'dict';
}

/** The input as a message quotes it, cut short: a message stays within the contract's bounds. */
function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/** Django REST framework's wording of each failure. */
function message(error: ErrorObject, value: unknown): string {
  if (isSingleLineFailure(error)) return SINGLE_LINE_MESSAGE;
  switch (error.keyword) {
    case 'maxLength':
      return `Ensure this field has no more than ${String(error.params.limit)} characters.`;
    case 'maxItems':
      return `Ensure this field has no more than ${String(error.params.limit)} elements.`;
    case 'enum':
    case 'const':
      return `"${quoted(value)}" is not a valid choice.`;
    default: {
      const expected = String(error.params.type).split(',')[0];
      // A null field is a null field; a null body is a body of the wrong type.
      if (value === null && error.instancePath !== '') return 'This field may not be null.';
      if (expected === 'string') return 'Not a valid string.';
      if (expected === 'integer') return 'A valid integer is required.';
      if (expected === 'number') return 'A valid number is required.';
      if (expected === 'boolean') return 'Must be a valid boolean.';
      if (expected === 'array')
        return `Expected a list of items but got type "${pythonType(value)}".`;
      return `Invalid data. Expected a dictionary, but got ${pythonType(value)}.`;
    }
  }
}
