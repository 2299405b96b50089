import { Button, Intent } from '@blueprintjs/core';

import styles from '../wizard.module.css';

export interface WizardNavProps {
  /** Absent on step 1: Previous is then hidden and disabled. */
  onPrevious?: () => void;
  nextText?: 'Next' | 'Finish';
  /** Without it Next submits the form it sits in. */
  onNext?: () => void;
  /** Called when Next is about to submit the form (a click, or Enter in a field). */
  onSubmitAttempt?: () => void;
  nextDisabled?: boolean;
  busy?: boolean;
}

/** Previous and Next (or Finish) under a step. */
export function WizardNav({
  onPrevious,
  nextText = 'Next',
  onNext,
  onSubmitAttempt,
  nextDisabled = false,
  busy = false,
}: WizardNavProps) {
  return (
    <div className={styles.nav}>
      {onPrevious ? (
        <Button text="Previous" onClick={onPrevious} disabled={busy} />
      ) : (
        <Button
          text="Previous"
          disabled
          aria-hidden="true"
          tabIndex={-1}
          style={{ visibility: 'hidden' }}
        />
      )}
      <Button
        type={onNext ? 'button' : 'submit'}
        intent={Intent.PRIMARY}
        text={nextText}
        onClick={onNext ?? onSubmitAttempt}
        disabled={nextDisabled}
        loading={busy}
      />
    </div>
  );
}
