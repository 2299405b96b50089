import type { SyncLog } from '@generated/api/model';
import { DataTable, useDataTable } from '@/components/data-table';
import { Paginator } from '@/components/paginator/paginator';
import { dashboardQueries } from '../dashboard-queries';
import { BlockError } from '../block-error';
import { logColumns } from './error-columns';
import { ERRORS_TEXT } from './error-texts';
import { usePagedList } from './use-paged-list';
import styles from './errors.module.css';

const NO_LOGS: SyncLog[] = [];

export interface LogsPanelProps {
  page: number;
  onPageChange: (page: number) => void;
}

/** The All Logs tab: every sync error so far, resolved ones included. */
export function LogsPanel({ page, onPageChange }: LogsPanelProps) {
  const list = usePagedList(dashboardQueries.logs, page);
  const table = useDataTable({ data: list.rows ?? NO_LOGS, columns: logColumns });
  if (list.query.isError && !list.rows) {
    return <BlockError error={list.query.error} onRetry={() => void list.query.refetch()} />;
  }
  return (
    <>
      <DataTable
        table={table}
        label={ERRORS_TEXT.logsTab}
        loading={list.query.isPending}
        busy={list.query.isPlaceholderData}
        emptyMessage={ERRORS_TEXT.noLogs}
      />
      <div className={styles.footer}>
        <span />
        <Paginator
          page={page}
          pageSize={list.pageSize}
          total={list.total}
          onPageChange={onPageChange}
          disabled={list.query.isPlaceholderData}
          label="Sync logs pages"
        />
      </div>
    </>
  );
}
