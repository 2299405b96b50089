import { BlockError } from '@/components/block-error/block-error';
import { useDataTable } from '@/components/data-table';
import { usePagedList } from '@/components/paginator/use-paged-list';
import type { SyncLog } from '@generated/api/model';

import { syncLogsQueryOptions } from '../../dashboard-queries';
import { ERRORS_TEXT } from '../../model/error-texts';
import { logColumns } from './error-columns';
import { PagedTable } from './paged-table';

const NO_LOGS: SyncLog[] = [];

export interface LogsPanelProps {
  page: number;
  onPageChange: (page: number) => void;
}

/** The All Logs tab: every sync error so far, resolved ones included. */
export function LogsPanel({ page, onPageChange }: LogsPanelProps) {
  const list = usePagedList(syncLogsQueryOptions, page);
  const table = useDataTable({ data: list.rows ?? NO_LOGS, columns: logColumns });
  if (list.query.isError && !list.rows) {
    return <BlockError error={list.query.error} onRetry={() => void list.query.refetch()} />;
  }
  return (
    <PagedTable
      list={list}
      table={table}
      label={ERRORS_TEXT.logsTab}
      pagesLabel="Sync logs pages"
      emptyMessage={ERRORS_TEXT.noLogs}
      page={page}
      onPageChange={onPageChange}
    />
  );
}
