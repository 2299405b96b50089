import { InputGroup, MenuItem, PopoverNext, PopupKind } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { QueryList, type ItemRenderer } from '@blueprintjs/select';
import type { RefObject } from 'react';

import { PopoverAnchor } from '@/components/popover-anchor/popover-anchor';

import styles from './filter-select.module.css';

export interface FilterSelectListProps<T> {
  /** The select's button: the list opens under it. */
  anchor: RefObject<HTMLButtonElement | null>;
  listRef: RefObject<HTMLDivElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
  listId: string;
  label: string;
  isOpen: boolean;
  disabled: boolean;
  items: readonly T[];
  selected: T | undefined;
  itemKey: (item: T) => string;
  itemText: (item: T) => string;
  itemTitle?: (item: T) => string | undefined;
  query: string;
  onQueryChange: (query: string) => void;
  onSelect: (item: T) => void;
  onOpen: () => void;
  onClose: () => void;
}

/**
 * FilterSelect's list, in its popover: a search box over the items, 'No items found' when none
 * matches. A chunk of its own, loaded when a select is first wanted (see FilterSelect).
 */
export function FilterSelectList<T>({
  anchor,
  listRef,
  inputRef,
  listId,
  label,
  isOpen,
  disabled,
  items,
  selected,
  itemKey,
  itemText,
  itemTitle,
  query,
  onQueryChange,
  onSelect,
  onOpen,
  onClose,
}: FilterSelectListProps<T>) {
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

  const filterList = (
    <QueryList<T>
      items={items as T[]}
      itemRenderer={renderItem}
      itemPredicate={(q, item) => itemText(item).toLowerCase().includes(q.toLowerCase())}
      itemsEqual={(a, b) => itemKey(a) === itemKey(b)}
      initialActiveItem={selected}
      query={query}
      onQueryChange={onQueryChange}
      onItemSelect={onSelect}
      noResults={<MenuItem disabled roleStructure="listoption" text="No items found" />}
      listId={listId}
      menuProps={{ 'aria-label': label, className: styles.menu }}
      renderer={(queryList) => (
        <div
          ref={listRef}
          className={styles.list}
          onKeyDown={queryList.handleKeyDown}
          onKeyUp={queryList.handleKeyUp}
        >
          <InputGroup
            inputRef={inputRef}
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

  return (
    <PopoverNext
      isOpen={isOpen && !disabled}
      onInteraction={(next) => (next ? onOpen() : onClose())}
      // The search box takes the focus as the list appears, so that nothing typed at once is
      // lost; without scrolling, since the list may not be in its place yet.
      onOpening={() => inputRef.current?.focus({ preventScroll: true })}
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
      renderTarget={({ ref }) => <PopoverAnchor ref={ref} element={anchor} />}
    />
  );
}
