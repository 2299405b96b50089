import { createOptionFilter, type SelectOption } from './select-options';

interface SelectSnapshot {
  query: string;
  /** Options matching the query. */
  visible: readonly SelectOption[];
  /** Index of the highlighted entry (an option, or 'Add item' after them). */
  active: number;
  /** The highlighted entry moved by keyboard: scroll it into view. */
  reveal: boolean;
}

/**
 * What a select's input and list share while the user types: kept outside React state so that a
 * keystroke re-renders the input and the list, not the tags or the row.
 */
export interface SelectState {
  get(): SelectSnapshot;
  subscribe(listener: () => void): () => void;
  setOptions(options: readonly SelectOption[]): void;
  setQuery(query: string): void;
  setActive(index: number, reveal?: boolean): void;
}

export function createSelectState(initial: readonly SelectOption[]): SelectState {
  let options = initial;
  let filter = createOptionFilter(initial);
  let snapshot: SelectSnapshot = { query: '', visible: initial, active: 0, reveal: false };
  const listeners = new Set<() => void>();
  const publish = (next: SelectSnapshot) => {
    snapshot = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setOptions(next) {
      if (next === options) return;
      options = next;
      filter = createOptionFilter(next);
      publish({ ...snapshot, visible: filter(snapshot.query) });
    },
    setQuery(query) {
      if (query === snapshot.query && snapshot.active === 0) return;
      publish({ query, visible: filter(query), active: 0, reveal: false });
    },
    setActive(active, reveal = false) {
      if (active !== snapshot.active || reveal !== snapshot.reveal) {
        publish({ ...snapshot, active, reveal });
      }
    },
  };
}
