import { Button, Intent } from '@blueprintjs/core';
import { FloppyDiskIcon } from '@blueprintjs/icons';

import { OVERRIDE_TEXT, saveLooksEnabled } from '../../model/override-form';
import styles from './overrides.module.css';
import type { OverrideForm } from './use-override-form';
import type { OverridesSave } from './use-save-overrides';

export interface SaveOverridesButtonProps {
  form: OverrideForm;
  saver: OverridesSave;
}

/**
 * 'Save values for next Sync': it looks disabled unless a row the user changed has a complete
 * pair, but still answers a click with the reason nothing was sent.
 */
export function SaveOverridesButton({ form, saver }: SaveOverridesButtonProps) {
  const looksEnabled = saveLooksEnabled(form.changedRows(), form.attributesById);
  return (
    <Button
      intent={Intent.PRIMARY}
      icon={<FloppyDiskIcon />}
      text={OVERRIDE_TEXT.save}
      loading={saver.saving}
      className={looksEnabled ? undefined : styles.looksDisabled}
      aria-disabled={looksEnabled ? undefined : true}
      onClick={() => saver.save()}
    />
  );
}
