import type { Attribute } from '@generated/api/model';

import { DUMMY_KEY, type AttributeMappings, type LocalMapping } from './mapping';
import type { MappingStore } from './mapping-store';
import { selectFields, selectValues, setDummyText } from './selection';

/**
 * A fixed (dummy) value typed but not saved when the session ended: on the field row of an ACE
 * attribute (`aceValue` null) or on one of its value sub-rows.
 */
export interface DummyDraft {
  attributeId: number;
  aceValue: string | null;
  text: string;
}

/** The text the row shows, when it differs from what the server holds (a new empty box is none). */
function unsavedText(view: LocalMapping | undefined, saved: LocalMapping | undefined) {
  if (!view?.is_dummy_value) return undefined;
  const text = view.dummy_value_description ?? '';
  const savedText = saved?.is_dummy_value ? (saved.dummy_value_description ?? '') : undefined;
  if (text === savedText || (savedText === undefined && text === '')) return undefined;
  return text;
}

/** Every dummy value on screen that the server does not hold. */
export function unsavedDummies(store: MappingStore): DummyDraft[] | undefined {
  const unsaved: DummyDraft[] = [];
  for (const [attributeId, view] of store.views()) {
    const saved = store.saved(attributeId);
    const text = unsavedText(view.field, saved.field);
    if (text !== undefined) unsaved.push({ attributeId, aceValue: null, text });
    for (const [aceValue, mapping] of view.values) {
      const valueText = unsavedText(mapping, saved.values.get(aceValue));
      if (valueText !== undefined) unsaved.push({ attributeId, aceValue, text: valueText });
    }
  }
  return unsaved.length > 0 ? unsaved : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function isDummyDraft(value: unknown): value is DummyDraft[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (entry) =>
        isRecord(entry) &&
        typeof entry.attributeId === 'number' &&
        (entry.aceValue === null || typeof entry.aceValue === 'string') &&
        typeof entry.text === 'string',
    )
  );
}

/**
 * The row with the draft's dummy value on it, as if the user chose the dummy option and typed:
 * a value sub-row needs its field row to name a Salesforce field, else nothing changes.
 */
export function withDummy(
  current: AttributeMappings,
  attribute: Pick<Attribute, 'id' | 'data_type'>,
  { aceValue, text }: DummyDraft,
): AttributeMappings {
  const chosen =
    aceValue === null
      ? selectFields(current, attribute, [DUMMY_KEY], () => undefined)
      : selectValues(current, attribute, aceValue, [DUMMY_KEY]);
  return setDummyText(chosen, aceValue, text);
}
