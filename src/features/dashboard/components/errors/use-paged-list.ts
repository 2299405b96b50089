import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

import { pageSizeFromFirstPage } from '@/components/paginator/pagination';

interface Page {
  count: number;
  results: readonly unknown[];
}

/** What a paged table reads of a list. */
export interface PagedList {
  query: Pick<UseQueryResult, 'isPending' | 'isPlaceholderData'>;
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
  return {
    query: current,
    rows: current.data?.results as TPage['results'] | undefined,
    total: current.data?.count ?? 0,
    pageSize: pageSizeFromFirstPage(first.data?.results.length),
  };
}
