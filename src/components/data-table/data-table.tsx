import { Classes, HTMLTable } from '@blueprintjs/core';
import {
  FlexRender,
  type Cell,
  type Column,
  type ReactTable,
  type RowData,
} from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';

import type { DataTableFeatures } from './data-table-hook';
import styles from './data-table.module.css';

// The table's selected state is irrelevant here: DataTable only reads models.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected-state shape renders
export type DataTableInstance<TData extends RowData> = ReactTable<DataTableFeatures, TData, any>;

export interface DataTableProps<TData extends RowData> {
  /** A table from `useDataTable`. */
  table: DataTableInstance<TData>;
  /** Accessible name of the table. */
  label: string;
  /** First load: skeleton rows stand in for the data. */
  loading?: boolean;
  /** Rows are being replaced (the next page loads): the old rows stay, marked busy. */
  busy?: boolean;
  /** How many skeleton rows to show while loading. */
  skeletonRows?: number;
  /** Shown in place of the rows when there are none. */
  emptyMessage: ReactNode;
  className?: string;
}

/**
 * The name a column's cells carry (`data-label`) for the phone layout: its `meta.label`, else its
 * header when that is plain text.
 */
function columnLabel<TData extends RowData>(
  column: Column<DataTableFeatures, TData, unknown>,
): string | undefined {
  const { header, meta } = column.columnDef;
  return meta?.label ?? (typeof header === 'string' ? header : undefined);
}

/**
 * Renders a `useDataTable` table into Blueprint's HTMLTable: headers with `scope="col"`, one row
 * per data row, skeleton rows on the first load and a message when there is nothing to show.
 * On a phone the rows stack: each row a block, each cell on a line of its own after its column's
 * name (CSS, from the cell's `data-label`), so a wide table is read without scrolling sideways.
 * Elsewhere a table wider than its box scrolls sideways inside it (the box is focusable).
 */
export function DataTable<TData extends RowData>({
  table,
  label,
  loading = false,
  busy = false,
  skeletonRows = 5,
  emptyMessage,
  className,
}: DataTableProps<TData>) {
  const headerGroups = table.getHeaderGroups();
  const columns = table.getAllLeafColumns();
  const columnCount = columns.length;
  const rows = table.getRowModel().rows;
  return (
    // Focusable, so that keyboard users can scroll a table wider than the screen.
    <div
      className={[styles.scroller, className].filter(Boolean).join(' ')}
      role="group"
      aria-label={label}
      tabIndex={0}
    >
      <HTMLTable
        className={styles.table}
        striped
        compact
        aria-label={label}
        aria-busy={loading || busy || undefined}
      >
        <thead>
          {headerGroups.map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                  className={header.column.columnDef.meta?.className}
                >
                  {header.isPlaceholder ? null : <FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className={busy ? styles.busy : undefined}>
          {loading ? (
            Array.from({ length: skeletonRows }, (_, index) => (
              <tr key={`skeleton-${index}`}>
                {columns.map((column) => (
                  <td key={column.id} data-label={columnLabel(column)}>
                    <span className={Classes.SKELETON}>Loading</span>
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className={styles.empty}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => <DataRow key={row.id} cells={row.getAllCells()} />)
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}

interface DataRowProps<TData extends RowData> {
  cells: Cell<DataTableFeatures, TData, unknown>[];
}

/**
 * One data row. The table keeps a row's cells while its data and the columns are the same, so a
 * table that renders again (a refetch, a page's total, a form's state above it) leaves its rows
 * alone; cells that read a context still follow it.
 */
const DataRow = memo(function DataRow<TData extends RowData>({ cells }: DataRowProps<TData>) {
  return (
    <tr>
      {cells.map((cell) => (
        <td
          key={cell.id}
          className={cell.column.columnDef.meta?.className}
          data-label={columnLabel(cell.column)}
        >
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  );
}) as <TData extends RowData>(props: DataRowProps<TData>) => ReactNode;
