import { useQueryClient } from '@tanstack/react-query';

import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import { getListOverridesQueryKey, useUpdateOverrides } from '@generated/api/sync/sync';

import { checkSave, OVERRIDE_TEXT, pairOfRefusal } from '../../model/override-form';
import type { OverrideDrafts, OverrideForm } from './use-override-form';

export interface OverridesSave {
  /**
   * Sends the complete pairs of the rows the user changed, unless one of them has a problem;
   * `done` hears whether it saved.
   */
  save: (done?: (saved: boolean) => void) => void;
  saving: boolean;
}

/**
 * What 'Save values for next Sync' does, for the button and for values restored after a sign-in:
 * it sends only the rows the user changed (the server keeps the values of the records a save does
 * not name, and a value sent back untouched could name an error a sync has since replaced); a
 * changed row with a half-filled or ill-typed pair shows every problem and sends nothing.
 */
export function useSaveOverrides(
  form: OverrideForm,
  {
    setSubmitted,
    markSaved,
    forgetSent,
    refusals,
  }: Pick<OverrideDrafts, 'setSubmitted' | 'markSaved' | 'forgetSent' | 'refusals'>,
): OverridesSave {
  const queryClient = useQueryClient();
  // A refusal shows on the pair that caused it (the drafts' refusal board), not as the cache's toast.
  const mutation = useSingleFlight(
    useUpdateOverrides({ mutation: { meta: { silentErrors: true } } }),
  );

  const save = (done?: (saved: boolean) => void) => {
    if (mutation.isPending) return;
    const sent = form.changedRows();
    const check = checkSave(sent, form.attributesById);
    if (check.kind === 'invalid') {
      setSubmitted(true);
      void toast.danger(OVERRIDE_TEXT.invalidForm);
      done?.(false);
      return;
    }
    if (check.kind === 'nothing') {
      void toast.danger(OVERRIDE_TEXT.nothingToSave);
      done?.(false);
      return;
    }
    mutation.mutate(
      { data: check.overrides },
      {
        onSuccess: (reply) => {
          setSubmitted(false);
          markSaved();
          if (reply?.message) void toast.success(reply.message);
          // Once the server's saved values are in, they show instead of the rows sent (a value
          // may now name a newer error of its record). Fetched even while no table shows them
          // (values restored after a sign-in are saved before the table mounts): the rows sent
          // must never give way to values from before the save.
          void queryClient
            .invalidateQueries({ queryKey: getListOverridesQueryKey(), refetchType: 'all' })
            .then(() => forgetSent(sent));
          done?.(true);
        },
        onError: (error) => {
          refusals.refuse(error, pairOfRefusal(check.pairKeys));
          done?.(false);
        },
      },
    );
  };

  return { save, saving: mutation.isPending };
}
