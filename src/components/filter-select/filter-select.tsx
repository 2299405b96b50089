import { Button, Intent } from '@blueprintjs/core';
import { CaretDownIcon } from '@blueprintjs/icons';
import { Suspense, useId, useRef, useState } from 'react';

import { lazyNamed } from '@/lib/lazy-named';

import type { FilterSelectList as FilterSelectListOf } from './filter-select-list';
import styles from './filter-select.module.css';

// The list and its popover (Blueprint's QueryList, Floating UI, the overlay) are a chunk of their
// own: a page of errors shows a select or two per row, closed. The chunk starts loading when the
// pointer or the focus comes to a select's button, so it is there by the click.
const loadList = () => import('./filter-select-list');
// As the module's own (generic) component: React.lazy's type would fix its item type to unknown.
const FilterSelectList = lazyNamed(loadList, 'FilterSelectList') as typeof FilterSelectListOf;
const preloadList = () => void loadList().catch(() => undefined);

export interface FilterSelectProps<T> {
  items: readonly T[];
  selected: T | undefined;
  onSelect: (item: T) => void;
  itemKey: (item: T) => string;
  itemText: (item: T) => string;
  /** Shown on hover of an item, e.g. an attribute's help text. */
  itemTitle?: (item: T) => string | undefined;
  /** Button text while nothing is chosen. */
  placeholder: string;
  /** Accessible name of the list, and the start of the button's (which also says the choice). */
  label: string;
  invalid?: boolean;
  /** The id of the text that says what is wrong with the choice. */
  describedBy?: string;
  disabled?: boolean;
  loading?: boolean;
  /** Called when the list closes: the field counts as touched. */
  onClose?: () => void;
}

/**
 * A filterable single choice (case-insensitive) that says 'No items found' like the other selects.
 * Built from Blueprint's QueryList and PopoverNext rather than its Select, whose target wrapper
 * carries aria-expanded without a role (an axe violation): here the button is the target.
 */
export function FilterSelect<T>({
  items,
  selected,
  onSelect,
  itemKey,
  itemText,
  itemTitle,
  placeholder,
  label,
  invalid = false,
  describedBy,
  disabled = false,
  loading = false,
  onClose,
}: FilterSelectProps<T>) {
  const listId = useId();
  const [isOpen, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const close = () => {
    // Focus goes back to the button at once when it was in the list (a choice, Escape). Blueprint
    // would do it when the closing transition ends, taking it from a field the user went to since.
    const active = document.activeElement;
    if (!active || active === document.body || list.current?.contains(active)) {
      button.current?.focus();
    }
    setOpen(false);
    setQuery('');
    onClose?.();
  };
  const text = loading ? 'Loading...' : selected ? itemText(selected) : placeholder;

  // A page of errors holds a select or two per row. Closed, a select is its button alone: the
  // popover (and Floating UI's positioning state) is added when the list first opens, anchored on
  // that same button, so the focus and the button stay put. The list is the popover's content,
  // built only while it shows.
  const toggle = () => {
    if (isOpen) {
      close();
    } else {
      setOpened(true);
      setOpen(true);
    }
  };
  return (
    <>
      <Button
        ref={button}
        className={styles.selectButton}
        alignText="start"
        fill
        text={text}
        endIcon={<CaretDownIcon />}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        variant="outlined"
        aria-label={`${label}: ${text}`}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-describedby={describedBy}
        title={selected ? itemText(selected) : undefined}
        disabled={disabled}
        onPointerEnter={preloadList}
        onFocus={preloadList}
        onClick={toggle}
      />
      {opened ? (
        <Suspense fallback={null}>
          <FilterSelectList<T>
            anchor={button}
            listRef={list}
            inputRef={input}
            listId={listId}
            label={label}
            isOpen={isOpen}
            disabled={disabled}
            items={items}
            selected={selected}
            itemKey={itemKey}
            itemText={itemText}
            itemTitle={itemTitle}
            query={query}
            onQueryChange={setQuery}
            onSelect={(item) => {
              onSelect(item);
              close();
            }}
            onOpen={() => setOpen(true)}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
