import type { EntityType } from '@generated/api/model';
import { getCountSyncFilterMatchesQueryOptions } from '@generated/api/sync-filters/sync-filters';

/**
 * The count's query; a saved change of a sync filter asks it again (FilterSaver). A module of its
 * own, without the component: the routes' loaders start it, and they are loaded with every screen.
 */
export const filterCountQueryOptions = (entity: EntityType) =>
  getCountSyncFilterMatchesQueryOptions(
    { entity_type: entity },
    { query: { meta: { silentErrors: true } } },
  );
