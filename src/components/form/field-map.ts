/**
 * A form's field map: which form field shows each field error a refused save names. Keys are the
 * server's field names as the refusal's body spells them (dotted where the server nests them,
 * `digest.hour`); values are the form's fields (dotted for a schema form's nested fields,
 * `admin.password`). Several server fields may name one form field. Each form keeps its map in
 * its feature's `model/`, and `useFormSubmit` (or an autosaving editor's refusal board) applies it.
 */
export type FieldMap<TField extends string = string> = Readonly<Record<string, TField>>;

/** A refusal's messages by the form field they belong under, in the map's order. */
export type FieldErrors<TField extends string = string> = Readonly<
  Partial<Record<TField, readonly string[]>>
>;

/** The texts of one field of an error body: `['message', …]` or `'message'`. */
function textsOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter((item): item is string => typeof item === 'string' && item.length > 0);
}

/**
 * Each message a refusal's body names for the form's fields, with the form field it belongs
 * under, in the map's order. A body may nest the field errors under `errors`.
 */
export function fieldMessages<TField extends string>(
  body: unknown,
  map: FieldMap<TField>,
): Array<{ field: TField; message: string }> {
  if (typeof body !== 'object' || body === null) return [];
  const source: unknown = (body as { errors?: unknown }).errors ?? body;
  if (typeof source !== 'object' || source === null) return [];
  return (Object.entries(map) as Array<[string, TField]>).flatMap(([serverField, field]) =>
    textsOf((source as Record<string, unknown>)[serverField]).map((message) => ({
      field,
      message,
    })),
  );
}

/**
 * The field errors a refusal's body names for the form's fields, or undefined when it names none
 * of them (then the refusal is not about what was typed, and shows another way).
 */
export function fieldErrorsOf<TField extends string>(
  body: unknown,
  map: FieldMap<TField>,
): FieldErrors<TField> | undefined {
  const messages = fieldMessages(body, map);
  if (messages.length === 0) return undefined;
  const errors: Partial<Record<TField, string[]>> = {};
  for (const { field, message } of messages) errors[field] = [...(errors[field] ?? []), message];
  return errors;
}

/** The form fields a refusal's field errors name. */
export function fieldsOf<TField extends string>(errors: FieldErrors<TField>): TField[] {
  return (Object.keys(errors) as TField[]).filter((field) => (errors[field]?.length ?? 0) > 0);
}

/** The errors without one field's (that field was edited since the refusal). */
export function withoutField<TField extends string>(
  errors: FieldErrors<TField> | undefined,
  field: TField,
): FieldErrors<TField> | undefined {
  if (!errors?.[field]) return errors;
  const { [field]: _edited, ...rest } = errors;
  return fieldsOf(rest as FieldErrors<TField>).length > 0
    ? (rest as FieldErrors<TField>)
    : undefined;
}
