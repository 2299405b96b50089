/**
 * The snapshot's schema, derived from the `State` type (state.ts) by the TypeScript compiler: the
 * type is the one source of the shape, and `state.schema.json` is its JSON Schema, which start
 * checks a snapshot against (state-shape.ts). `node tests/sandbox/store/state-schema.ts` writes
 * the file again; state-shape.test.ts fails while the file differs from what the type gives.
 *
 * Why this way round (the type first, the schema derived), not a schema the type is derived from:
 * the State reuses the contract's row types (`Schemas['User']`, …), which openapi-typescript
 * already derives from openapi.yaml, and its own fields carry their meaning in doc comments.
 * Writing it as a schema instead would need a schema-to-type library the project does not have
 * (json-schema-to-ts, TypeBox, zod) and would restate the contract's rows; a second schema
 * written by hand would drift. The start itself loads no TypeScript: it compiles the JSON (Ajv).
 *
 * The shape, not every rule: types, required keys, enums and nullability. Keys the type does not
 * name are allowed (a migration's test may add some, and a handler spreading a row does no harm);
 * formats and lengths stay with the contract and the handlers.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { format, resolveConfig } from 'prettier';
import ts from 'typescript';

type JsonSchema = { [keyword: string]: unknown };

const HERE = dirname(fileURLToPath(import.meta.url));
export const SCHEMA_FILE = join(HERE, 'state.schema.json');
const STATE_FILE = join(HERE, 'state.ts');
const TSCONFIG = join(HERE, '..', '..', '..', 'tsconfig.json');

/** The JSON Schema of the `State` type, as state.schema.json holds it. */
export function deriveStateSchema(): JsonSchema {
  const config = ts.getParsedCommandLineOfConfigFile(TSCONFIG, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`state-schema: cannot read ${TSCONFIG}`);
  const program = ts.createProgram({ rootNames: [STATE_FILE], options: config.options });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(STATE_FILE);
  const module = source && checker.getSymbolAtLocation(source);
  const state = module && checker.getExportsOfModule(module).find((s) => s.name === 'State');
  if (!state) throw new Error(`state-schema: ${STATE_FILE} exports no State`);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment:
      'Generated from the State type (state.ts) by state-schema.ts; do not edit: run `node tests/sandbox/store/state-schema.ts`.',
    title: 'State',
    ...schemaOf(checker, checker.getDeclaredTypeOfSymbol(state), '$', []),
  };
}

const has = (type: ts.Type, flag: ts.TypeFlags) => (type.flags & flag) !== 0;
/** By their JSON, code unit by code unit (not by locale: the file must not depend on the machine). */
const byJson = (a: unknown, b: unknown) => {
  const [left, right] = [JSON.stringify(a), JSON.stringify(b)];
  return left < right ? -1 : left > right ? 1 : 0;
};

function schemaOf(
  checker: ts.TypeChecker,
  type: ts.Type,
  where: string,
  stack: ts.Type[],
): JsonSchema {
  const cannot = (why: string) =>
    new Error(`state-schema: ${where} is ${checker.typeToString(type)}: ${why}`);
  if (has(type, ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
  if (has(type, ts.TypeFlags.String)) return { type: 'string' };
  if (has(type, ts.TypeFlags.Number)) return { type: 'number' };
  if (has(type, ts.TypeFlags.Boolean)) return { type: 'boolean' };
  if (has(type, ts.TypeFlags.Null)) return { type: 'null' };
  const literal = literalOf(checker, type);
  if (literal !== undefined) return { type: jsonTypeOf(literal), enum: [literal] };
  if (type.isUnion()) return unionOf(checker, type, where, stack);
  if (stack.includes(type)) throw cannot('a recursive type, which this schema does not express');
  const inner = [...stack, type];
  if (checker.isTupleType(type)) throw cannot('a tuple, which this schema does not express');
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference);
    if (!item) throw cannot('an array of no known type');
    return { type: 'array', items: schemaOf(checker, item, `${where}[]`, inner) };
  }
  if (has(type, ts.TypeFlags.Object) || type.isIntersection()) {
    if (type.getCallSignatures().length > 0) throw cannot('a function, which JSON cannot hold');
    const schema: JsonSchema = { type: 'object' };
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const propertyType = checker.getTypeOfSymbol(property);
      // A key that may hold undefined may be missing: JSON.stringify leaves it out.
      const optional =
        (property.flags & ts.SymbolFlags.Optional) !== 0 || acceptsUndefined(propertyType);
      properties[property.name] = schemaOf(
        checker,
        propertyType,
        `${where}.${property.name}`,
        inner,
      );
      if (!optional) required.push(property.name);
    }
    if (Object.keys(properties).length > 0) schema.properties = properties;
    if (required.length > 0) schema.required = required;
    const index = checker
      .getIndexInfosOfType(type)
      .find((info) => has(info.keyType, ts.TypeFlags.String));
    if (index) {
      const values = schemaOf(checker, index.type, `${where}[*]`, inner);
      if (Object.keys(values).length > 0) schema.additionalProperties = values;
    }
    return schema;
  }
  throw cannot('a type this schema does not express');
}

