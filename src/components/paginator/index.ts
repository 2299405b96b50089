export {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_BUTTONS,
  pageCount,
  pageRange,
  pageSizeFromFirstPage,
  pageWindow,
  rangeText,
} from './pagination';
export { Paginator, type PaginatorProps } from './paginator';
