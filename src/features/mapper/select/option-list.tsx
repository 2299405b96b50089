import { Classes } from '@blueprintjs/core';
import { SmallTickIcon } from '@blueprintjs/icons';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { cx } from './cx';
import { SELECT_TEXT } from './select-options';
import type { SelectState } from './select-state';
import styles from './select.module.css';

export const ITEM_HEIGHT = 30;
const MAX_VISIBLE = 8;
/** The tallest the open list gets (its menu's padding included). */
export const LIST_MAX_HEIGHT = MAX_VISIBLE * ITEM_HEIGHT + 12;
/** Rows rendered beyond the visible ones (spec section 9: virtual-scroll buffer 4). */
const OVERSCAN = 4;
const VIEWPORT = { width: 0, height: MAX_VISIBLE * ITEM_HEIGHT };

/** The list has a fixed viewport: no need to measure it (and jsdom could not). */
const fixedViewport = (
  _instance: Virtualizer<HTMLDivElement, Element>,
  notify: (rect: typeof VIEWPORT) => void,
) => {
  notify(VIEWPORT);
  return () => {};
};

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

export interface OptionListProps {
  listId: string;
  label: string;
  state: SelectState;
  /** Offers the typed text as a new item ('Add item') after the options. */
  canAdd: boolean;
  selected: ReadonlySet<string>;
  loading: boolean;
  onChoose: (index: number) => void;
}

/** The open list: only the rows in view (plus a few) are in the DOM. */
export function OptionList(props: OptionListProps) {
  const { listId, label, state, canAdd, selected, loading, onChoose } = props;
  const { query, visible, active, reveal } = useSyncExternalStore(state.subscribe, state.get);
  const addItem = canAdd ? query.trim() : '';
  const count = visible.length + (addItem ? 1 : 0);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- read during render, never memoized
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ITEM_HEIGHT,
    overscan: OVERSCAN,
    initialRect: VIEWPORT,
    observeElementRect: fixedViewport,
    useFlushSync: false,
  });

  // A new query starts at the top of its matches. The virtualizer's offset comes from scroll
  // events: reading the element's scrollTop here would force a layout on every keystroke.
  useLayoutEffect(() => {
    if (scrollRef.current && virtualizer.scrollOffset) scrollRef.current.scrollTop = 0;
  }, [virtualizer, query]);

  // Arrow keys scroll the highlighted row into view (the DOM may not hold it yet).
  useEffect(() => {
    if (reveal && active < count) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [virtualizer, reveal, active, count]);

  if (loading || count === 0) {
    return (
      <div className={cx(Classes.MENU, styles.message)} role="status">
        {loading ? SELECT_TEXT.loading : SELECT_TEXT.notFound}
      </div>
    );
  }

  return (
    <div
      ref={scrollRef}
      id={listId}
      role="listbox"
      aria-label={label}
      aria-multiselectable="true"
      className={cx(Classes.MENU, styles.list)}
      style={{ height: Math.min(count, MAX_VISIBLE) * ITEM_HEIGHT }}
      // Keeps the focus in the input while the list is scrolled or clicked.
      onMouseDown={(event) => event.preventDefault()}
    >
      <div role="presentation" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const option = visible[item.index];
          const isSelected = option ? selected.has(option.key) : false;
          return (
            <div
              key={item.key}
              id={optionId(listId, item.index)}
              role="option"
              aria-selected={isSelected}
              aria-setsize={count}
              aria-posinset={item.index + 1}
              className={cx(
                Classes.MENU_ITEM,
                Classes.MENU_ITEM_IS_SELECTABLE,
                styles.option,
                item.index === active && Classes.ACTIVE,
                isSelected && Classes.SELECTED,
              )}
              style={{ transform: `translateY(${item.start}px)` }}
              onClick={() => onChoose(item.index)}
              onMouseMove={() => item.index !== active && state.setActive(item.index)}
            >
              {isSelected ? <SmallTickIcon className={Classes.MENU_ITEM_SELECTED_ICON} /> : null}
              {option ? (
                <>
                  <span className={cx(Classes.FILL, Classes.TEXT_OVERFLOW_ELLIPSIS)}>
                    {option.label}
                  </span>
                  {option.detail ? (
                    <span className={cx(Classes.MENU_ITEM_LABEL, styles.detail)}>
                      {option.detail}
                    </span>
                  ) : null}
                </>
              ) : (
                <span className={cx(Classes.FILL, Classes.TEXT_OVERFLOW_ELLIPSIS)}>
                  {SELECT_TEXT.addItem} <q>{addItem}</q>
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