type Literal = string | number | boolean | null;

function literalOf(checker: ts.TypeChecker, type: ts.Type): Literal | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (has(type, ts.TypeFlags.BooleanLiteral)) return checker.typeToString(type) === 'true';
  if (has(type, ts.TypeFlags.Null)) return null;
  return undefined;
}

const jsonTypeOf = (value: Literal) =>
  value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');

/** Whether the type takes undefined (`unknown` and `any` do). */
const acceptsUndefined = (type: ts.Type): boolean =>
  has(type, ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Unknown | ts.TypeFlags.Any) ||
  (type.isUnion() && type.types.some((member) => acceptsUndefined(member)));

/**
 * A union (without its undefined: the key is then optional): literals (and null) become one
 * `enum`, plain types one `type` list, `T | null` widens T's `type`, anything else is an `anyOf`.
 * Sorted, so that the file does not change with the order of the compiler's type ids.
 */
function unionOf(
  checker: ts.TypeChecker,
  union: ts.UnionType,
  where: string,
  stack: ts.Type[],
): JsonSchema {
  let members = union.types.filter((member) => !acceptsUndefined(member));
  const isTrue = (member: ts.Type) => literalOf(checker, member) === true;
  const isFalse = (member: ts.Type) => literalOf(checker, member) === false;
  const boolean = members.some(isTrue) && members.some(isFalse);
  if (boolean) members = members.filter((member) => !isTrue(member) && !isFalse(member));
  const literals = members.map((member) => literalOf(checker, member));
  if (!boolean && literals.every((value) => value !== undefined)) {
    const values = (literals as Literal[]).sort(byJson);
    const types = [...new Set(values.map(jsonTypeOf))].sort();
    return { type: types.length === 1 ? types[0] : types, enum: values };
  }
  const nullable = members.some((member) => has(member, ts.TypeFlags.Null));
  const schemas = members
    .filter((member) => !has(member, ts.TypeFlags.Null))
    .map((member) => schemaOf(checker, member, where, stack));
  if (boolean) schemas.push({ type: 'boolean' });
  schemas.sort(byJson);
  if (schemas.length === 1) return nullable ? orNull(schemas[0]!) : schemas[0]!;
  const plain = schemas.every(
    (schema) => Object.keys(schema).length === 1 && typeof schema.type === 'string',
  );
  if (plain)
    return {
      type: [...schemas.map((schema) => schema.type as string), ...(nullable ? ['null'] : [])],
    };
  return { anyOf: nullable ? [...schemas, { type: 'null' }] : schemas };
}

function orNull(schema: JsonSchema): JsonSchema {
  if (Object.keys(schema).length === 0) return schema;
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...(schema.enum as unknown[]), null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** Writes state.schema.json from the State type, formatted as prettier would. */
async function writeStateSchema(): Promise<void> {
  const text = `${JSON.stringify(deriveStateSchema(), null, 2)}\n`;
  const options = (await resolveConfig(SCHEMA_FILE)) ?? {};
  writeFileSync(SCHEMA_FILE, await format(text, { ...options, filepath: SCHEMA_FILE }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeStateSchema();
  console.log(`state-schema: wrote ${SCHEMA_FILE} from the State type.`);
}
