export { DataTable, type DataTableInstance } from './data-table';
export { createDataColumnHelper, useDataTable } from './data-table-hook';
