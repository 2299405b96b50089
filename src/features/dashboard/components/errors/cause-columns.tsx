import { Button, Classes, Intent } from '@blueprintjs/core';
import { RefreshIcon } from '@blueprintjs/icons';
import { Link } from '@tanstack/react-router';

import { createDataColumnHelper } from '@/components/data-table';
import { ErrorCategoryTag } from '@/components/error-category/error-category';
import { VisuallyHidden } from '@/components/visually-hidden/visually-hidden';
import type { SyncErrorCause } from '@generated/api/model';

import {
  CAUSE_COLUMN_TEXT,
  CAUSE_TEXT,
  FIX_TEXT,
  causeFixTarget,
  dismissLabel,
  retryLabel,
} from '../../model/cause-texts';
import { useCauseActions } from './cause-actions';
import styles from './errors.module.css';

const column = createDataColumnHelper<SyncErrorCause>();

/** The 'By cause' view: one row per cause, its count, its usual fix and a retry of its records. */
export const causeColumns = column.columns([
  column.accessor('error_type', {
    header: CAUSE_COLUMN_TEXT.category,
    cell: ({ row }) => (
      <ErrorCategoryTag type={row.original.error_type} exact={row.original.message} />
    ),
    meta: { className: styles.colCategory },
  }),
  column.accessor('entity', {
    header: CAUSE_COLUMN_TEXT.entity,
    meta: { className: styles.colEntity },
  }),
  column.display({
    id: 'aceField',
    header: CAUSE_COLUMN_TEXT.aceField,
    cell: ({ row }) =>
      row.original.ace_attribute ? (
        <span className={styles.mono}>{row.original.ace_attribute.name}</span>
      ) : (
        <>
          <span className={Classes.TEXT_MUTED} aria-hidden="true">
            —
          </span>
          <VisuallyHidden>{CAUSE_TEXT.noField}</VisuallyHidden>
        </>
      ),
    meta: { className: styles.colCauseField },
  }),
  column.accessor('message', {
    header: CAUSE_COLUMN_TEXT.error,
    meta: { className: styles.errorText },
  }),
  column.accessor('count', {
    header: CAUSE_COLUMN_TEXT.count,
    meta: { className: styles.colCount },
  }),
  column.display({
    id: 'fix',
    header: CAUSE_COLUMN_TEXT.fix,
    cell: ({ row }) => <FixCell cause={row.original} />,
    meta: { className: styles.colFix },
  }),
  column.display({
    id: 'retry',
    header: CAUSE_COLUMN_TEXT.retry,
    cell: ({ row }) => <RetryCell cause={row.original} />,
    meta: { className: styles.colRetry },
  }),
]);

/**
 * The fix in words, and the way to it: the values mapper at the field, the override editor, or the
 * dismissal of errors whose record no longer exists.
 */
function FixCell({ cause }: { cause: SyncErrorCause }) {
  const { openOverride, dismiss, canEditMappings } = useCauseActions();
  const target = causeFixTarget(cause);
  return (
    <div className={styles.fix}>
      <span>{FIX_TEXT[cause.fix]}</span>
      {target.kind === 'sync-settings' && canEditMappings ? (
        <Link
          to="/values-mapper"
          search={{
            field: target.attributeId,
            ...(target.entity === 'Opportunity' ? { tab: 'opportunities' as const } : {}),
          }}
        >
          {CAUSE_TEXT.openSyncSettings}
        </Link>
      ) : target.kind === 'override' ? (
        <button type="button" className={styles.linkButton} onClick={() => openOverride(cause)}>
          {CAUSE_TEXT.setDummyValue}
        </button>
      ) : cause.fix === 'dismiss' ? (
        <button type="button" className={styles.linkButton} onClick={() => dismiss(cause)}>
          {dismissLabel(cause.count)}
        </button>
      ) : cause.fix === 'wait_for_ace' ? (
        <small className={Classes.TEXT_MUTED}>{CAUSE_TEXT.waitForAce}</small>
      ) : null}
    </div>
  );
}

function RetryCell({ cause }: { cause: SyncErrorCause }) {
  const { retry, retryingId, runActive } = useCauseActions();
  return (
    <Button
      size="small"
      intent={Intent.PRIMARY}
      variant="outlined"
      icon={<RefreshIcon />}
      text={retryLabel(cause.count)}
      loading={retryingId === cause.id}
      disabled={runActive || (retryingId !== null && retryingId !== cause.id)}
      onClick={() => retry(cause)}
    />
  );
}
