import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { getListUnreadLaunchesQueryKey } from '@generated/api/launches/launches';
import {
  getListOverridesQueryKey,
  getListSyncErrorsQueryKey,
  getListSyncLogsQueryKey,
} from '@generated/api/sync/sync';

import { syncStatsQueryOptions } from '../../dashboard-queries';

/** How often the statistics are asked while a started sync runs, and for how long at most. */
export const FOLLOW_SYNC = { everyMs: 2_000, forMs: 120_000 } as const;

/**
 * A sync runs in the background after its request answers. Until its end shows in the
 * statistics (a new last sync date), they are asked again every few seconds; then every block
 * the sync changes (errors, logs, saved values, launches) is fetched again, so the dashboard moves
 * without a reload. It gives up quietly after two minutes (the next visit shows the result).
 */
export async function followSync(
  queryClient: QueryClient,
  signal: AbortSignal,
  wait: (ms: number) => Promise<void>,
): Promise<boolean> {
  const before = queryClient.getQueryData(syncStatsQueryOptions().queryKey)?.last_synced_date;
  for (let waited = 0; waited < FOLLOW_SYNC.forMs; waited += FOLLOW_SYNC.everyMs) {
    await wait(FOLLOW_SYNC.everyMs);
    if (signal.aborted) return false;
    const stats = await queryClient
      .fetchQuery({ ...syncStatsQueryOptions(), staleTime: 0 })
      .catch(() => undefined);
    if (signal.aborted) return false;
    if (stats && stats.last_synced_date !== before) {
      await Promise.all(
        [
          getListSyncErrorsQueryKey(),
          getListSyncLogsQueryKey(),
          getListOverridesQueryKey(),
          getListUnreadLaunchesQueryKey(),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey: queryKey.slice(0, 1) })),
      );
      return true;
    }
  }
  return false;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `follow()` after a sync starts; leaving the screen (or a newer sync) stops the last one. */
export function useSyncFollower(): { follow: () => void } {
  const queryClient = useQueryClient();
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  return {
    follow: () => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      void followSync(queryClient, controller.signal, sleep);
    },
  };
}
