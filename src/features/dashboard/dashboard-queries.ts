import type { QueryClient } from '@tanstack/react-query';

import { session, type Role } from '@/api/session';
import { filterCountQuery } from '@/components/filter-count/filter-count-query';
import { getListAwsAttributesQueryOptions } from '@generated/api/attributes/attributes';
import { getListUnreadLaunchesQueryOptions } from '@generated/api/launches/launches';
import type { EntityType, ListAwsAttributesParams } from '@generated/api/model';
import {
  getGetSyncStatsQueryOptions,
  getListDummyValuesQueryOptions,
  getListSyncErrorsQueryOptions,
  getListSyncLogsQueryOptions,
} from '@generated/api/sync/sync';
import { getListSyncSettingsQueryOptions } from '@generated/api/sync-settings/sync-settings';
import { getGetTenantQueryOptions } from '@generated/api/tenants/tenants';

/**
 * Every block of the dashboard shows its own loading and error state, so its queries do not toast
 * (the block says what failed) and a failed first load is not fetched again on mount: the
 * block's Retry does that.
 */
const BLOCK_QUERY = { meta: { silentErrors: true }, retryOnMount: false } as const;

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

/** The dashboard's queries; the route's loader and the blocks read the same options. */
export const dashboardQueries = {
  stats: () => getGetSyncStatsQueryOptions({ query: BLOCK_QUERY }),
  launches: () => getListUnreadLaunchesQueryOptions({ query: BLOCK_QUERY }),
  /** The tenant, for the environment switch; its failure toasts, since no block shows it. */
  tenant: (id: number) => getGetTenantQueryOptions(id, { query: { retryOnMount: false } }),
  errors: (page: number) => getListSyncErrorsQueryOptions({ page }, { query: BLOCK_QUERY }),
  logs: (page: number) => getListSyncLogsQueryOptions({ page }, { query: BLOCK_QUERY }),
  savedOverrides: () => getListDummyValuesQueryOptions({ query: BLOCK_QUERY }),
  filters: (entity: EntityType) =>
    getListSyncSettingsQueryOptions({ entity_type: entity }, { query: BLOCK_QUERY }),
  overrideAttributes: () =>
    getListAwsAttributesQueryOptions(OVERRIDE_ATTRIBUTE_PARAMS, { query: BLOCK_QUERY }),
};

export type DashboardTab = 'errors' | 'logs';

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
  quietly(queryClient.ensureQueryData(dashboardQueries.stats()));
  quietly(queryClient.ensureQueryData(dashboardQueries.launches()));
  quietly(queryClient.ensureQueryData(dashboardQueries.filters('Lead')));
  quietly(queryClient.ensureQueryData(dashboardQueries.filters('Opportunity')));
  // The counts under the filters do not wait for the filters to arrive.
  quietly(queryClient.ensureQueryData(filterCountQuery('Lead')));
  quietly(queryClient.ensureQueryData(filterCountQuery('Opportunity')));
  const tenantId = session.tenantId();
  if (role === 'super_admin' && tenantId !== undefined) {
    quietly(queryClient.ensureQueryData(dashboardQueries.tenant(tenantId)));
  }
  // The page size is the first page's count, so a deep link also asks for page 1.
  const pages = page > 1 ? [1, page] : [1];
  if (tab === 'errors') {
    pages.forEach((n) => quietly(queryClient.ensureQueryData(dashboardQueries.errors(n))));
    quietly(queryClient.ensureQueryData(dashboardQueries.savedOverrides()));
    quietly(queryClient.ensureQueryData(dashboardQueries.overrideAttributes()));
  } else {
    pages.forEach((n) => quietly(queryClient.ensureQueryData(dashboardQueries.logs(n))));
  }
}
