import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { isApiError } from '@/api/api-error';
import { toast } from '@/lib/toaster';
import { getListUnreadLaunchesQueryKey } from '@generated/api/launches/launches';
import type { PaginatedSyncRunList, SyncRun } from '@generated/api/model';
import {
  getGetSyncStatsQueryKey,
  getListOverridesQueryKey,
  getListSyncErrorCausesQueryKey,
  getListSyncErrorsQueryKey,
  getListSyncLogsQueryKey,
  getListSyncRunsQueryKey,
} from '@generated/api/sync/sync';

import { latestSyncRunQueryOptions, syncRunQueryOptions } from '../../dashboard-queries';
import { endedRunToast, isRunActive, reconnectDelayMs } from '../../model/sync-progress';

/**
 * How often the server is asked. While a run lasts, the run itself every second (progress shows
 * within a second and moves at least every two); otherwise the newest run every 15 seconds, and
 * at once when the window comes back, so a run started elsewhere (another tab, another admin,
 * the schedule) shows up.
 */
const SYNC_RUN_POLL = { followMs: 1_000, idleMs: 15_000 } as const;

/** A lost connection or a server fault may pass: asked again, with a back-off. */
function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 429 || error.status >= 500);
}

export interface SyncRunView {
  /** The tenant's run under way (queued or running), as last seen; undefined when none. */
  run: SyncRun | undefined;
  /**
   * The last calls for it failed (or the browser is offline): the figures are the last ones
   * seen, and new tries go on, 1, 2, 4, then every 5 seconds, until one succeeds.
   */
  reconnecting: boolean;
}

/**
 * The tenant's run under way, from the server, so every dashboard of the tenant shows it (after a
 * reload, in another tab, for another admin). One component follows (`follow`: it polls, and when
 * a run it saw under way ends it refreshes the figures and toasts the outcome); the others read
 * the same queries without asking the server.
 */
export function useSyncRun({ follow }: { follow: boolean }): SyncRunView {
  const queryClient = useQueryClient();
  const latest = useQuery({
    ...latestSyncRunQueryOptions(),
    enabled: follow,
    staleTime: 0,
    refetchInterval: (query) =>
      isRunActive(query.state.data?.results[0]) ? false : SYNC_RUN_POLL.idleMs,
  });
  const refetchLatest = latest.refetch;
  const newest = latest.data?.results[0];
  const newestActive = newest !== undefined && isRunActive(newest);
  const followedId = newestActive ? newest.id : undefined;
  const followed = useQuery({
    ...syncRunQueryOptions(followedId ?? 0),
    enabled: follow && followedId !== undefined,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && !isRunActive(query.state.data) ? false : SYNC_RUN_POLL.followMs,
    retry: (_count, error) => isTransient(error),
    retryDelay: (attempt) => reconnectDelayMs(attempt),
  });
  // The run's own answers come every second; the list's, only when nothing runs.
  const seen = followedId === undefined ? newest : (followed.data ?? newest);

  const watched = useRef(new Set<number>());
  useEffect(() => {
    if (!follow || !seen) return;
    if (isRunActive(seen)) {
      watched.current.add(seen.id);
      return;
    }
    // Only a tab that saw the run under way tells how it ended; a reload after the end does not.
    if (!watched.current.delete(seen.id)) {
      // The list still says under way: it is asked again, so the dashboard goes back to idle.
      if (newestActive) void refetchLatest();
      return;
    }
    const { intent, text } = endedRunToast(seen);
    void toast[intent](text);
    void refreshAfterRun(queryClient);
  }, [follow, seen, newestActive, refetchLatest, queryClient]);

  // A run that began and ended between two looks: its figures are shown, without a toast.
  const newestId = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!follow || !newest) return;
    const before = newestId.current;
    newestId.current = newest.id;
    if (before !== undefined && before !== newest.id && !isRunActive(newest))
      void refreshAfterRun(queryClient);
  }, [follow, newest, queryClient]);

  // A run that is gone (not found, or no longer the tenant's): look for the newest run again.
  const gone = followed.isError && !isTransient(followed.error);
  useEffect(() => {
    if (follow && gone) void refetchLatest();
  }, [follow, gone, refetchLatest]);

  useEffect(() => {
    if (!follow || followedId !== undefined) return;
    const look = () => {
      if (document.visibilityState === 'visible') void refetchLatest();
    };
    window.addEventListener('focus', look);
    document.addEventListener('visibilitychange', look);
    return () => {
      window.removeEventListener('focus', look);
      document.removeEventListener('visibilitychange', look);
    };
  }, [follow, followedId, refetchLatest]);

  return {
    run: seen && isRunActive(seen) ? seen : undefined,
    reconnecting:
      followedId !== undefined &&
      (followed.fetchStatus === 'paused' ||
        (followed.failureCount > 0 && isTransient(followed.failureReason))),
  };
}

/**
 * A sync was started here: its run shows at once, from startSync's reply, and is followed from
 * there. A backend that does not send the run gets asked for the newest one.
 */
export async function showStartedRun(
  queryClient: QueryClient,
  run: SyncRun | undefined,
): Promise<void> {
  const latestKey = latestSyncRunQueryOptions().queryKey;
  if (!run) {
    await queryClient.invalidateQueries({ queryKey: latestKey });
    return;
  }
  // A look at the newest run sent before the start would answer the run before this one.
  await queryClient.cancelQueries({ queryKey: latestKey });
  queryClient.setQueryData(syncRunQueryOptions(run.id).queryKey, run);
  queryClient.setQueryData(
    latestKey,
    (list: PaginatedSyncRunList | undefined): PaginatedSyncRunList => ({
      count: (list?.count ?? 0) + 1,
      next: list?.next ?? null,
      previous: null,
      results: [run],
    }),
  );
}

/** After a run, every block it changes is fetched again: the dashboard moves without a reload. */
function refreshAfterRun(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      getGetSyncStatsQueryKey(),
      getListSyncErrorsQueryKey(),
      getListSyncLogsQueryKey(),
      getListOverridesQueryKey(),
      getListUnreadLaunchesQueryKey(),
      getListSyncRunsQueryKey(),
      getListSyncErrorCausesQueryKey(),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey: queryKey.slice(0, 1) })),
  );
}
