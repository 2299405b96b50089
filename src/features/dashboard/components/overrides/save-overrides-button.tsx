import { Button, Intent } from '@blueprintjs/core';
import { FloppyDiskIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';

import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import { getListOverridesQueryKey, useUpdateOverrides } from '@generated/api/sync/sync';

import { checkSave, OVERRIDE_TEXT, saveLooksEnabled } from '../../model/override-form';
import styles from './overrides.module.css';
import type { OverrideForm } from './use-override-form';

export interface SaveOverridesButtonProps {
  form: OverrideForm;
  setSubmitted: (submitted: boolean) => void;
}

/**
 * 'Save values for next Sync': it looks disabled unless a pair is complete or values were saved
 * before, but still answers a click with the reason nothing was sent.
 */
export function SaveOverridesButton({ form, setSubmitted }: SaveOverridesButtonProps) {
  const queryClient = useQueryClient();
  const save = useSingleFlight(useUpdateOverrides());
  const looksEnabled = saveLooksEnabled(form.allRows(), form.attributesById, form.hasSavedValues);

  const onClick = () => {
    if (save.isPending) return;
    const check = checkSave(form.allRows(), form.attributesById);
    if (check.kind === 'invalid') {
      setSubmitted(true);
      void toast.danger(OVERRIDE_TEXT.invalidForm);
      return;
    }
    if (check.kind === 'nothing') {
      void toast.danger(OVERRIDE_TEXT.nothingToSave);
      return;
    }
    save.mutate(
      { data: check.overrides },
      {
        onSuccess: (reply) => {
          setSubmitted(false);
          if (reply?.message) void toast.success(reply.message);
          void queryClient.invalidateQueries({ queryKey: getListOverridesQueryKey() });
        },
      },
    );
  };

  return (
    <Button
      intent={Intent.PRIMARY}
      icon={<FloppyDiskIcon />}
      text={OVERRIDE_TEXT.save}
      loading={save.isPending}
      className={looksEnabled ? undefined : styles.looksDisabled}
      aria-disabled={looksEnabled ? undefined : true}
      onClick={onClick}
    />
  );
}
