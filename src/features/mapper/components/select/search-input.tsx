import { Classes } from '@blueprintjs/core';
import { useSyncExternalStore, type KeyboardEvent } from 'react';

import { cx } from '../cx';
import { optionId } from './option-list';
import { SELECT_TEXT } from './select-options';
import type { SelectState } from './select-state';
import styles from './select.module.css';

export interface SearchInputProps {
  state: SelectState;
  listId: string;
  label: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onChoose: (index: number) => void;
  /** Backspace in an empty filter takes back the last choice. */
  onRemoveLast: () => void;
  canAdd: boolean;
  hasSelection: boolean;
  loading: boolean;
  disabled: boolean;
}

/** The filter of a select, as a combobox: type, arrows, Enter, Escape, Backspace. */
export function SearchInput(props: SearchInputProps) {
  const { state, listId, label, open, onOpen, onClose, onChoose, onRemoveLast } = props;
  const { canAdd, hasSelection, loading, disabled } = props;
  const { query, visible, active } = useSyncExternalStore(state.subscribe, state.get);
  const count = visible.length + (canAdd && query.trim() ? 1 : 0);
  const hasListbox = open && !loading && !disabled && count > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) return onOpen();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        state.setActive(Math.min(Math.max(active + step, 0), Math.max(count - 1, 0)), true);
        return;
      }
      case 'Enter':
        if (hasListbox) {
          event.preventDefault();
          onChoose(Math.min(active, count - 1));
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation(); // an enclosing dialog stays open
          onClose();
        }
        return;
      case 'Backspace':
        if (!query && hasSelection) onRemoveLast();
        return;
      case 'Tab':
        onClose();
        return;
    }
  };

  // The input sits in a box of fixed height with layout and size containment: a keystroke then
  // lays out that box alone, not the table around it (an input that is a flex item cannot be
  // such a boundary itself).
  return (
    <span className={cx(styles.inputBox, Classes.FILL)}>
      <span className={styles.inputClip}>
        <input
          className={cx(Classes.INPUT_GHOST, styles.input)}
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={hasListbox}
          aria-controls={hasListbox ? listId : undefined}
          aria-activedescendant={hasListbox ? optionId(listId, active) : undefined}
          autoComplete="off"
          placeholder={hasSelection ? undefined : SELECT_TEXT.typeToSearch}
          value={query}
          disabled={disabled}
          onChange={(event) => {
            state.setQuery(event.target.value);
            if (!open) onOpen();
          }}
          onKeyDown={onKeyDown}
          onBlur={onClose}
        />
      </span>
    </span>
  );
}
