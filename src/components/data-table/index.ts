export { DataTable, type DataTableInstance, type DataTableProps } from './data-table';
export {
  createDataColumnHelper,
  dataTableFeatures,
  useDataTable,
  type DataColumnMeta,
  type DataTableFeatures,
} from './data-table-hook';
