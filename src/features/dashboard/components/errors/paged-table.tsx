import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

import { DataTable, type DataTableInstance } from '@/components/data-table';
import { Paginator } from '@/components/paginator/paginator';
import type { PagedList } from '@/components/paginator/use-paged-list';

import styles from './errors.module.css';

export interface PagedTableProps<TData extends RowData> {
  list: PagedList;
  table: DataTableInstance<TData>;
  /** Accessible names of the table and of its pages. */
  label: string;
  pagesLabel: string;
  emptyMessage: ReactNode;
  page: number;
  onPageChange: (page: number) => void;
  /** At the start of the footer, before the pages (the Errors tab's save button). */
  footerStart?: ReactNode;
}

/** A tab of the sync errors card: one server page of rows, and the pages under it. */
export function PagedTable<TData extends RowData>(props: PagedTableProps<TData>) {
  const { list, table, label, pagesLabel, emptyMessage, page, onPageChange, footerStart } = props;
  return (
    <>
      <DataTable
        table={table}
        label={label}
        loading={list.loading}
        busy={list.query.isPlaceholderData}
        emptyMessage={emptyMessage}
        className={styles.table}
      />
      <div className={styles.footer}>
        {footerStart ?? <span />}
        <Paginator
          page={page}
          pageSize={list.pageSize}
          total={list.total}
          onPageChange={onPageChange}
          disabled={list.query.isPlaceholderData}
          label={pagesLabel}
        />
      </div>
    </>
  );
}
