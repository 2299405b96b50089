import { Button, Classes, PopoverNext } from '@blueprintjs/core';
import { CrossIcon, SmallCrossIcon } from '@blueprintjs/icons';
import {
  memo,
  useCallback,
  useId,
  useMemo,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react';
import { cx } from './cx';
import { OptionList, optionId } from './option-list';
import { createOptionFilter, optionIndex, SELECT_TEXT, type SelectOption } from './select-options';
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

const NO_OPTIONS: readonly SelectOption[] = [];

/**
 * A multi-select on Blueprint's look, with a case-insensitive filter and a virtual list, so
 * 10,000 options cost what the visible ones cost. Its query and open state are its own: typing
 * re-renders this widget only. Keyboard: type to filter, arrows to move, Enter to (un)select,
 * Escape to close, Backspace on an empty filter to remove the last choice.
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
    closingKeys,
    loading = false,
    disabled = false,
  } = props;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const filter = useMemo(() => createOptionFilter(options), [options]);
  const visible = open && !loading ? filter(query) : NO_OPTIONS;
  const addItem = onAddItem && query.trim() ? query.trim() : null;
  const count = visible.length + (addItem === null ? 0 : 1);
  const selected = useMemo(() => new Set(selectedKeys), [selectedKeys]);
  const showList = open && !disabled;
  const hasListbox = showList && !loading && count > 0;

  const close = useCallback(() => {
    setOpen(false);
    setQuery('');
    setActive(0);
  }, []);

  const choose = (index: number) => {
    const option = visible[index];
    if (option) {
      onToggle(option.key);
      if (closingKeys?.includes(option.key)) close();
    } else if (addItem !== null && index === visible.length) {
      onAddItem?.(addItem);
      close();
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setQuery(event.target.value);
    setActive(0);
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) return setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => Math.min(Math.max(index + step, 0), Math.max(count - 1, 0)));
        return;
      }
      case 'Enter':
        if (showList && count > 0) {
          event.preventDefault();
          choose(Math.min(active, count - 1));
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation(); // an enclosing dialog stays open
          close();
        }
        return;
      case 'Backspace': {
        const last = selectedKeys.at(-1);
        if (!query && last !== undefined) onToggle(last);
        return;
      }
      case 'Tab':
        close();
        return;
    }
  };

  const index = optionIndex(options);
  const tagText = (key: string) => index.get(key)?.label ?? tagLabel?.(key) ?? key;

  return (
    <PopoverNext
      isOpen={showList}
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
            options={visible}
            addItem={addItem}
            selected={selected}
            active={active}
            loading={loading}
            onChoose={choose}
            onActivate={setActive}
          />
        ) : (
          <span />
        )
      }
      renderTarget={({ ref }) => (
        <div
          ref={ref}
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
            <input
              className={cx(Classes.INPUT_GHOST, styles.input)}
              role="combobox"
              aria-label={label}
              aria-autocomplete="list"
              aria-expanded={hasListbox}
              aria-controls={hasListbox ? listId : undefined}
              aria-activedescendant={hasListbox ? optionId(listId, active) : undefined}
              autoComplete="off"
              placeholder={selectedKeys.length === 0 ? SELECT_TEXT.typeToSearch : undefined}
              value={query}
              disabled={disabled}
              onChange={onChange}
              onKeyDown={onKeyDown}
              onBlur={close}
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
        </div>
      )}
    />
  );
});
