import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';

import { ERROR_TEXT } from '@/api/error-messages';
import { connectionStore } from '@/api/session';
import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { SyncTypeQueryParameter } from '@generated/api/model';
import { useStartSync } from '@generated/api/sync/sync';

import { isWithinFullSyncWindow } from '../../model/sync-window';
import { showStartedRun } from './use-sync-run';

export const SYNC_TEXT = {
  sync: 'Sync',
  syncing: 'Syncing...',
  toAws: 'Sync from Salesforce to AWS',
  toSalesforce: 'Sync from AWS to Salesforce',
  started: 'Sync started successfully in the background',
  busy: 'System is processing the syncing process, try again later',
} as const;

/** A full sync (both ways), or one direction. */
export type SyncKind = 'full' | SyncTypeQueryParameter;

/**
 * The sync buttons' behaviour: one request at a time; for 15 seconds after a full sync starts,
 * clicks only warn; a failure clears both the running flag and the window. Once started, the
 * run from the reply shows at once and is followed from there (useSyncRun); a refusal (a run is
 * already under way, started elsewhere) looks for the newest run, so that one shows.
 */
export function useSyncStarter() {
  const fullSyncStartedAt = useRef<number | null>(null);
  const startSync = useSingleFlight(useStartSync());
  const queryClient = useQueryClient();

  const start = (kind: SyncKind) => {
    if (startSync.isPending) return;
    if (isWithinFullSyncWindow(fullSyncStartedAt.current, Date.now())) {
      void toast.warning(SYNC_TEXT.busy);
      return;
    }
    const subdomain = connectionStore.getTenantSubdomain();
    if (!subdomain) {
      void toast.danger(ERROR_TEXT.noTenant);
      return;
    }
    if (kind === 'full') fullSyncStartedAt.current = Date.now();
    startSync.mutate(
      {
        data: { tenant_sub_domain: subdomain },
        params: kind === 'full' ? undefined : { sync_type: kind },
      },
      {
        onSuccess: (reply) => {
          void toast.success(reply?.message || SYNC_TEXT.started);
          void showStartedRun(queryClient, reply?.run);
        },
        onError: () => {
          fullSyncStartedAt.current = null;
          void showStartedRun(queryClient, undefined);
        },
      },
    );
  };

  return { syncing: startSync.isPending, start };
}
