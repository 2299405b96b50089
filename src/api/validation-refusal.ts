/**
 * A validating proxy's refusal, in the API's own words and shape.
 *
 * Prism, validating in front of the API (`npm start`, the contract checks), refuses a request that
 * breaks openapi.yaml before the API sees it: 422, `application/problem+json`, e.g.
 *
 *   {"type":"https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY","title":"Invalid request",
 *    "status":422,"detail":"Your request is not valid and no HTTP validation response was …",
 *    "validation":[{"location":["body","sync_failures","threshold"],"severity":"Error",
 *      "code":"minimum","message":"Request body property sync_failures.threshold must be >= 1"}]}
 *
 * No AceBridge API answers 422 (the contract declares none): the API refuses a value with a 400
 * whose body names the field by its dotted path, `{"sync_failures.threshold": ["…"]}`, or for a
 * list body, the field with the item it is in, `{"dummy_value": ["Item 1: …"]}`. The transport
 * hands a validating proxy's refusal on in that shape (`fieldRefusalOf`), so that every form
 * places it under its field with the field map it already has (components/form), and its words
 * are plain ("Must be at least 1."). What names no field of the body (a query parameter, the body
 * as a whole) goes under `non_field_errors`, as a whole sentence. The error catalogue
 * (error-messages.ts) makes one plain sentence of each message for a refusal no form places
 * (`refusalSentences`): never the problem's type URL or the validator's words.
 */

/** One thing the proxy found wrong: where (`['body', 'digest', 'hour']`) and what. */
interface ValidationIssue {
  location: readonly string[];
  message: string;
}

/** A refusal by field, as the API's 400 spells it: dotted field → its messages. */
type FieldRefusal = Record<string, string[]>;

/** Where a message that names no field of the body goes (Django REST framework's name). */
const NO_FIELD = 'non_field_errors';

function isIssue(value: unknown): value is ValidationIssue {
  if (typeof value !== 'object' || value === null) return false;
  const { location, message } = value as { location?: unknown; message?: unknown };
  return (
    Array.isArray(location) &&
    location.every((part) => typeof part === 'string') &&
    typeof message === 'string'
  );
}

/** The issues of a validating proxy's problem body, or undefined for any other body. */
function issuesOf(body: unknown): ValidationIssue[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { validation } = body as { validation?: unknown };
  if (!Array.isArray(validation) || validation.length === 0) return undefined;
  return validation.every(isIssue) ? validation : undefined;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A JSON Schema format, as a user would name what was expected. */
const FORMATS: Record<string, string> = {
  email: 'an e-mail address',
  uri: 'a web address',
  url: 'a web address',
  date: 'a date',
  'date-time': 'a date and time',
  time: 'a time',
  uuid: 'an identifier',
};

const TYPES: Record<string, string> = {
  integer: 'must be a whole number',
  number: 'must be a number',
  string: 'must be text',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be a group of fields',
  null: 'must be empty',
};

/**
 * The validator's words (`must be >= 1`, after Prism's "Request body property x.y") as what a user
 * reads: a predicate without a subject, `must be at least 1`. Words it does not know pass as they
 * are, which are still a sentence and never a type URL.
 */
function plainPredicate(message: string): {
  predicate: string;
  /** A missing property of the value at the location: the field is that property. */
  property?: string;
  /** The issue is a field within the value that the contract does not have: no field shows it. */
  unexpectedField?: boolean;
} {
  const said = /\b(must .*)$/s.exec(message)?.[1] ?? message;
  const rules: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
    [/^must be >= (\S+)$/, ([, n]) => `must be at least ${n}`],
    [/^must be <= (\S+)$/, ([, n]) => `must be at most ${n}`],
    [/^must be > (\S+)$/, ([, n]) => `must be more than ${n}`],
    [/^must be < (\S+)$/, ([, n]) => `must be less than ${n}`],
    [/^must be multiple of (\S+)$/, ([, n]) => `must be a multiple of ${n}`],
    [
      /^must NOT have fewer than (\d+) characters$/,
      ([, n]) => (n === '1' ? 'must not be empty' : `must be at least ${n} characters long`),
    ],
    [
      /^must NOT have more than (\d+) characters$/,
      ([, n]) => `must be at most ${n} characters long`,
    ],
    [
      /^must NOT have fewer than (\d+) items$/,
      ([, n]) => (n === '1' ? 'must not be empty' : `must have at least ${n} items`),
    ],
    [/^must NOT have more than (\d+) items$/, ([, n]) => `must have at most ${n} items`],
    [/^must be equal to one of the allowed values$/, () => 'is not one of the allowed values'],
    [/^must be equal to constant$/, () => 'is not the allowed value'],
    [/^must match format "([^"]+)"$/, ([, f = '']) => `must be ${FORMATS[f] ?? `a valid ${f}`}`],
    [/^must match pattern /, () => 'is not in the expected format'],
    [/^must NOT have duplicate items/, () => 'must not repeat an item'],
    [/^must be (\w+)$/, (match) => TYPES[match[1] ?? ''] ?? match[0]],
  ];
  const required = /^must have required property '([^']+)'$/.exec(said);
  if (required) return { predicate: 'is required', property: required[1] };
  if (/^must NOT have additional properties$/.test(said))
    return { predicate: 'has a field that is not expected', unexpectedField: true };
  for (const [pattern, plain] of rules) {
    const match = pattern.exec(said);
    if (match) return { predicate: plain(match) };
  }
  return { predicate: said.replace(/\.$/, '') };
}

