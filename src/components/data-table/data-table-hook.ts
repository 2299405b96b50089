import { createTableHook, tableFeatures } from '@tanstack/react-table';

/** What a column may tell the table besides its header and cells. */
interface DataColumnMeta {
  /** Class for the column's header and cells (width, wrapping, alignment). */
  className?: string;
  /**
   * The column's name beside each of its cells when rows stack on a phone; needed only when the
   * header is not plain text (a header with a tooltip).
   */
  label?: string;
}

/**
 * The features every data table shares. Tables here show one server page as it comes, so no
 * client-side sorting, filtering or pagination is registered: the URL and the server own those.
 * `columnMeta` is a type-only slot that types `columnDef.meta`.
 */
const dataTableFeatures = tableFeatures({ columnMeta: {} as DataColumnMeta });

export type DataTableFeatures = typeof dataTableFeatures;

/**
 * The one table hook of the app (TanStack Table v9's `createTableHook` idiom):
 *
 * ```tsx
 * const column = createDataColumnHelper<User>();
 * const columns = column.columns([column.accessor('email', { header: 'Email' })]); // module scope
 * const table = useDataTable({ data: users ?? NO_ROWS, columns, getRowId: (user) => String(user.id) });
 * return <DataTable table={table} label="Users" emptyMessage="No users" />;
 * ```
 *
 * Keep `columns` and the empty-data fallback stable (module scope or memo): a new array on every
 * render rebuilds the row model.
 */
export const { useAppTable: useDataTable, createAppColumnHelper: createDataColumnHelper } =
  createTableHook({ features: dataTableFeatures });
