import type { QueryClient } from '@tanstack/react-query';

import { pageCount } from '@/components/paginator/pagination';

import { syncErrorsQueryOptions } from '../../dashboard-queries';

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
