import { useEffect, useState } from 'react';

import type { SyncStats } from '@generated/api/model';

import { nextSyncText } from '../../model/next-sync';

/** The countdown is recomputed every minute. */
const NEXT_SYNC_REFRESH_MS = 60_000;

/**
 * The next-sync line for these statistics (nextSyncText), recomputed every 60 seconds; undefined
 * until the statistics are in, since when the next sync is comes from them.
 */
export function useNextSyncText(
  stats: Pick<SyncStats, 'next_sync_at' | 'last_synced_date'> | undefined,
): string | undefined {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), NEXT_SYNC_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return stats ? nextSyncText(stats, now) : undefined;
}
