import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';

import { fieldsOf, type FieldErrors } from '@/components/form/field-map';

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
 * A refusal's field errors (see `FieldMap`) as RJSF's ErrorSchema: the dotted form field
 * `admin.password` puts its messages under the form's admin password field.
 */
export function errorSchemaOf<T>(errors: FieldErrors | undefined): ErrorSchema<T> | undefined {
  if (!errors) return undefined;
  const schema: Record<string, unknown> = {};
  for (const field of fieldsOf(errors)) {
    let node = schema;
    for (const part of field.split('.')) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node.__errors = [...(errors[field] ?? [])];
  }
  return schema as ErrorSchema<T>;
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
