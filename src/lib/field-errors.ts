/** The first text of a field in an error body shaped like `{ field: ['message', …] }` or `{ field: 'message' }`. */
export function firstFieldError(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  if (typeof value === 'string' && value) return value;
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string');
  return undefined;
}

/** The first of several fields that carries an error, in order. */
export function firstOfFields(body: unknown, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const message = firstFieldError(body, field);
    if (message) return message;
  }
  return undefined;
}
