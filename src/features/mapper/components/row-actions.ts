import type { Attribute, AttributeRef } from '@generated/api/model';

import { toRef } from '../model/attributes';
import {
  DUMMY_KEY,
  fieldKeys,
  toggleKey,
  valueKeys,
  type AttributeMappings,
} from '../model/mapping';
import type { MappingStore } from '../model/mapping-store';
import { selectFields, selectValues, setDummyText, setReceiveUpdate } from '../model/selection';

/** Everything a row and its value sub-rows can change. */
export interface RowActions {
  toggleField(key: string): void;
  clearField(): void;
  addFieldItem(text: string): void;
  fieldText(text: string): void;
  toggleValue(aceValue: string, key: string): void;
  clearValue(aceValue: string): void;
  addValueItem(aceValue: string, text: string): void;
  valueText(aceValue: string, text: string): void;
  receiveUpdates(on: boolean): void;
  /** Name of a selected Salesforce field. */
  fieldName(key: string): string | undefined;
}

export interface RowActionDeps {
  store: MappingStore;
  attribute: Attribute;
  salesforceById: ReadonlyMap<number, Attribute>;
  /** Saves a selection (debounced). */
  saveSelection(): void;
  /** Saves a dummy text (debounced). */
  saveText(): void;
  /** Saves at once ('Receive ACE Updates?'). */
  saveNow(): void;
}

export function rowActions(deps: RowActionDeps): RowActions {
  const { store, attribute, salesforceById, saveSelection, saveText, saveNow } = deps;
  const id = attribute.id;

  const refOf = (fieldId: number): AttributeRef | undefined => {
    const field = salesforceById.get(fieldId);
    if (field) return toRef(field);
    const current = store.view(id).field;
    return (
      [current?.salesforce_attribute, ...(current?.concatenated_attributes ?? [])].find(
        (ref) => ref?.id === fieldId,
      ) ?? undefined
    );
  };

  const change = (next: (current: AttributeMappings) => AttributeMappings, save: () => void) => {
    store.setView(id, next(store.view(id)));
    save();
  };

  return {
    toggleField: (key) =>
      change(
        (current) =>
          selectFields(current, attribute, toggleKey(fieldKeys(current.field), key), refOf),
        saveSelection,
      ),
    clearField: () =>
      change((current) => selectFields(current, attribute, [], refOf), saveSelection),
    addFieldItem: (text) =>
      change(
        (current) => setDummyText(selectFields(current, attribute, [DUMMY_KEY], refOf), null, text),
        saveSelection,
      ),
    fieldText: (text) => change((current) => setDummyText(current, null, text), saveText),
    toggleValue: (aceValue, key) =>
      change(
        (current) =>
          selectValues(
            current,
            attribute,
            aceValue,
            toggleKey(valueKeys(current.values.get(aceValue)), key),
          ),
        saveSelection,
      ),
    clearValue: (aceValue) =>
      change((current) => selectValues(current, attribute, aceValue, []), saveSelection),
    addValueItem: (aceValue, text) =>
      change(
        (current) =>
          setDummyText(selectValues(current, attribute, aceValue, [DUMMY_KEY]), aceValue, text),
        saveSelection,
      ),
    valueText: (aceValue, text) =>
      change((current) => setDummyText(current, aceValue, text), saveText),
    receiveUpdates: (on) => change((current) => setReceiveUpdate(current, on), saveNow),
    fieldName: (key) => refOf(Number(key))?.name,
  };
}
