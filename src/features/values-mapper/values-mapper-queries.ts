// What the route's loader and search parsing need, without the page: the editor (and its
// calendar) stays in the route's own chunk.
import type { QueryClient } from '@tanstack/react-query';

import { filterCountQueryOptions } from '@/components/filter-count/filter-count-queries';
import { getListAwsAttributesQueryOptions } from '@generated/api/attributes/attributes';
import type { EntityType, ListAwsAttributesParams } from '@generated/api/model';
import { getListSyncFiltersQueryOptions } from '@generated/api/sync-filters/sync-filters';

/** The entity tabs of the values mapper; the URL names them, the API takes the entity type. */
export type ValuesMapperTab = 'leads' | 'opportunities';

export const TAB_ENTITY: Record<ValuesMapperTab, EntityType> = {
  leads: 'Lead',
  opportunities: 'Opportunity',
};

/** The sync-filter attribute query: only what the editor needs, every page at once. */
function filterAttributeParams(entity: EntityType): ListAwsAttributesParams {
  return {
    fields: 'name,id,type,data_type,choices',
    type: entity,
    from_sync_setting_page: 1,
    'page-size': 100000,
  };
}

export const filterAttributesQueryOptions = (entity: EntityType) =>
  getListAwsAttributesQueryOptions(filterAttributeParams(entity));

export const syncFiltersQueryOptions = (entity: EntityType) =>
  getListSyncFiltersQueryOptions({ entity_type: entity });

/**
 * Starts the loads early (the route calls it), all in one round: the page shows its spinner until
 * the attributes and sync filters land, and the count under them does not wait for them.
 */
export function prefetchValuesMapper(queryClient: QueryClient, entity: EntityType): void {
  void queryClient.prefetchQuery(filterAttributesQueryOptions(entity));
  void queryClient.prefetchQuery(syncFiltersQueryOptions(entity));
  void queryClient.prefetchQuery(filterCountQueryOptions(entity));
}
