/**
 * Spectral function of the `bounded-input` rule (.spectral.yaml): every string in a schema has a
 * `maxLength` (or is an `enum`, a `const`, or a `format: binary` file part, whose limit its
 * description states), and every array a `maxItems`. An unbounded field lets one request store
 * megabytes (a 1 MiB first name was stored) or make a backend loop over a million items, so the
 * contract states every bound and every backend (the sandbox included) enforces it.
 *
 * The rule runs on the unresolved document: a `$ref` is checked where it points, once.
 */

/** Keywords whose value is one subschema. */
const ONE = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];
/** Keywords whose value is a list of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', 'dependentSchemas'];

/** @typedef {{ message: string, path: Array<string | number> }} Finding */

/** @param {unknown} value @returns {value is Record<string, any>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** @param {Record<string, any>} schema @param {string} type */
const hasType = (schema, type) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/**
 * The unbounded strings and arrays of `schema` and its subschemas.
 * @param {unknown} schema
 * @param {Array<string | number>} path
 * @param {Finding[]} results
 */
function check(schema, path, results) {
  if (!isObject(schema) || typeof schema.$ref === 'string') return;
  if (
    hasType(schema, 'string') &&
    schema.maxLength === undefined &&
    schema.enum === undefined &&
    schema.const === undefined &&
    schema.format !== 'binary'
  )
    results.push({ message: 'A string needs a maxLength (or an enum or a const).', path });
  if (hasType(schema, 'array') && schema.maxItems === undefined)
    results.push({ message: 'An array needs a maxItems.', path });
  for (const key of ONE) check(schema[key], [...path, key], results);
  for (const key of LIST)
    if (Array.isArray(schema[key]))
      schema[key].forEach((sub, index) => check(sub, [...path, key, index], results));
  for (const key of MAP)
    if (isObject(schema[key]))
      for (const [name, sub] of Object.entries(schema[key]))
        check(sub, [...path, key, name], results);
}

/**
 * @param {unknown} schema the schema the rule's `given` selects
 * @param {unknown} _options
 * @param {{ path: Array<string | number> }} context
 * @returns {Finding[]}
 */
export default function boundedSchemas(schema, _options, context) {
  /** @type {Finding[]} */
  const results = [];
  check(schema, [...context.path], results);
  return results;
}
