import { useQueryClient } from '@tanstack/react-query';

import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import { getListOverridesQueryKey, useUpdateOverrides } from '@generated/api/sync/sync';

import { checkSave, OVERRIDE_TEXT, pairOfRefusal } from '../../model/override-form';
import type { OverrideDrafts, OverrideForm } from './use-override-form';

export interface OverridesSave {
  /** Sends every complete pair, unless the form has a problem; `done` hears whether it saved. */
  save: (done?: (saved: boolean) => void) => void;
  saving: boolean;
}

/**
 * What 'Save values for next Sync' does, for the button and for values restored after a sign-in:
 * a form with a half-filled or ill-typed pair shows every problem and sends nothing.
 */
export function useSaveOverrides(
  form: OverrideForm,
  {
    setSubmitted,
    markSaved,
    refusals,
  }: Pick<OverrideDrafts, 'setSubmitted' | 'markSaved' | 'refusals'>,
): OverridesSave {
  const queryClient = useQueryClient();
  // A refusal shows on the pair that caused it (the drafts' refusal board), not as the cache's toast.
  const mutation = useSingleFlight(
    useUpdateOverrides({ mutation: { meta: { silentErrors: true } } }),
  );

  const save = (done?: (saved: boolean) => void) => {
    if (mutation.isPending) return;
    const check = checkSave(form.allRows(), form.attributesById);
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
          void queryClient.invalidateQueries({ queryKey: getListOverridesQueryKey() });
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