/** A field path, as a user reads it in a sentence: `sync_failures.threshold` → "sync failures threshold". */
function spoken(path: string): string {
  return path.replace(/[._]/g, ' ').trim();
}

/** The field message of a missing field, in Django REST framework's words, as the API says it. */
const REQUIRED = 'This field is required.';

/**
 * The refusal of a validating proxy's problem body, by field as the API's 400 names them; undefined
 * for any other body.
 */
export function fieldRefusalOf(body: unknown): FieldRefusal | undefined {
  const issues = issuesOf(body);
  if (!issues) return undefined;
  const refusal: FieldRefusal = {};
  const add = (field: string, message: string) => {
    refusal[field] = [...(refusal[field] ?? []), message];
  };
  for (const { location, message } of issues) {
    const [where, ...path] = location;
    const { predicate, property, unexpectedField = false } = plainPredicate(message);
    // A missing field is named by its parent and the property: the field is the property's path.
    const parts = property === undefined ? path : [...path, property];
    // A list body's item is named as the API names it, before the message: "Item 2: …".
    const item =
      where === 'body' && /^\d+$/.test(parts[0] ?? '') ? Number(parts[0]) + 1 : undefined;
    const field = (item === undefined ? parts : parts.slice(1)).join('.');
    const prefix = item === undefined ? '' : `Item ${item}: `;
    // An unexpected field is found on its parent, which the user never typed: no field shows
    // it, and neither is a query parameter or the body as a whole: those read as a sentence.
    if (where === 'body' && field !== '' && !unexpectedField)
      add(field, `${prefix}${property === undefined ? `${capitalised(predicate)}.` : REQUIRED}`);
    else {
      const subject = field !== '' ? spoken(field) : 'the request';
      add(NO_FIELD, `${prefix}${capitalised(`${subject} ${predicate}`)}.`);
    }
  }
  return refusal;
}

function isFieldRefusal(body: unknown): body is FieldRefusal {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.values(body).every(
      (messages) => Array.isArray(messages) && messages.every((text) => typeof text === 'string'),
    )
  );
}

/**
 * One plain sentence per message of a refusal no form placed: "Sync failures threshold must be at
 * least 1.", "Item 2: dummy value must not be empty." A refusal read from a problem body first;
 * undefined when the body is neither.
 */
export function refusalSentences(body: unknown): string[] | undefined {
  const refusal = fieldRefusalOf(body) ?? (isFieldRefusal(body) ? body : undefined);
  if (!refusal || Object.keys(refusal).length === 0) return undefined;
  return Object.entries(refusal).flatMap(([field, messages]) =>
    messages.map((message) => {
      if (field === NO_FIELD) return message;
      const [, prefix = '', said = message] = /^(Item \d+: )?(.*)$/s.exec(message) ?? [];
      const subject = spoken(field);
      const sentence =
        said === REQUIRED
          ? `${subject} is required.`
          : `${subject} ${said.charAt(0).toLowerCase()}${said.slice(1)}`;
      return `${prefix}${prefix ? sentence : capitalised(sentence)}`;
    }),
  );
}
