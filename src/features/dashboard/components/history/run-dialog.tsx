import { Callout, Classes, Dialog, DialogBody, HTMLTable, Intent } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { BlockError } from '@/components/block-error/block-error';
import { createDataColumnHelper, DataTable, useDataTable } from '@/components/data-table';
import { ErrorCategoryTag } from '@/components/error-category/error-category';
import { pageSizeFromFirstPage } from '@/components/paginator/pagination';
import { Paginator } from '@/components/paginator/paginator';
import { actionText } from '@/lib/activity-actions';
import { dayOfDate, formatDay } from '@/lib/day';
import { formatDateTime } from '@/lib/format-date';
import type { SyncLog, SyncRun, SyncRunChanges } from '@generated/api/model';
import { runStateLabel } from '@generated/rules';

import { runLogsQueryOptions } from '../../dashboard-queries';
import { COLUMN_TEXT, ERRORS_TEXT, SOURCE_TEXT } from '../../model/error-texts';
import { formatCount } from '../../model/format-count';
import {
  formatDuration,
  HISTORY_TEXT,
  recordsOf,
  RUN_COUNT_PARTS,
  TRIGGER_LABEL,
} from '../../model/sync-history';
import { RUN_COLUMN_TEXT } from './history-table';
import styles from './history.module.css';

const NO_LOGS: SyncLog[] = [];

const column = createDataColumnHelper<SyncLog>();
const logColumns = column.columns([
  column.accessor('salesforce_id', { header: COLUMN_TEXT.salesforceId }),
  column.display({
    id: 'source',
    header: COLUMN_TEXT.source,
    cell: ({ row }) => SOURCE_TEXT[row.original.sync_direction] ?? row.original.sync_direction,
  }),
  column.display({
    id: 'record',
    header: COLUMN_TEXT.record,
    cell: ({ row }) => row.original.name ?? '',
  }),
  column.accessor('error_description', { header: COLUMN_TEXT.error }),
  column.display({
    id: 'category',
    header: COLUMN_TEXT.category,
    cell: ({ row }) => (
      <ErrorCategoryTag
        type={row.original.error_type}
        exact={row.original.error_type_description || ERRORS_TEXT.categoryTooltip}
      />
    ),
  }),
]);

export interface RunDialogProps {
  /** The run to show; the dialog keeps showing it while it closes. */
  run: SyncRun | null;
  isOpen: boolean;
  onClose: () => void;
  /** The reader may open Activity (a super_admin): the changes link to it. */
  canOpenActivity?: boolean;
}

/** One run: when, what started it, how it ended, its counts per entity and the errors it raised. */
export function RunDialog({ run, isOpen, onClose, canOpenActivity = false }: RunDialogProps) {
  const when = run ? (formatDateTime(run.started_at) ?? runStateLabel(run)) : '';
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={HISTORY_TEXT.runTitle(when)}
      style={{ width: 'min(960px, 95vw)' }}
    >
      <DialogBody>
        {run ? <RunDetail key={run.id} run={run} canOpenActivity={canOpenActivity} /> : null}
      </DialogBody>
    </Dialog>
  );
}

