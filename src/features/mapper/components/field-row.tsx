import { Checkbox } from '@blueprintjs/core';
import { memo, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useDebouncedCallback } from 'use-debounce';

import type { Attribute } from '@generated/api/model';

import type { SalesforceFields } from '../mapper-queries';
import styles from '../mapper.module.css';
import { hasValueRows, mandatoryMark } from '../model/attributes';
import { DUMMY_KEY, fieldKeys } from '../model/mapping';
import { AceFieldCell } from './ace-field-cell';
import { cx } from './cx';
import { DummyInput } from './dummy-input';
import { useMapper } from './mapper-context';
import { rowActions } from './row-actions';
import { rowId } from './row-id';
import { valueOptions } from './salesforce-options';
import { VirtualMultiSelect } from './select/virtual-multi-select';
import { ValueRows } from './value-rows';

/** Selections are saved 500 ms after the last change: a run of picks is one request. */
const SELECTION_SAVE_MS = 500;
/** Dummy texts are saved 300 ms after the last keystroke, not on every key. */
const DUMMY_SAVE_MS = 300;
const CLOSING_KEYS = [DUMMY_KEY];
/**
 * Said beside the field search's 'Add item': the typed text becomes a fixed value sent for every
 * record, which one keystroke under a real field ('Web' under 'Website') would otherwise hide.
 */
const FIXED_VALUE_HINT = 'a fixed value, sent for every record';

/** The columns' names, said beside the cells when the rows stack on a phone (mapper.module.css). */
export const SALESFORCE_FIELDS_LABEL = 'Salesforce Fields';
export const RECEIVE_UPDATES_LABEL = 'Receive ACE Updates?';

export interface FieldRowProps {
  attribute: Attribute;
  fields: SalesforceFields;
}

/** One ACE field: its Salesforce fields, dummy value, 'Receive ACE Updates?' and value rows. */
export const FieldRow = memo(function FieldRow({ attribute, fields }: FieldRowProps) {
  const { store, changes, pending } = useMapper();
  const id = attribute.id;
  const mappings = useSyncExternalStore(store.subscribe, () => store.view(id));
  const receiveBlocked = useSyncExternalStore(store.subscribe, () => store.receiveBlocked(id));
  // Each save of the user's own change is told, and can be undone from its toast.
  const save = () => void changes.save(id);
  // Whatever was chosen or typed is sent when the row goes (page or tab change, unmount).
  const saveSelection = useDebouncedCallback(save, SELECTION_SAVE_MS, { flushOnExit: true });
  const saveText = useDebouncedCallback(save, DUMMY_SAVE_MS, { flushOnExit: true });

  useEffect(() => {
    const flush = () => {
      saveSelection.flush();
      saveText.flush();
    };
    pending.add(flush);
    return () => void pending.delete(flush);
  }, [pending, saveSelection, saveText]);

  const actions = useMemo(
    () =>
      rowActions({
        store,
        attribute,
        salesforceById: fields.byId,
        saveSelection,
        saveText,
        saveNow: () => {
          saveSelection.cancel();
          saveText.cancel();
          void changes.save(attribute.id);
        },
      }),
    [store, changes, attribute, fields.byId, saveSelection, saveText],
  );

  const field = mappings.field;
  const keys = useMemo(() => fieldKeys(field), [field]);
  const source =
    field?.salesforce_attribute && !field.is_concatenated && !field.is_dummy_value
      ? field.salesforce_attribute
      : undefined;
  const unmatched = mandatoryMark(attribute) === 'required' && !field;

  return (
    <>
      <tr id={rowId(attribute.id)} className={cx(unmatched && styles.unmatched)}>
        <td className={styles.aceCell}>
          <AceFieldCell attribute={attribute} />
        </td>
        <td className={styles.fieldCell} data-label={SALESFORCE_FIELDS_LABEL}>
          <VirtualMultiSelect
            label={`Salesforce Fields for ${attribute.name}`}
            options={fields.options}
            selectedKeys={keys}
            tagLabel={actions.fieldName}
            onToggle={actions.toggleField}
            onClear={actions.clearField}
            onAddItem={actions.addFieldItem}
            addItemHint={FIXED_VALUE_HINT}
            closingKeys={CLOSING_KEYS}
            loading={fields.loading}
          />
          {field?.is_dummy_value ? (
            <DummyInput
              label={`Dummy value for ${attribute.name}`}
              value={field.dummy_value_description ?? ''}
              onChange={actions.fieldText}
            />
          ) : null}
        </td>
        <td className={styles.receiveCell} data-label={RECEIVE_UPDATES_LABEL}>
          <Checkbox
            className={styles.receive}
            aria-label={`${RECEIVE_UPDATES_LABEL} ${attribute.name}`}
            checked={field?.is_receive_update ?? false}
            disabled={receiveBlocked}
            onChange={(event) => actions.receiveUpdates(event.currentTarget.checked)}
          />
        </td>
      </tr>
      {source && hasValueRows(attribute) ? (
        <tr className={styles.valuesRow}>
          <td colSpan={3}>
            <ValueRows
              attribute={attribute}
              values={mappings.values}
              options={valueOptions(fields.byId.get(source.id))}
              actions={actions}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
});
