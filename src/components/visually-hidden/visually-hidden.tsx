import type { ReactNode } from 'react';

import styles from './visually-hidden.module.css';

/** Text for assistive technology only: read out, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
