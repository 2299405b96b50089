/** An entry of a select widget; `search` is the lower-cased text the filter matches. */
export interface SelectOption {
  key: string;
  label: string;
  /** Secondary text shown at the right (a Salesforce field's label). */
  detail?: string;
  search: string;
}

/** The select widget's texts. */
export const SELECT_TEXT = {
  notFound: 'No items found',
  typeToSearch: 'Type to search',
  addItem: 'Add item',
  loading: 'Loading...',
  clearAll: 'Clear all',
} as const;

export function makeOption(key: string, label: string, detail?: string | null): SelectOption {
  if (detail && detail.toLowerCase() === label.toLowerCase()) detail = null;
  return {
    key,
    label,
    ...(detail ? { detail } : {}),
    search: (detail ? `${label} ${detail}` : label).toLowerCase(),
  };
}

/**
 * A case-insensitive filter for one option list. A query that extends the previous one (the
 * usual keystroke) only scans the previous result, so typing stays cheap with 10,000 options.
 */
export function createOptionFilter(options: readonly SelectOption[]) {
  let lastQuery = '';
  let lastResult: readonly SelectOption[] = options;
  return (query: string): readonly SelectOption[] => {
    const needle = query.toLowerCase();
    if (needle === lastQuery) return lastResult;
    const from = needle.startsWith(lastQuery) ? lastResult : options;
    lastResult = needle ? from.filter((option) => option.search.includes(needle)) : options;
    lastQuery = needle;
    return lastResult;
  };
}

const indexes = new WeakMap<readonly SelectOption[], Map<string, SelectOption>>();

/** Options by key, built once per option list and shared by every row that uses it. */
export function optionIndex(options: readonly SelectOption[]): Map<string, SelectOption> {
  let index = indexes.get(options);
  if (!index) {
    index = new Map(options.map((option) => [option.key, option]));
    indexes.set(options, index);
  }
  return index;
}
