import { Button, Classes } from '@blueprintjs/core';
import { useMemo, useState } from 'react';

import { createDataColumnHelper, DataTable, useDataTable } from '@/components/data-table';
import { Paginator } from '@/components/paginator/paginator';
import { formatDateTime } from '@/lib/format-date';
import type { SyncRun } from '@generated/api/model';
import { runStateLabel } from '@generated/rules';

import { formatCount } from '../../model/format-count';
import { HISTORY_CARD_TEXT } from '../../model/history-card-text';
import {
  formatDuration,
  HISTORY_TEXT,
  RUN_COUNT_PARTS,
  runTotals,
  TRIGGER_LABEL,
} from '../../model/sync-history';
import styles from './history.module.css';

/** Rows per page: a year of daily runs renders one light page at a time. */
const PAGE_SIZE = 20;

export const RUN_COLUMN_TEXT = {
  when: 'When',
  trigger: 'Trigger',
  duration: 'Duration',
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  skipped: 'Filtered out',
  failed: 'Failed',
  state: 'State',
} as const;

const column = createDataColumnHelper<SyncRun>();

function runColumns(onOpen: (run: SyncRun) => void) {
  const count = (key: (typeof RUN_COUNT_PARTS)[number]) =>
    column.display({
      id: key,
      header: RUN_COLUMN_TEXT[key],
      cell: ({ row }) => formatCount(runTotals(row.original)[key]),
      meta: { className: styles.numeric },
    });
  return column.columns([
    column.display({
      id: 'when',
      header: RUN_COLUMN_TEXT.when,
      // The run opens from its time: a real button, named by it.
      cell: ({ row }) => (
        <Button variant="minimal" size="small" onClick={() => onOpen(row.original)}>
          {formatDateTime(row.original.started_at) ?? runStateLabel(row.original)}
        </Button>
      ),
    }),
    column.display({
      id: 'trigger',
      header: RUN_COLUMN_TEXT.trigger,
      cell: ({ row }) => TRIGGER_LABEL[row.original.trigger],
    }),
    column.display({
      id: 'duration',
      header: RUN_COLUMN_TEXT.duration,
      cell: ({ row }) => formatDuration(row.original.started_at, row.original.finished_at) ?? '',
      meta: { className: styles.numeric },
    }),
    ...RUN_COUNT_PARTS.map(count),
    // Beside the failures: what was changed since the run before, which may explain a jump.
    column.display({
      id: 'changes',
      header: HISTORY_TEXT.changes,
      cell: ({ row }) => {
        const changes = row.original.changes_before?.count ?? 0;
        if (changes === 0) return formatCount(0);
        return (
          <Button
            variant="minimal"
            size="small"
            aria-label={HISTORY_TEXT.changesBefore(changes)}
            onClick={() => onOpen(row.original)}
          >
            {formatCount(changes)}
          </Button>
        );
      },
      meta: { className: styles.numeric },
    }),
    column.display({
      id: 'state',
      header: RUN_COLUMN_TEXT.state,
      cell: ({ row }) => <RunState run={row.original} />,
    }),
  ]);
}

/**
 * A run's outcome in the contract's words ('Completed, 18 failed'); a run that failed or was
 * interrupted says why under it.
 */
function RunState({ run }: { run: SyncRun }) {
  return (
    <>
      {runStateLabel(run)}
      {run.failure_reason ? (
        <small className={`${styles.reason} ${Classes.TEXT_MUTED}`}>{run.failure_reason}</small>
      ) : null}
    </>
  );
}

export interface HistoryTableProps {
  /** The runs, newest first (as the API lists them). */
  runs: readonly SyncRun[];
  onOpen: (run: SyncRun) => void;
}

/** One row per run, newest first, a page of 20 at a time. */
export function HistoryTable({ runs, onOpen }: HistoryTableProps) {
  const [page, setPage] = useState(1);
  const columns = useMemo(() => runColumns(onOpen), [onOpen]);
  const last = Math.max(1, Math.ceil(runs.length / PAGE_SIZE));
  const current = Math.min(page, last);
  const rows = useMemo(
    () => runs.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
    [runs, current],
  );
  const table = useDataTable({ data: rows, columns, getRowId: (run) => String(run.id) });
  return (
    <>
      <DataTable table={table} label={HISTORY_TEXT.table} emptyMessage={HISTORY_CARD_TEXT.empty} />
      <div className={styles.footer}>
        <Paginator
          page={current}
          pageSize={PAGE_SIZE}
          total={runs.length}
          onPageChange={setPage}
          label={HISTORY_TEXT.pages}
        />
      </div>
    </>
  );
}
