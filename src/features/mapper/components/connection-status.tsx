import { isApiError } from '@/api/api-error';
import { gotNoAnswer } from '@/api/api-health';
import type { ConnectionStatus as CheckReply } from '@generated/api/model';
import { useCheckConnection } from '@generated/api/tenants/tenants';

import styles from '../mapper.module.css';

/**
 * How often the check is asked again while the server says 'connecting': its first check of a
 * new connection takes a moment, and the line must not stay on it once the verdict is in.
 */
const CONNECTING_POLL_MS = 2000;

/**
 * 'Connection' and the Salesforce connection state: green when ok, red when Failed ('Failed' on
 * an error too), in neutral colours while still connecting (no verdict yet, so no alarm). While
 * connecting the check is asked again every 2 s, and no more once it has a verdict or fails. A
 * check that got no answer at all says UNKNOWN, in neutral colours: a red FAILED while the API is
 * down would send an admin to re-authorise Salesforce for nothing.
 */
export function ConnectionStatus() {
  // The line itself tells the state, so the check's error does not toast.
  const check = useCheckConnection({
    query: {
      meta: { silentErrors: true },
      refetchInterval: (query) =>
        query.state.status === 'success' && stillConnecting(query.state.data)
          ? CONNECTING_POLL_MS
          : false,
    },
  });
  const unanswered = isApiError(check.error) && gotNoAnswer(check.error.status);
  const state = check.isError
    ? unanswered
      ? 'unknown'
      : 'Failed'
    : (check.data?.salesforce_connection ?? 'connecting');
  const tone = state === 'ok' ? styles.stateOk : state === 'Failed' ? styles.stateBad : '';
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

/** The line shows the Salesforce side: it waits for that side's verdict. */
const stillConnecting = (reply: CheckReply | undefined) =>
  reply?.salesforce_connection === 'connecting';
