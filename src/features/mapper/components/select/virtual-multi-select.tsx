import { Button, Classes } from '@blueprintjs/core';
import { CrossIcon, SmallCrossIcon } from '@blueprintjs/icons';
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import { cx } from '../cx';
import { placeList, samePlacement, type ListPlacement } from './list-placement';
import { LIST_MAX_HEIGHT, OptionList } from './option-list';
import { SearchInput } from './search-input';
import { optionIndex, SELECT_TEXT, type SelectOption } from './select-options';
import { createSelectState } from './select-state';
import styles from './select.module.css';

export interface VirtualMultiSelectProps {
  /** Accessible name of the input (the row it belongs to). */
  label: string;
  options: readonly SelectOption[];
  selectedKeys: readonly string[];
  /** Tag text for a selected key that is not among the options. */
  tagLabel?: (key: string) => string | undefined;
  onToggle: (key: string) => void;
  onClear: () => void;
  /** Offers the typed text as a new item ('Add item'). */
  onAddItem?: (text: string) => void;
  /** Said beside 'Add item': what choosing it does. */
  addItemHint?: string;
  /** Keys whose choice closes the list (the dummy option, whose text box comes next). */
  closingKeys?: readonly string[];
  loading?: boolean;
  disabled?: boolean;
}

/**
 * A multi-select on Blueprint's look, with a case-insensitive filter and a virtual list, so
 * 10,000 options cost what the visible ones cost. A keystroke re-renders the input and the list
 * only (not the tags or the row). Keyboard: type to filter, arrows to move, Enter to (un)select,
 * Escape to close, Backspace on an empty filter to remove the last choice.
 *
 * The open list is a fixed-position element of its own in document.body (so no scrolling box
 * around the row cuts it off), placed under the control or, near the bottom of the screen, above
 * it, and moved when the page scrolls or the control changes size. It is not a Blueprint popover:
 * the popover's portal, transitions and positioning passes made opening a list cost four times as
 * much (see `e2e/bench/mapper-profile.mjs open`).
 */
export const VirtualMultiSelect = memo(function VirtualMultiSelect(props: VirtualMultiSelectProps) {
  const {
    label,
    options,
    selectedKeys,
    tagLabel,
    onToggle,
    onClear,
    onAddItem,
    addItemHint,
    closingKeys,
  } = props;
  const { loading = false, disabled = false } = props;
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<ListPlacement>();
  const controlRef = useRef<HTMLFormElement>(null);
  const listBoxRef = useRef<HTMLDivElement>(null);
  const [state] = useState(() => createSelectState(options));
  const listId = useId();
  const selected = useMemo(() => new Set(selectedKeys), [selectedKeys]);
  const canAdd = onAddItem !== undefined;
  const showList = open && !disabled;

  useLayoutEffect(() => state.setOptions(options), [state, options]);

  const close = useCallback(() => {
    setOpen(false);
    state.setQuery('');
  }, [state]);

  /** Where the list goes now, from the control's box (read once per open, scroll or resize). */
  const place = useCallback(() => {
    const control = controlRef.current;
    if (!control) return;
    const next = placeList(control.getBoundingClientRect(), window.innerHeight, LIST_MAX_HEIGHT);
    setPlacement((now) => (now && samePlacement(now, next) ? now : next));
  }, []);

  const openList = () => {
    place();
    setOpen(true);
  };

  // While open, the list follows its control: a scroll anywhere but in the list itself (the page,
  // a box of value rows), a resize of the window, or of the control as tags come and go.
  useLayoutEffect(() => {
    if (!showList) return;
    let frame = 0;
    const follow = (event?: Event) => {
      if (event?.target instanceof Node && listBoxRef.current?.contains(event.target)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    // (jsdom has no ResizeObserver.)
    const resizes =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => follow()) : null;
    if (controlRef.current) resizes?.observe(controlRef.current);
    addEventListener('scroll', follow, { capture: true, passive: true });
    addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frame);
      resizes?.disconnect();
      removeEventListener('scroll', follow, { capture: true });
      removeEventListener('resize', follow);
    };
  }, [showList, place]);

  const choose = (index: number) => {
    const { query, visible } = state.get();
    const option = visible[index];
    if (option) {
      onToggle(option.key);
      if (closingKeys?.includes(option.key)) close();
    } else if (canAdd && query.trim() && index === visible.length) {
      onAddItem(query.trim());
      close();
    }
  };

  const index = optionIndex(options);
  const tagText = (key: string) => index.get(key)?.label ?? tagLabel?.(key) ?? key;
  const lastKey = selectedKeys.at(-1);

  return (
    <>
      {/* A form of its own: Chrome's autofill reads the whole form of a text field on every
          keystroke, and a field outside any form belongs to one made of every such field on the
          page (a page of the mapper has about 80: some 3 ms a keystroke). Nothing is submitted. */}
      <form
        ref={controlRef}
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className={cx(
          Classes.INPUT,
          Classes.TAG_INPUT,
          styles.control,
          disabled && Classes.DISABLED,
        )}
        onMouseDown={(event) => {
          if (disabled || (event.target as HTMLElement).closest('button')) return;
          const input = event.currentTarget.querySelector('input');
          if (event.target !== input) event.preventDefault();
          input?.focus();
          if (showList && event.target !== input) close();
          else if (!showList) openList();
        }}
      >
        <div className={Classes.TAG_INPUT_VALUES}>
          {selectedKeys.map((key) => (
            <span key={key} className={cx(Classes.TAG, Classes.MINIMAL, styles.tag)}>
              <span className={cx(Classes.FILL, Classes.TEXT_OVERFLOW_ELLIPSIS)}>
                {tagText(key)}
              </span>
              <button
                type="button"
                className={Classes.TAG_REMOVE}
                aria-label={`Remove ${tagText(key)}`}
                tabIndex={-1}
                disabled={disabled}
                onClick={() => onToggle(key)}
              >
                <SmallCrossIcon />
              </button>
            </span>
          ))}
          <SearchInput
            state={state}
            listId={listId}
            label={label}
            open={showList}
            onOpen={openList}
            onClose={close}
            onChoose={choose}
            onRemoveLast={() => lastKey !== undefined && onToggle(lastKey)}
            canAdd={canAdd}
            hasSelection={selectedKeys.length > 0}
            loading={loading}
            disabled={disabled}
          />
        </div>
        {selectedKeys.length > 0 && !disabled ? (
          <Button
            variant="minimal"
            size="small"
            icon={<CrossIcon />}
            aria-label={SELECT_TEXT.clearAll}
            title={SELECT_TEXT.clearAll}
            onClick={onClear}
          />
        ) : null}
      </form>
      {showList && placement
        ? createPortal(
            <div
              ref={listBoxRef}
              className={cx(Classes.POPOVER, Classes.MINIMAL, styles.dropdown)}
              style={placement}
            >
              <div className={Classes.POPOVER_CONTENT}>
                <OptionList
                  listId={listId}
                  label={label}
                  state={state}
                  canAdd={canAdd}
                  addItemHint={addItemHint}
                  selected={selected}
                  loading={loading}
                  onChoose={choose}
                />
              </div>
            </div>,
            document.body,
          )
        : null}
    </>
  );
});
