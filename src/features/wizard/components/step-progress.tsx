import { VisuallyHidden } from '@/components/visually-hidden/visually-hidden';

import { WIZARD_STEPS, type WizardStep } from '../model/recovery';
import styles from '../wizard.module.css';

/** The five steps; those up to and including the current one show as selected. */
export function StepProgress({ current }: { current: WizardStep }) {
  return (
    <ol className={styles.progress} aria-label="Set-up progress">
      {WIZARD_STEPS.map(({ number, subtitle }) => (
        <li
          key={number}
          className={number <= current ? styles.selected : undefined}
          aria-current={number === current ? 'step' : undefined}
        >
          <span className={styles.dot} aria-hidden="true">
            {number}
          </span>
          <span>
            <VisuallyHidden>{`Step ${number}${number <= current ? ' (selected)' : ''}: `}</VisuallyHidden>
            {subtitle}
          </span>
        </li>
      ))}
    </ol>
  );
}
