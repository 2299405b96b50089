import { Button, HTMLSelect, Intent } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import { useEffect, useId } from 'react';
import { useDebouncedCallback } from 'use-debounce';

import { AceValueInput } from '@/components/ace-value-input/ace-value-input';
import { useRefusal, type RefusalBoard } from '@/components/form/refusal-board';
import type { ComparisonType } from '@generated/api/model';

import {
  attributePatch,
  rowValues,
  type FilterAttribute,
  type FilterField,
  type FilterRow,
  type RowPatch,
} from '../model/filter-blocks';
import {
  attributeError,
  COMPARISON_LABELS,
  comparisonOptions,
  shouldShowErrors,
  VALUE_DEBOUNCE_MS,
  valueError,
} from '../model/filter-rules';
import styles from '../values-mapper.module.css';

const ROW_TEXT = {
  attribute: 'Attribute',
  chooseAttribute: 'Select attribute',
  comparison: 'Comparison',
  value: 'Attribute value',
  remove: 'Remove condition',
} as const;

export interface FilterRowProps {
  row: FilterRow;
  /** The row is the last of its block: it stays quiet until touched. */
  isLast: boolean;
  attributes: readonly FilterAttribute[];
  removing: boolean;
  /** Refused saves: the row shows its own, under the input each is about. */
  refusals: RefusalBoard<FilterField>;
  onPatch: (key: string, patch: RowPatch) => void;
  onSave: (row: FilterRow) => void;
  onRemove: (row: FilterRow) => void;
}

type When = 'now' | 'debounced';

/** One AND condition: attribute, comparison, value by type, and a remove icon. */
export function FilterRowView(props: FilterRowProps) {
  const { row, isLast, attributes, removing, refusals, onPatch, onSave, onRemove } = props;
  const id = useId();
  const refused = useRefusal(refusals, row.key);
  // Typed text waits 500 ms; leaving the page or the tab flushes it so nothing typed is lost.
  const debouncedSave = useDebouncedCallback(onSave, VALUE_DEBOUNCE_MS, { flushOnExit: true });
  // flushOnExit covers unmounting and a hidden tab; a reload or a closed tab fires pagehide.
  useEffect(() => {
    const flush = () => void debouncedSave.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [debouncedSave]);

  const change = (patch: RowPatch, when: When) => {
    onPatch(row.key, patch);
    // What the server refused was the row before this edit.
    refusals.clear(row.key);
    const next = { ...row, ...patch };
    if (when === 'debounced') {
      debouncedSave(next);
    } else {
      // The newest state of the row replaces any save still waiting for the debounce.
      debouncedSave.cancel();
      onSave(next);
    }
  };

  const touch = () => {
    if (!row.touched) onPatch(row.key, { touched: true });
  };

  const values = rowValues(row);
  const showErrors = shouldShowErrors(row.touched, isLast);
  // The row's own check first; else what the server said of its last save.
  const attributeMessage =
    (showErrors ? attributeError(values) : undefined) ?? refused?.attribute?.join(' ');
  const comparisonMessage = refused?.comparison?.join(' ');
  const valueMessage = (showErrors ? valueError(values) : undefined) ?? refused?.value?.join(' ');
  const comparisons = comparisonOptions(row.attribute?.dataType);
  // A saved comparison the type no longer offers stays visible rather than silently changing.
  const shownComparisons = comparisons.includes(row.comparison)
    ? comparisons
    : [...comparisons, row.comparison];
  const attributeOptions = attributes.map((attribute) => ({
    value: String(attribute.id),
    label: attribute.name,
  }));

  return (
    <div className={styles.row}>
      <div className={styles.cell}>
        <HTMLSelect
          fill
          aria-label={ROW_TEXT.attribute}
          aria-invalid={attributeMessage ? true : undefined}
          aria-describedby={attributeMessage ? `${id}-attribute` : undefined}
          value={row.attribute ? String(row.attribute.id) : ''}
          onChange={(event) => {
            const chosen = attributes.find(
              (attribute) => String(attribute.id) === event.currentTarget.value,
            );
            change(attributePatch(row, chosen), 'now');
          }}
          onBlur={touch}
          options={[
            { value: '', label: ROW_TEXT.chooseAttribute, disabled: true },
            ...attributeOptions,
          ]}
        />
        {attributeMessage ? (
          <span id={`${id}-attribute`} className={styles.error}>
            {attributeMessage}
          </span>
        ) : null}
      </div>
      <div className={styles.cell}>
        <HTMLSelect
          fill
          aria-label={ROW_TEXT.comparison}
          aria-invalid={comparisonMessage ? true : undefined}
          aria-describedby={comparisonMessage ? `${id}-comparison` : undefined}
          value={row.comparison}
          onChange={(event) =>
            change(
              { comparison: event.currentTarget.value as ComparisonType, touched: true },
              'now',
            )
          }
          options={shownComparisons.map((comparison) => ({
            value: comparison,
            label: COMPARISON_LABELS[comparison],
          }))}
        />
        {comparisonMessage ? (
          <span id={`${id}-comparison`} className={styles.error}>
            {comparisonMessage}
          </span>
        ) : null}
      </div>
      <div className={styles.cell}>
        <AceValueInput
          dataType={row.attribute?.dataType}
          choices={row.attribute?.choices}
          value={row.value}
          label={ROW_TEXT.value}
          placeholder={ROW_TEXT.value}
          invalid={Boolean(valueMessage)}
          describedBy={valueMessage ? `${id}-value` : undefined}
          rules="filter"
          // A choice from a list or the calendar is saved at once; typed text after the debounce.
          onChange={(value, how) =>
            how === 'picked'
              ? change({ value, touched: true }, 'now')
              : change({ value }, 'debounced')
          }
          onTouch={touch}
        />
        {valueMessage ? (
          <span id={`${id}-value`} className={styles.error}>
            {valueMessage}
          </span>
        ) : null}
      </div>
      <Button
        className={styles.remove}
        variant="minimal"
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        aria-label={ROW_TEXT.remove}
        title={ROW_TEXT.remove}
        loading={removing}
        onClick={() => {
          debouncedSave.cancel();
          onRemove(row);
        }}
      />
    </div>
  );
}
