import type { EntityType } from '@generated/api/model';
import { getCountSyncFilterMatchesQueryOptions } from '@generated/api/sync-settings/sync-settings';

/**
 * The count's query; a saved change of a filter asks it again (FilterSaver). A module of its own,
 * without the component: the routes' loaders start it, and they are loaded with every screen.
 */
export const filterCountQuery = (entity: EntityType) =>
  getCountSyncFilterMatchesQueryOptions(
    { entity_type: entity },
    { query: { meta: { silentErrors: true } } },
  );
