import { useCheckConnection } from '@generated/api/tenants/tenants';

import styles from '../mapper.module.css';

/** 'Connection' and the Salesforce connection state, green when ok, red otherwise. */
export function ConnectionStatus() {
  // The line itself tells a failure ('Failed'), so the check's error does not toast.
  const check = useCheckConnection({ query: { meta: { silentErrors: true } } });
  const state = check.isError ? 'Failed' : (check.data?.salesforce_connection ?? 'connecting');
  return (
    <p className={styles.status}>
      Connection{' '}
      <strong className={`${styles.state} ${state === 'ok' ? styles.stateOk : styles.stateBad}`}>
        {state.toUpperCase()}
      </strong>
    </p>
  );
}
