import type { EntityType } from '@generated/api/model';

export { prefetchSyncFilters } from './sync-filter-queries';

export type SyncSettingsTab = 'leads' | 'opportunities';

export const TAB_ENTITY: Record<SyncSettingsTab, EntityType> = {
  leads: 'Lead',
  opportunities: 'Opportunity',
};
