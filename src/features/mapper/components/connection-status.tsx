import { isApiError } from '@/api/api-error';
import { gotNoAnswer } from '@/api/api-health';
import { useCheckConnection } from '@generated/api/tenants/tenants';

import styles from '../mapper.module.css';

/**
 * 'Connection' and the Salesforce connection state, green when ok, red otherwise ('Failed' on an
 * error). A check that got no answer at all says UNKNOWN, in neutral colours: a red FAILED while
 * the API is down would send an admin to re-authorise Salesforce for nothing.
 */
export function ConnectionStatus() {
  // The line itself tells the state, so the check's error does not toast.
  const check = useCheckConnection({ query: { meta: { silentErrors: true } } });
  const unanswered = isApiError(check.error) && gotNoAnswer(check.error.status);
  const state = check.isError
    ? unanswered
      ? 'unknown'
      : 'Failed'
    : (check.data?.salesforce_connection ?? 'connecting');
  const tone = state === 'ok' ? styles.stateOk : state === 'unknown' ? '' : styles.stateBad;
  return (
    <p className={styles.status}>
      Connection{' '}
      <strong
        className={`${styles.state} ${tone}`}
        title={state === 'unknown' ? 'The server could not be asked' : undefined}
      >
        {state.toUpperCase()}
      </strong>
    </p>
  );
}
