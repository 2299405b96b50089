import { Button, Intent, MenuItem } from '@blueprintjs/core';
import { CaretDownIcon } from '@blueprintjs/icons';
import { Select, type ItemRenderer } from '@blueprintjs/select';
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
  /** Accessible name of the button (which shows the choice, not what it is for). */
  label: string;
  invalid?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** Called when the popover closes: the field counts as touched. */
  onClose?: () => void;
}

/** A filterable single choice (case-insensitive), with the select widget texts of spec section 8. */
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
  const renderItem: ItemRenderer<T> = (item, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={itemKey(item)}
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
  return (
    <Select<T>
      items={items as T[]}
      itemRenderer={renderItem}
      itemPredicate={(query, item) => itemText(item).toLowerCase().includes(query.toLowerCase())}
      onItemSelect={onSelect}
      activeItem={selected ?? null}
      noResults={<MenuItem disabled roleStructure="listoption" text="No items found" />}
      inputProps={{ placeholder: 'Type to search', 'aria-label': 'Type to search' }}
      popoverProps={{ minimal: true, matchTargetWidth: false, onClosed: onClose }}
      menuProps={{ 'aria-label': label, className: styles.menu }}
      resetOnClose
      disabled={disabled}
    >
      <Button
        className={styles.selectButton}
        alignText="start"
        fill
        ellipsizeText
        text={loading ? 'Loading...' : selected ? itemText(selected) : placeholder}
        endIcon={<CaretDownIcon />}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        variant="outlined"
        aria-label={`${label}: ${selected ? itemText(selected) : placeholder}`}
        aria-invalid={invalid || undefined}
        title={selected ? itemText(selected) : undefined}
        disabled={disabled}
      />
    </Select>
  );
}
