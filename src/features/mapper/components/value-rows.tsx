import { memo, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useThrottledCallback } from 'use-debounce';

import type { Attribute } from '@generated/api/model';

import styles from '../mapper.module.css';
import { aceValues } from '../model/attributes';
import { DUMMY_KEY, valueKeys, type LocalMapping } from '../model/mapping';
import { cx } from './cx';
import { DummyInput } from './dummy-input';
import type { RowActions } from './row-actions';
import type { SelectOption } from './select/select-options';
import { VirtualMultiSelect } from './select/virtual-multi-select';

/** Sub-rows render 15 at a time and 15 more per scroll, so long picklists open fast. */
const SUB_ROWS_STEP = 15;
/** ngx-infinite-scroll's distance 2: load more within 20% of the bottom. */
const NEAR_BOTTOM = 0.2;
const CLOSING_KEYS = [DUMMY_KEY];

export interface ValueRowsProps {
  attribute: Attribute;
  values: ReadonlyMap<string, LocalMapping>;
  options: readonly SelectOption[];
  actions: RowActions;
}

/** One sub-row per ACE picklist value (or True/False), each mapped to Salesforce values. */
export function ValueRows({ attribute, values, options, actions }: ValueRowsProps) {
  const all = useMemo(() => aceValues(attribute), [attribute]);
  const [shown, setShown] = useState(SUB_ROWS_STEP);
  const scrollRef = useRef<HTMLDivElement>(null);
  const cutOff = all.length > SUB_ROWS_STEP;
  const more = shown < all.length;
  const grow = () => setShown((count) => Math.min(count + SUB_ROWS_STEP, all.length));

  const onScroll = useThrottledCallback(() => {
    const list = scrollRef.current;
    if (!list || !more) return;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - list.clientHeight * NEAR_BOTTOM) {
      grow();
    }
  }, 50);

  // A list too short to scroll could never ask for more.
  useLayoutEffect(() => {
    const list = scrollRef.current;
    if (list && more && list.clientHeight > 0 && list.scrollHeight <= list.clientHeight) grow();
  });

  // Tabbing onto the last rendered sub-row brings the next ones, as scrolling does.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (more && row && Number(row.dataset.index) >= shown - 1) grow();
  };

  return (
    <div
      ref={scrollRef}
      className={cx(styles.valueRows, cutOff && styles.cutOff)}
      role="group"
      aria-label={`Values of ${attribute.name}`}
      onScroll={cutOff ? onScroll : undefined}
      onFocus={onFocus}
    >
      {all.slice(0, shown).map(({ value, label }, index) => (
        <ValueRow
          key={value}
          index={index}
          attributeName={attribute.name}
          aceValue={value}
          label={label}
          mapping={values.get(value)}
          options={options}
          actions={actions}
        />
      ))}
    </div>
  );
}

interface ValueRowProps {
  index: number;
  attributeName: string;
  aceValue: string;
  label: string;
  mapping: LocalMapping | undefined;
  options: readonly SelectOption[];
  actions: RowActions;
}

const ValueRow = memo(function ValueRow(props: ValueRowProps) {
  const { index, attributeName, aceValue, label, mapping, options, actions } = props;
  const keys = useMemo(() => valueKeys(mapping), [mapping]);
  return (
    <div className={styles.valueRow} data-index={index}>
      <span className={styles.valueLabel}>{label}</span>
      <div>
        <VirtualMultiSelect
          label={`Salesforce values for ${attributeName} ${label}`}
          options={options}
          selectedKeys={keys}
          onToggle={(key) => actions.toggleValue(aceValue, key)}
          onClear={() => actions.clearValue(aceValue)}
          onAddItem={(text) => actions.addValueItem(aceValue, text)}
          closingKeys={CLOSING_KEYS}
        />
        {mapping?.is_dummy_value ? (
          <DummyInput
            label={`Dummy value for ${attributeName} ${label}`}
            value={mapping.dummy_value_description ?? ''}
            onChange={(text) => actions.valueText(aceValue, text)}
          />
        ) : null}
      </div>
    </div>
  );
});
