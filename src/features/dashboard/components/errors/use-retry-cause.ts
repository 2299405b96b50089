import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { isApiError } from '@/api/api-error';
import { errorMessages } from '@/api/error-messages';
import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { SyncErrorCause } from '@generated/api/model';
import {
  getListSyncErrorCausesQueryKey,
  getListSyncRunsQueryKey,
  useRetrySyncErrors,
} from '@generated/api/sync/sync';

import { showStartedRun } from '../sync/use-sync-run';
import { SYNC_TEXT } from '../sync/use-sync-starter';
import { vanishedErrors } from './vanished-errors';

/**
 * 'Retry N records' of a cause: starts a retry run of exactly its records. On success the reply's
 * message toasts and its run shows at once, followed as a sync started here is (progress, then
 * the outcome and the figures it changed). A
 * cause whose errors are gone is refused with a field error: it shows in the view (`vanished`)
 * and the causes are asked again. A refusal because a sync runs warns as the Sync button does.
 */
export function useRetryCause() {
  const queryClient = useQueryClient();
  const retry = useSingleFlight(useRetrySyncErrors({ mutation: { meta: { silentErrors: true } } }));
  const [vanished, setVanished] = useState<string | null>(null);
  const [retryingId, setRetryingId] = useState<string | null>(null);
  const refreshRuns = () =>
    queryClient.invalidateQueries({ queryKey: getListSyncRunsQueryKey().slice(0, 1) });

  const start = (cause: SyncErrorCause) => {
    setRetryingId(cause.id);
    retry.mutate(
      { data: { cause_id: cause.id } },
      {
        onSuccess: (reply) => {
          setVanished(null);
          void toast.success(reply.message);
          void showStartedRun(queryClient, reply.run);
        },
        onError: (error) => {
          const body = isApiError(error) && error.status === 400 ? error.body : undefined;
          const gone = vanishedErrors(error);
          if (gone) {
            setVanished(gone);
            void queryClient.invalidateQueries({ queryKey: getListSyncErrorCausesQueryKey() });
          } else if (body && typeof body === 'object' && 'message' in body) {
            // A sync is already running: the view learns of it, and says so as Sync does.
            void toast.warning(SYNC_TEXT.busy);
            void refreshRuns();
          } else {
            for (const message of errorMessages(error)) void toast.danger(message);
          }
        },
        onSettled: () => setRetryingId(null),
      },
    );
  };

  return { start, retryingId, vanished };
}
