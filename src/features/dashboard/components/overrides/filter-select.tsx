import { Button, InputGroup, Intent, MenuItem, PopoverNext, PopupKind } from '@blueprintjs/core';
import { CaretDownIcon, SearchIcon } from '@blueprintjs/icons';
import { QueryList, type ItemRenderer } from '@blueprintjs/select';
import { useId, useImperativeHandle, useRef, useState, type Ref, type RefObject } from 'react';

import styles from './overrides.module.css';

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
  const renderItem: ItemRenderer<T> = (item, { handleClick, handleFocus, modifiers, ref, id }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={itemKey(item)}
        id={id}
        ref={ref}
        text={itemText(item)}
        title={itemTitle?.(item)}
        roleStructure="listoption"
        active={modifiers.active}
        selected={selected !== undefined && itemKey(selected) === itemKey(item)}
        disabled={modifiers.disabled}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  const text = loading ? 'Loading...' : selected ? itemText(selected) : placeholder;

  const filterList = (
    <QueryList<T>
      items={items as T[]}
      itemRenderer={renderItem}
      itemPredicate={(q, item) => itemText(item).toLowerCase().includes(q.toLowerCase())}
      itemsEqual={(a, b) => itemKey(a) === itemKey(b)}
      initialActiveItem={selected}
      query={query}
      onQueryChange={setQuery}
      onItemSelect={(item) => {
        onSelect(item);
        close();
      }}
      noResults={<MenuItem disabled roleStructure="listoption" text="No items found" />}
      listId={listId}
      menuProps={{ 'aria-label': label, className: styles.menu }}
      renderer={(queryList) => (
        <div
          ref={list}
          className={styles.list}
          onKeyDown={queryList.handleKeyDown}
          onKeyUp={queryList.handleKeyUp}
        >
          <InputGroup
            inputRef={input}
            role="combobox"
            aria-label="Type to search"
            aria-autocomplete="list"
            aria-controls={listId}
            aria-expanded={isOpen}
            aria-activedescendant={queryList.activeItemId}
            placeholder="Type to search"
            leftIcon={<SearchIcon />}
            value={queryList.query}
            onChange={queryList.handleQueryChange}
          />
          {queryList.itemList}
        </div>
      )}
    />
  );

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
        title={selected ? itemText(selected) : undefined}
        disabled={disabled}
        onClick={toggle}
      />
      {opened ? (
        <PopoverNext
          isOpen={isOpen && !disabled}
          onInteraction={(next) => (next ? setOpen(true) : close())}
          // The search box takes the focus as the list appears, so that nothing typed at once is
          // lost; without scrolling, since the list may not be in its place yet.
          onOpening={() => input.current?.focus({ preventScroll: true })}
          lazy
          autoFocus={false}
          enforceFocus={false}
          shouldReturnFocusOnClose={false}
          arrow={false}
          animation="minimal"
          placement="bottom-start"
          popupKind={PopupKind.LISTBOX}
          disabled={disabled}
          content={filterList}
          renderTarget={({ ref }) => <Anchor ref={ref} element={button} />}
        />
      ) : null}
    </>
  );
}

/**
 * Hands an element already on the page to the popover as its target (it renders nothing itself):
 * Floating UI positions the list on it and counts a click on it as inside the popover.
 */
function Anchor({
  element,
  ref,
}: {
  element: RefObject<HTMLElement | null>;
  ref: Ref<HTMLElement | null>;
}) {
  useImperativeHandle<HTMLElement | null, HTMLElement | null>(ref, () => element.current, [
    element,
  ]);
  return null;
}
