import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';

/**
 * ajv-errors reports a custom `required` message on the parent object; RJSF shows errors under
 * the field their `property` names, so point it at the missing field instead.
 */
export function retargetRequired(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((error) => {
    if (error.name !== 'errorMessage') return error;
    const params = error.params as {
      errors?: Array<{ keyword?: string; params?: { missingProperty?: string } }>;
    };
    const missing = params.errors?.find((inner) => inner.keyword === 'required')?.params
      ?.missingProperty;
    if (!missing) return error;
    const parent = error.property && error.property !== '.' ? error.property : '';
    return { ...error, property: `${parent}.${missing}` };
  });
}

/**
 * Server field errors (`{ field: ['message'] }`) as RJSF's ErrorSchema, under the form paths a
 * caller names: `{ password: 'admin.password' }` puts the server's `password` errors under the
 * form's admin password field.
 */
export function serverErrorSchema(
  body: unknown,
  fieldPaths: Record<string, string>,
): ErrorSchema | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  // Some replies nest the field errors under `errors`.
  const source = (body as { errors?: unknown }).errors ?? body;
  if (typeof source !== 'object' || source === null) return undefined;
  const schema: Record<string, unknown> = {};
  let found = false;
  for (const [serverField, formPath] of Object.entries(fieldPaths)) {
    const raw = (source as Record<string, unknown>)[serverField];
    const messages = (Array.isArray(raw) ? raw : [raw]).filter(
      (item): item is string => typeof item === 'string' && item.length > 0,
    );
    if (messages.length === 0) continue;
    found = true;
    let node = schema;
    for (const part of formPath.split('.')) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node.__errors = messages;
  }
  return found ? (schema as ErrorSchema) : undefined;
}

/** The ids of the fields an ErrorSchema names (`root_admin_password`), to show them at once. */
export function errorSchemaIds(schema: ErrorSchema | undefined, prefix = 'root'): string[] {
  if (!schema) return [];
  return Object.entries(schema).flatMap(([key, value]) => {
    if (key === '__errors') return [prefix];
    return errorSchemaIds(value as ErrorSchema, `${prefix}_${key}`);
  });
}

/** Two ErrorSchemas as one, messages of the same field concatenated. */
export function mergeErrorSchemas<T>(
  first: ErrorSchema<T> | undefined,
  second: ErrorSchema<T> | undefined,
): ErrorSchema<T> | undefined {
  if (!first) return second;
  if (!second) return first;
  const merged: Record<string, unknown> = { ...first };
  for (const [key, value] of Object.entries(second)) {
    const existing = merged[key];
    if (key === '__errors') {
      merged[key] = [...((existing as string[] | undefined) ?? []), ...(value as string[])];
    } else {
      merged[key] = mergeErrorSchemas(existing as ErrorSchema | undefined, value as ErrorSchema);
    }
  }
  return merged as ErrorSchema<T>;
}
