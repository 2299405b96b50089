import type { QueryClient } from '@tanstack/react-query';

import { session, type Role } from '@/api/session';
import { filterCountQueryOptions } from '@/components/filter-count/filter-count-queries';
import { getListAwsAttributesQueryOptions } from '@generated/api/attributes/attributes';
import { getListUnreadLaunchesQueryOptions } from '@generated/api/launches/launches';
import type { EntityType, ListAwsAttributesParams } from '@generated/api/model';
import {
  getGetSyncRunQueryOptions,
  getGetSyncStatsQueryOptions,
  getListOverridesQueryOptions,
  getListSyncErrorsQueryOptions,
  getListSyncLogsQueryOptions,
  getListSyncErrorCausesQueryOptions,
  getListSyncRunsQueryOptions,
} from '@generated/api/sync/sync';
import { getListSyncFiltersQueryOptions } from '@generated/api/sync-filters/sync-filters';
import { getGetTenantQueryOptions } from '@generated/api/tenants/tenants';

import { BLOCK_QUERY } from './block-query';

/**
 * The ACE attributes the override selector offers. The specification's query
 * (`fields=id,name,help,type&is_aws_ace=1`) plus data_type and choices, which the typed value
 * inputs need, permission_type (Read Only attributes take no override), and every attribute in
 * one page.
 */
const OVERRIDE_ATTRIBUTE_PARAMS: ListAwsAttributesParams = {
  fields: 'id,name,help,type,data_type,choices,permission_type',
  is_aws_ace: 1,
  'page-size': 100000,
};

// The dashboard's query options: the route's loader and the blocks read the same ones.
export const syncStatsQueryOptions = () => getGetSyncStatsQueryOptions({ query: BLOCK_QUERY });

export const launchesQueryOptions = () => getListUnreadLaunchesQueryOptions({ query: BLOCK_QUERY });

/** The tenant, for the environment switch; its failure toasts, since no block shows it. */
export const tenantQueryOptions = (id: number) =>
  getGetTenantQueryOptions(id, { query: { retryOnMount: false } });

export const syncErrorsQueryOptions = (page: number) =>
  getListSyncErrorsQueryOptions({ page }, { query: BLOCK_QUERY });

export const syncLogsQueryOptions = (page: number) =>
  getListSyncLogsQueryOptions({ page }, { query: BLOCK_QUERY });

export const savedOverridesQueryOptions = () =>
  getListOverridesQueryOptions({ query: BLOCK_QUERY });

export const syncFiltersQueryOptions = (entity: EntityType) =>
  getListSyncFiltersQueryOptions({ entity_type: entity }, { query: BLOCK_QUERY });

export const overrideAttributesQueryOptions = () =>
  getListAwsAttributesQueryOptions(OVERRIDE_ATTRIBUTE_PARAMS, { query: BLOCK_QUERY });

/** The tenant's newest run: the one to show while it is queued or running. */
export const latestSyncRunQueryOptions = () =>
  getListSyncRunsQueryOptions({ 'page-size': 1 }, { query: BLOCK_QUERY });

/** One run, asked again and again while it lasts (its progress). */
export const syncRunQueryOptions = (id: number) =>
  getGetSyncRunQueryOptions(id, { query: BLOCK_QUERY });

/** The Sync history card shows the runs that started within this many days. */
const HISTORY_DAYS = 30;

/**
 * The runs of the history card, every one of the period in one page (the contract's page-size
 * bound): the chart draws them all.
 */
export const syncRunsQueryOptions = () =>
  getListSyncRunsQueryOptions({ days: HISTORY_DAYS, 'page-size': 100000 }, { query: BLOCK_QUERY });

/** The errors one run raised (resolved ones included), a server page at a time. */
export const runLogsQueryOptions = (run: number, page: number) =>
  getListSyncLogsQueryOptions({ run, page }, { query: BLOCK_QUERY });

export type DashboardTab = 'errors' | 'logs' | 'causes';

export interface DashboardView {
  tab: DashboardTab;
  page: number;
}

/**
 * Starts every query the first screen needs, all at once (one request round after the guard),
 * without waiting for them: each block renders its own skeleton and picks up its request.
 */
export function prefetchDashboard(
  queryClient: QueryClient,
  { tab, page }: DashboardView,
  role: Role | undefined,
): void {
  const quietly = (promise: Promise<unknown>) => void promise.catch(() => undefined);
  quietly(queryClient.ensureQueryData(syncStatsQueryOptions()));
  quietly(queryClient.ensureQueryData(launchesQueryOptions()));
  quietly(queryClient.ensureQueryData(syncFiltersQueryOptions('Lead')));
  quietly(queryClient.ensureQueryData(syncFiltersQueryOptions('Opportunity')));
  // The counts under the filters do not wait for the filters to arrive.
  quietly(queryClient.ensureQueryData(filterCountQueryOptions('Lead')));
  quietly(queryClient.ensureQueryData(filterCountQueryOptions('Opportunity')));
  const tenantId = session.tenantId();
  if (role === 'super_admin' && tenantId !== undefined) {
    quietly(queryClient.ensureQueryData(tenantQueryOptions(tenantId)));
    // The mapping counts' options come in a chunk of their own: their generated module (the
    // mapper's calls) would otherwise be in the entry chunk, which every screen, /login first,
    // downloads (0.4 KB gzip). The request starts as soon as that small chunk is in.
    quietly(
      import('./components/unmapped/mapping-counts-query').then(({ mappingCountsQueryOptions }) =>
        queryClient.ensureQueryData(mappingCountsQueryOptions()),
      ),
    );
  }
  // The page size is the first page's count, so a deep link also asks for page 1.
  const pages = page > 1 ? [1, page] : [1];
  if (tab === 'errors') {
    pages.forEach((n) => quietly(queryClient.ensureQueryData(syncErrorsQueryOptions(n))));
    quietly(queryClient.ensureQueryData(savedOverridesQueryOptions()));
    quietly(queryClient.ensureQueryData(overrideAttributesQueryOptions()));
  } else if (tab === 'logs') {
    pages.forEach((n) => quietly(queryClient.ensureQueryData(syncLogsQueryOptions(n))));
  } else {
    quietly(queryClient.ensureQueryData(syncErrorCausesQueryOptions()));
    quietly(queryClient.ensureQueryData(latestSyncRunQueryOptions()));
  }
  quietly(queryClient.ensureQueryData(syncRunsQueryOptions()));
}

/**
 * The open errors grouped by cause (the errors card's 'By cause' view). Always fetched again when
 * the view opens: a sync or a fix elsewhere may have changed them since.
 */
export const syncErrorCausesQueryOptions = () =>
  getListSyncErrorCausesQueryOptions({ query: { ...BLOCK_QUERY, staleTime: 0 } });
