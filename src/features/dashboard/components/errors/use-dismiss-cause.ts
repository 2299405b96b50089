import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { errorMessages } from '@/api/error-messages';
import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { SyncErrorCause } from '@generated/api/model';
import {
  getListSyncErrorCausesQueryKey,
  getListSyncErrorsQueryKey,
  useDismissSyncErrors,
} from '@generated/api/sync/sync';

import { vanishedErrors } from './vanished-errors';

/**
 * 'Dismiss' of a cause no retry can fix (its record no longer exists on the other side): asks
 * first, then dismisses every open error of the cause at once (they stay in the log). On success
 * the reply's message toasts and the causes and the errors are asked again. A cause whose errors
 * are gone meanwhile is refused with a field error: it shows in the view (`vanished`), as a
 * retry's does, and the causes are asked again.
 */
export function useDismissCause() {
  const queryClient = useQueryClient();
  const dismiss = useSingleFlight(
    useDismissSyncErrors({ mutation: { meta: { silentErrors: true } } }),
  );
  const [asking, setAsking] = useState<SyncErrorCause | null>(null);
  const [vanished, setVanished] = useState<string | null>(null);
  const refresh = () =>
    Promise.all(
      [getListSyncErrorCausesQueryKey(), getListSyncErrorsQueryKey()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey: queryKey.slice(0, 1) }),
      ),
    );

  const confirm = (accepted: boolean) => {
    const cause = asking;
    if (!accepted || !cause) return setAsking(null);
    dismiss.mutate(
      { data: { cause_id: cause.id } },
      {
        onSuccess: (reply) => {
          setVanished(null);
          void toast.success(reply.message);
          void refresh();
        },
        onError: (error) => {
          const gone = vanishedErrors(error);
          if (gone) {
            setVanished(gone);
            void refresh();
          } else for (const message of errorMessages(error)) void toast.danger(message);
        },
        onSettled: () => setAsking(null),
      },
    );
  };

  return {
    /** Asks before dismissing the cause's errors. */
    ask: (cause: SyncErrorCause) => setAsking(cause),
    asking,
    busy: dismiss.isPending,
    confirm,
    vanished,
  };
}
