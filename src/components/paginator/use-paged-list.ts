import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useDeferredValue } from 'react';

import { pageSizeFromFirstPage } from './pagination';

interface Page {
  count: number;
  results: readonly unknown[];
}

/** What a paged table reads of a list. */
export interface PagedList {
  query: Pick<UseQueryResult, 'isPending' | 'isPlaceholderData'>;
  /** No page is on screen yet: the first is loading, or rendering. */
  loading: boolean;
  total: number;
  pageSize: number;
}

/**
 * One page of a server-paginated list, plus the page size, which is the first page's count (the
 * server does not say it): page 1 is read too (from the cache when it is the page shown). While the
 * next page loads the previous one stays on screen.
 */
export function usePagedList<TPage extends Page, TError>(
  optionsFor: (page: number) => UseQueryOptions<TPage, TError, TPage, QueryKey>,
  page: number,
) {
  const current = useQuery({ ...optionsFor(page), placeholderData: keepPreviousData });
  const first = useQuery(optionsFor(1));
  // The page on screen follows the page fetched in the background (React renders it in slices):
  // a new page of rows, each with its editors, does not hold the page up in one long task, and a
  // refetch landing meanwhile does not redo it at once. Its rows and its total move together.
  const shown = useDeferredValue(current.data);
  return {
    query: current,
    rows: shown?.results as TPage['results'] | undefined,
    total: shown?.count ?? 0,
    loading: shown === undefined,
    /** The page on screen is the page fetched, not the one before it or a page still rendering. */
    settled: shown !== undefined && shown === current.data && !current.isPlaceholderData,
    pageSize: pageSizeFromFirstPage(first.data?.results.length),
  };
}
