import { Intent, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { ConnectionState } from '@generated/api/model';
import { getGetMappingCountsQueryOptions } from '@generated/api/mappings/mappings';
import { getCheckConnectionQueryOptions } from '@generated/api/tenants/tenants';
import styles from './wizard.module.css';

/**
 * Step 5's status line and required-field counts, shown until the mapping editor (which renders
 * its own) lands; then this component goes.
 */
export function ConnectionSummary() {
  const connection = useQuery(
    getCheckConnectionQueryOptions({ query: { meta: { silentErrors: true } } }),
  );
  const counts = useQuery(getGetMappingCountsQueryOptions());
  // 'connecting' until the answer, 'Failed' when the check itself fails (spec section 4).
  const state: ConnectionState = connection.isError
    ? 'Failed'
    : (connection.data?.salesforce_connection ?? 'connecting');
  return (
    <>
      <p className={styles.status} role="status">
        Connection
        <Tag intent={state === 'ok' ? Intent.SUCCESS : Intent.DANGER} minimal>
          {state.toUpperCase()}
        </Tag>
      </p>
      {counts.data ? (
        <ul className={styles.counts}>
          <li>{`${counts.data.mapped_aws_mandatory_lead}/${counts.data.aws_mandatory_lead} Required Fields of leads Matched`}</li>
          <li>{`${counts.data.mapped_aws_mandatory_opportunity}/${counts.data.aws_mandatory_opportunity} Required Fields of opportunities Matched`}</li>
        </ul>
      ) : null}
    </>
  );
}
