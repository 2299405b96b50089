import { Button, Classes, PopoverNext } from '@blueprintjs/core';
import { CrossIcon, SmallCrossIcon } from '@blueprintjs/icons';
import { memo, useCallback, useId, useLayoutEffect, useMemo, useState } from 'react';
import { cx } from './cx';
import { OptionList } from './option-list';
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
  /** Keys whose choice closes the list (the dummy option, whose text box comes next). */
  closingKeys?: readonly string[];
  loading?: boolean;
  disabled?: boolean;
}

/**
 * A multi-select on Blueprint's look, with a case-insensitive filter and a virtual list, so
 * 10,000 options cost what the visible ones cost. A keystroke re-renders the input and the list
 * only (not the tags, the popover or the row). Keyboard: type to filter, arrows to move, Enter to
 * (un)select, Escape to close, Backspace on an empty filter to remove the last choice.
 */
export const VirtualMultiSelect = memo(function VirtualMultiSelect(props: VirtualMultiSelectProps) {
  const { label, options, selectedKeys, tagLabel, onToggle, onClear, onAddItem, closingKeys } =
    props;
  const { loading = false, disabled = false } = props;
  const [open, setOpen] = useState(false);
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
    <PopoverNext
      isOpen={showList}
      lazy
      autoFocus={false}
      enforceFocus={false}
      shouldReturnFocusOnClose={false}
      arrow={false}
      animation="minimal"
      matchTargetWidth
      placement="bottom-start"
      popoverClassName={styles.popover}
      onInteraction={(next) => {
        if (!next) close();
      }}
      content={
        showList ? (
          <OptionList
            listId={listId}
            label={label}
            state={state}
            canAdd={canAdd}
            selected={selected}
            loading={loading}
            onChoose={choose}
          />
        ) : (
          <span />
        )
      }
      // A form of its own: Chrome's autofill reads the whole form of a text field on every
      // keystroke, and a field outside any form belongs to one made of every such field on the
      // page (a page of the mapper has about 80: some 3 ms a keystroke). Nothing is submitted.
      renderTarget={({ ref }) => (
        <form
          ref={ref}
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
            setOpen((was) => !was || event.target === input);
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
              onOpen={() => setOpen(true)}
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
      )}
    />
  );
});
