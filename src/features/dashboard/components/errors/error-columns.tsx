import { createDataColumnHelper } from '@/components/data-table';
import { formatDateTime } from '@/lib/format-date';
import type { SyncError, SyncLog } from '@generated/api/model';

import { COLUMN_TEXT, ERRORS_TEXT } from '../../model/error-texts';
import { OverridePairsEditor } from '../overrides/override-pairs-editor';
import { SavedOverridesCell } from '../overrides/saved-overrides-cell';
import { CategoryCell, HeaderWithTip, RecordCell, SourceCell } from './error-cells';
import styles from './errors.module.css';

const errorColumn = createDataColumnHelper<SyncError>();

/** The Errors tab: the record and its direction, the error, the override to send, the category. */
export const errorColumns = errorColumn.columns([
  errorColumn.accessor('salesforce_id', {
    header: COLUMN_TEXT.salesforceId,
    cell: ({ getValue }) => <span className={styles.mono}>{getValue()}</span>,
    meta: { className: styles.colId },
  }),
  errorColumn.accessor('sync_direction', {
    header: COLUMN_TEXT.source,
    cell: ({ row }) => <SourceCell log={row.original} />,
    meta: { className: `${styles.source} ${styles.colSource}` },
  }),
  errorColumn.display({
    id: 'record',
    header: COLUMN_TEXT.record,
    cell: ({ row }) => <RecordCell log={row.original} />,
    meta: { className: styles.colRecord },
  }),
  errorColumn.accessor('error_description', {
    header: COLUMN_TEXT.error,
    meta: { className: styles.errorText },
  }),
  errorColumn.display({
    id: 'aceField',
    header: COLUMN_TEXT.aceField,
    cell: ({ row }) => <OverridePairsEditor error={row.original} />,
    meta: { className: styles.colAceField },
  }),
  errorColumn.display({
    id: 'overwritten',
    header: () => (
      <HeaderWithTip text={COLUMN_TEXT.overwritten} tip={ERRORS_TEXT.overwrittenTooltip} />
    ),
    cell: ({ row }) => <SavedOverridesCell syncErrorId={row.original.id} />,
    meta: { className: styles.colOverwritten, label: COLUMN_TEXT.overwritten },
  }),
  errorColumn.accessor('error_type', {
    header: () => <HeaderWithTip text={COLUMN_TEXT.category} tip={ERRORS_TEXT.categoryTooltip} />,
    cell: ({ row }) => <CategoryCell log={row.original} />,
    meta: { className: styles.colCategory, label: COLUMN_TEXT.category },
  }),
]);

const logColumn = createDataColumnHelper<SyncLog>();

/** The All Logs tab: the same record columns, read-only, with when each error happened. */
export const logColumns = logColumn.columns([
  logColumn.accessor('salesforce_id', {
    header: COLUMN_TEXT.salesforceId,
    cell: ({ getValue }) => <span className={styles.mono}>{getValue()}</span>,
    meta: { className: styles.colId },
  }),
  logColumn.accessor('sync_direction', {
    header: COLUMN_TEXT.source,
    cell: ({ row }) => <SourceCell log={row.original} />,
    meta: { className: `${styles.source} ${styles.colSource}` },
  }),
  logColumn.display({
    id: 'record',
    header: COLUMN_TEXT.record,
    cell: ({ row }) => <RecordCell log={row.original} />,
    meta: { className: styles.colRecord },
  }),
  logColumn.accessor('error_description', {
    header: COLUMN_TEXT.error,
    meta: { className: styles.errorText },
  }),
  logColumn.accessor('error_type', {
    header: () => <HeaderWithTip text={COLUMN_TEXT.category} tip={ERRORS_TEXT.categoryTooltip} />,
    cell: ({ row }) => <CategoryCell log={row.original} />,
    meta: { className: styles.colCategory, label: COLUMN_TEXT.category },
  }),
  logColumn.accessor('created_at', {
    header: COLUMN_TEXT.date,
    cell: ({ getValue }) => formatDateTime(getValue()) ?? getValue(),
    meta: { className: styles.colDate },
  }),
]);
