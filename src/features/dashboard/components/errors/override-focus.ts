import type { QueryClient } from '@tanstack/react-query';

import { pageCount } from '@/components/paginator/pagination';

import { syncErrorsQueryOptions } from '../../dashboard-queries';

/** A request to open the override editor at an ACE field for some errors (a new object repeats it). */
export interface OverrideFocus {
  errorIds: readonly number[];
  attributeId: number;
}

/** Pages looked through at most for an error: beyond, the first page opens. */
const MAX_PAGES_SEARCHED = 50;

/**
 * The page of the Errors tab that holds one of `errorIds` (the list has no filter by id): pages are
 * read in order, from the cache where they are, until one holds it. 1 when none does.
 */
export async function errorsPageOf(
  queryClient: QueryClient,
  errorIds: readonly number[],
): Promise<number> {
  const wanted = new Set(errorIds);
  try {
    const first = await queryClient.ensureQueryData(syncErrorsQueryOptions(1));
    const pages = Math.min(pageCount(first.count, first.results.length), MAX_PAGES_SEARCHED);
    for (let page = 1; page <= pages; page += 1) {
      const list =
        page === 1 ? first : await queryClient.ensureQueryData(syncErrorsQueryOptions(page));
      if (list.results.some((error) => wanted.has(error.id))) return page;
    }
  } catch {
    // The Errors tab shows what failed.
  }
  return 1;
}

/**
 * Shows the focused errors' row: scrolled into view, highlighted for a moment, and the value box of
 * the field (else the row's first control) focused for the keyboard.
 */
export function showOverrideRow(
  focus: OverrideFocus,
  root: ParentNode,
  highlightClass: string,
): boolean {
  const editor = focus.errorIds
    .map((id) => root.querySelector<HTMLElement>(`[data-sync-error="${id}"]`))
    .find((element) => element !== null);
  const row = editor?.closest('tr');
  if (!editor || !row) return false;
  row.scrollIntoView?.({ block: 'center' });
  row.classList.remove(highlightClass);
  // Restarts the fade when the same row is asked for again.
  void row.offsetWidth;
  row.classList.add(highlightClass);
  row.addEventListener('animationend', () => row.classList.remove(highlightClass), { once: true });
  const pair = editor.querySelector<HTMLElement>(`[data-attribute="${focus.attributeId}"]`);
  const target =
    pair?.querySelector<HTMLElement>('[aria-label^="Dummy value"]') ??
    editor.querySelector<HTMLElement>('button, input');
  target?.focus();
  return true;
}
