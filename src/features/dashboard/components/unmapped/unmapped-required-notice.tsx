import { Classes } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { requiredFields, unmappedRequired, unmappedRequiredText } from '@/lib/unmapped-required';

import styles from '../../dashboard.module.css';
import { mappingCountsQueryOptions } from './mapping-counts-query';

/**
 * Required ACE fields still without a Salesforce field, named in the dashboard's toolbar until
 * there are none, as the way to the values mapper, where each one links to its row: set-up counts
 * as complete with one of them mapped, and the records missing the others fail their sync. In the
 * toolbar's line, beside the buttons, so that nothing below moves when it appears.
 */
export function UnmappedRequiredNotice() {
  const counts = useQuery(mappingCountsQueryOptions());
  if (!counts.data) return null;
  const { total } = unmappedRequired(counts.data);
  if (total === 0) return null;
  return (
    <Link
      to="/values-mapper"
      className={`${Classes.TAG} ${Classes.INTENT_WARNING} ${styles.unmapped}`}
      title={unmappedRequiredText(counts.data)}
    >
      {`${requiredFields(total)} unmapped: map them`}
    </Link>
  );
}
