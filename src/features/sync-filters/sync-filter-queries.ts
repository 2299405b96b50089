import type { QueryClient } from '@tanstack/react-query';

import { filterCountQuery } from '@/components/filter-count/filter-count-query';
import { getListAwsAttributesQueryOptions } from '@generated/api/attributes/attributes';
import type { EntityType, ListAwsAttributesParams } from '@generated/api/model';
import { getListSyncSettingsQueryOptions } from '@generated/api/sync-settings/sync-settings';

/** The sync-filter attribute query: only what the editor needs, every page at once. */
function filterAttributeParams(entity: EntityType): ListAwsAttributesParams {
  return {
    fields: 'name,id,type,data_type,choices',
    type: entity,
    from_sync_setting_page: 1,
    'page-size': 100000,
  };
}

export const filterAttributesQuery = (entity: EntityType) =>
  getListAwsAttributesQueryOptions(filterAttributeParams(entity));

export const syncFiltersQuery = (entity: EntityType) =>
  getListSyncSettingsQueryOptions({ entity_type: entity });

/**
 * Starts the loads early (the route calls it), all in one round: the page shows its spinner until
 * the attributes and filters land, and the count under them does not wait for them.
 */
export function prefetchSyncFilters(queryClient: QueryClient, entity: EntityType): void {
  void queryClient.prefetchQuery(filterAttributesQuery(entity));
  void queryClient.prefetchQuery(syncFiltersQuery(entity));
  void queryClient.prefetchQuery(filterCountQuery(entity));
}
