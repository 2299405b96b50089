import { Spinner } from '@blueprintjs/core';

import styles from '../wizard.module.css';

/** The wizard's spinner while a step, or the part of one that loads on its own, arrives. */
export function Loading() {
  return (
    <div className={styles.loading}>
      <Spinner aria-label="Loading" />
    </div>
  );
}
