/**
 * The one rule for required text, in every form: it is trimmed before it is checked, so text of
 * white space only counts as missing and gets the field's "required" message, never a call the
 * server would refuse. Only the check trims: passwords are sent as typed.
 */
export function isBlank(text: string | null | undefined): boolean {
  return !text || text.trim() === '';
}

/**
 * Form data as the required check sees it: every blank text of an object left out, at any depth
 * (`{ company: { company_name: '   ' } }` validates as `{ company: {} }`). Arrays keep their items,
 * so positions in the data stay those of the form.
 */
export function withoutBlankText<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutBlankText) as T;
  if (
    typeof value !== 'object' ||
    value === null ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    return value;
  }
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && isBlank(item)) continue;
    kept[key] = withoutBlankText(item);
  }
  return kept as T;
}
