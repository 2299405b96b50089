/**
 * The dashboard's figures (the contract's SyncStats), one definition each:
 * - `total_synced`: the records in ACE that AceBridge created and that still exist, per entity,
 *   counted from what ACE holds. Every record there was created by a sync (the seed's history
 *   included), so a run adds exactly its `created`; updated and unchanged records add nothing, and
 *   a record ACE deleted on its side takes one away. Counting it, rather than summing runs, keeps
 *   it true whatever happened in between (a run cut short, a retry, a migration).
 * - `last_synced`: the last full sync's created plus updated records; `last_unchanged` its
 *   unchanged ones; `last_synced_date` when it finished (sync/run.ts `updateStats`).
 * - `next_sync_at`: when the next scheduled sync is due (schedule.ts), null while the tenant's
 *   set-up is not complete.
 */
import type { Schemas } from '../../contract';
import type { State } from '../../store/state';
import { nextSyncAt } from './schedule';

type Counts = Schemas['SyncCounts'];

/** The records in ACE that AceBridge created for the tenant and that still exist, per entity. */
export function totalSynced(state: State, tenantId: number): Counts {
  const counts = { lead: 0, opportunity: 0 };
  for (const row of state.ace[String(tenantId)] ?? [])
    if (!row.deleted) counts[row.entity === 'Lead' ? 'lead' : 'opportunity'] += 1;
  return counts;
}

/** The tenant's SyncStats at `now`. */
export function syncStats(state: State, tenantId: number, now: Date): Schemas['SyncStats'] {
  const stats = state.stats.find((row) => row.tenantId === tenantId);
  return {
    last_synced: { ...(stats?.last_synced ?? { lead: 0, opportunity: 0 }) },
    last_unchanged: { ...(stats?.last_unchanged ?? { lead: 0, opportunity: 0 }) },
    total_synced: totalSynced(state, tenantId),
    last_synced_date: stats?.last_synced_date ?? null,
    next_sync_at: nextSyncAt(state, tenantId, now),
  };
}