function RunDetail({ run, canOpenActivity }: { run: SyncRun; canOpenActivity: boolean }) {
  const duration = formatDuration(run.started_at, run.finished_at);
  const entities = [
    { name: HISTORY_TEXT.leads, counts: run.counts.lead },
    { name: HISTORY_TEXT.opportunities, counts: run.counts.opportunity },
  ];
  return (
    <>
      <p>
        {[TRIGGER_LABEL[run.trigger], runStateLabel(run), duration].filter(Boolean).join(' · ')}
      </p>
      {run.failure_reason ? (
        <Callout intent={Intent.DANGER} compact className={styles.counts}>
          {run.failure_reason}
        </Callout>
      ) : null}
      <HTMLTable compact striped className={styles.counts} aria-label={HISTORY_TEXT.countsTable}>
        <thead>
          <tr>
            <th scope="col">{HISTORY_TEXT.records}</th>
            {RUN_COUNT_PARTS.map((key) => (
              <th key={key} scope="col" className={styles.numeric}>
                {RUN_COLUMN_TEXT[key]}
              </th>
            ))}
            <th scope="col" className={styles.numeric}>
              {HISTORY_TEXT.total}
            </th>
          </tr>
        </thead>
        <tbody>
          {entities.map(({ name, counts }) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              {/* Each count names its column (data-label): on a phone the row stacks, a line
                  per count, and the column headers are out of sight. */}
              {RUN_COUNT_PARTS.map((key) => (
                <td key={key} className={styles.numeric} data-label={RUN_COLUMN_TEXT[key]}>
                  {formatCount(counts[key])}
                </td>
              ))}
              <td className={styles.numeric} data-label={HISTORY_TEXT.total}>
                {formatCount(recordsOf(counts))}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {run.changes_before ? (
        <RunChanges run={run} changes={run.changes_before} canOpenActivity={canOpenActivity} />
      ) : null}
      <h3 className={Classes.HEADING}>{HISTORY_TEXT.runErrors}</h3>
      <RunErrors runId={run.id} />
    </>
  );
}

/** A timestamp's day in the reader's calendar, as Activity's day filters take it. */
const localDay = (value: string | null) =>
  value ? formatDay(dayOfDate(new Date(value))) : undefined;

/**
 * What was changed between the run before and this one (the newest few, who, what, when), which
 * may explain failures that jumped; the whole list in Activity, over those days.
 */
function RunChanges({
  run,
  changes,
  canOpenActivity,
}: {
  run: SyncRun;
  changes: SyncRunChanges;
  canOpenActivity: boolean;
}) {
  return (
    <section aria-label={HISTORY_TEXT.changesHeading} className={styles.counts}>
      <h3 className={Classes.HEADING}>{HISTORY_TEXT.changesHeading}</h3>
      {changes.count === 0 ? (
        <p className={Classes.TEXT_MUTED}>{HISTORY_TEXT.noChanges}</p>
      ) : (
        <>
          <p>{HISTORY_TEXT.changesBefore(changes.count)}</p>
          <ul>
            {changes.events.map((event) => (
              <li key={event.id}>
                {[
                  formatDateTime(event.at),
                  event.actor?.name,
                  actionText(event.action),
                  event.target.label,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </li>
            ))}
          </ul>
          {changes.count > changes.events.length ? (
            <p className={Classes.TEXT_MUTED}>
              {HISTORY_TEXT.moreChanges(changes.events.length, changes.count)}
            </p>
          ) : null}
        </>
      )}
      {canOpenActivity && changes.count > 0 ? (
        <Link
          to="/activity"
          search={{
            from: localDay(changes.from),
            to: localDay(run.started_at ?? new Date().toISOString()),
          }}
        >
          {HISTORY_TEXT.openActivity}
        </Link>
      ) : null}
    </section>
  );
}

/** The run's errors (its log: resolved ones included), a server page at a time. */
function RunErrors({ runId }: { runId: number }) {
  const [page, setPage] = useState(1);
  const current = useQuery({
    ...runLogsQueryOptions(runId, page),
    placeholderData: keepPreviousData,
  });
  const first = useQuery(runLogsQueryOptions(runId, 1));
  const table = useDataTable({ data: current.data?.results ?? NO_LOGS, columns: logColumns });
  if (current.isError && !current.data)
    return (
      <BlockError
        error={current.error}
        onRetry={() => void current.refetch()}
        retrying={current.isFetching}
      />
    );
  return (
    <>
      <DataTable
        table={table}
        label={HISTORY_TEXT.runErrors}
        loading={current.isPending}
        busy={current.isPlaceholderData}
        skeletonRows={3}
        emptyMessage={HISTORY_TEXT.noRunErrors}
      />
      <div className={styles.footer}>
        <Paginator
          page={page}
          pageSize={pageSizeFromFirstPage(first.data?.results.length)}
          total={current.data?.count ?? 0}
          onPageChange={setPage}
          disabled={current.isPlaceholderData}
          label={HISTORY_TEXT.runErrorsPages}
        />
      </div>
    </>
  );
}
