import { Button, Callout, Intent } from '@blueprintjs/core';

import styles from '../../mapper.module.css';
import type { ImportSummary } from '../../model/import-summary';

/** What an import changed, until the admin closes it. */
export function ImportSummaryCallout({
  summary,
  onClose,
}: {
  summary: ImportSummary;
  onClose: () => void;
}) {
  const clean = summary.skipped.length === 0 && summary.failed === 0;
  return (
    <Callout
      className={styles.summary}
      intent={clean ? Intent.SUCCESS : Intent.WARNING}
      title={summary.text}
    >
      {summary.refused.length > 0 ? (
        <p>Refused by the server: {summary.refused.join(', ')}</p>
      ) : null}
      {summary.skipped.length > 0 ? (
        <p>Skipped, not found in this tenant: {summary.skipped.join(', ')}</p>
      ) : null}
      <Button variant="minimal" size="small" text="Close" onClick={onClose} />
    </Callout>
  );
}
