import { Classes } from '@blueprintjs/core';
import { SmallTickIcon } from '@blueprintjs/icons';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

import { cx } from '../cx';
import { fixedRowsWindow, scrollTopToReveal } from './fixed-rows';
import { SELECT_TEXT } from './select-options';
import type { SelectState } from './select-state';
import styles from './select.module.css';

const ITEM_HEIGHT = 30;
const MAX_VISIBLE = 8;
/** The tallest the open list gets (its menu's padding included). */
export const LIST_MAX_HEIGHT = MAX_VISIBLE * ITEM_HEIGHT + 12;
/** Rows rendered beyond the visible ones, so fast scrolling shows no blank rows. */
const OVERSCAN = 4;
/** The list's viewport has a fixed height: nothing to measure (and jsdom could not). */
const VIEWPORT_HEIGHT = MAX_VISIBLE * ITEM_HEIGHT;

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

const rowIndexes = (first: number, last: number) =>
  Array.from({ length: Math.max(last - first + 1, 0) }, (_, i) => first + i);

export interface OptionListProps {
  listId: string;
  label: string;
  state: SelectState;
  /** Offers the typed text as a new item ('Add item') after the options. */
  canAdd: boolean;
  /** Said beside 'Add item': what choosing it does. */
  addItemHint?: string;
  selected: ReadonlySet<string>;
  loading: boolean;
  onChoose: (index: number) => void;
}

/**
 * The open list: only the rows in view (plus a few) are in the DOM. Every row has one height, so
 * which rows those are is arithmetic (fixed-rows.ts), whatever the number of options.
 */
export function OptionList(props: OptionListProps) {
  const { listId, label, state, canAdd, addItemHint, selected, loading, onChoose } = props;
  const { query, visible, active, reveal } = useSyncExternalStore(state.subscribe, state.get);
  const addItem = canAdd ? query.trim() : '';
  const count = visible.length + (addItem ? 1 : 0);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The offset comes from scroll events (reading scrollTop while rendering would force a layout
  // on every keystroke), with the query it was scrolled under: a new query starts at the top.
  const [scrolled, setScrolled] = useState({ query, top: 0 });
  const top = scrolled.query === query ? scrolled.top : 0;
  const { first, last, totalHeight } = fixedRowsWindow(
    count,
    ITEM_HEIGHT,
    VIEWPORT_HEIGHT,
    top,
    OVERSCAN,
  );

  // A new query's matches are shown from the top: the list's own scroll follows.
  useLayoutEffect(() => {
    if (scrolled.query !== query && scrolled.top && scrollRef.current) {
      scrollRef.current.scrollTop = 0;
    }
  }, [scrolled, query]);

  // Arrow keys scroll the highlighted row into view (the DOM may not hold it yet): once per move,
  // so that the list then scrolls wherever the user takes it.
  useEffect(() => {
    const list = scrollRef.current;
    if (!reveal || active >= count || !list) return;
    const next = scrollTopToReveal(active, ITEM_HEIGHT, VIEWPORT_HEIGHT, list.scrollTop);
    if (next !== list.scrollTop) list.scrollTop = next;
  }, [reveal, active, count]);

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
      onScroll={(event) => setScrolled({ query, top: event.currentTarget.scrollTop })}
      // Keeps the focus in the input while the list is scrolled or clicked.
      onMouseDown={(event) => event.preventDefault()}
    >
      <div role="presentation" style={{ height: totalHeight }}>
        {rowIndexes(first, last).map((index) => {
          const option = visible[index];
          const isSelected = option ? selected.has(option.key) : false;
          return (
            <div
              key={index}
              id={optionId(listId, index)}
              role="option"
              aria-selected={isSelected}
              aria-setsize={count}
              aria-posinset={index + 1}
              className={cx(
                Classes.MENU_ITEM,
                Classes.MENU_ITEM_IS_SELECTABLE,
                styles.option,
                index === active && Classes.ACTIVE,
                isSelected && Classes.SELECTED,
              )}
              style={{ transform: `translateY(${index * ITEM_HEIGHT}px)` }}
              onClick={() => onChoose(index)}
              onMouseMove={() => index !== active && state.setActive(index)}
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
                <>
                  <span className={cx(Classes.FILL, Classes.TEXT_OVERFLOW_ELLIPSIS)}>
                    {SELECT_TEXT.addItem} <q>{addItem}</q>
                  </span>
                  {addItemHint ? (
                    <span className={cx(Classes.MENU_ITEM_LABEL, styles.detail)}>
                      {addItemHint}
                    </span>
                  ) : null}
                </>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
