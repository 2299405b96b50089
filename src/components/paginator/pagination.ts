/**
 * Pagination arithmetic for server-paginated lists: at most five page buttons, a range text 'a-b of
 * total', and a page size taken from the first page's result count. Pages are 1-based throughout.
 */

/** The most page buttons a paginator shows. */
export const MAX_PAGE_BUTTONS = 5;

/** The page size when the server has not said: 20 rows, the backend's default. */
const DEFAULT_PAGE_SIZE = 20;

/** How many pages `total` items fill; 0 when there is nothing to show. */
export function pageCount(total: number, pageSize: number): number {
  if (total <= 0) return 0;
  return Math.ceil(total / Math.max(1, pageSize));
}

/**
 * The page numbers to show as buttons: a window of at most `maxButtons` pages that contains
 * `page`, centred on it where possible and shifted at either end so it stays full.
 */
export function pageWindow(page: number, pages: number, maxButtons = MAX_PAGE_BUTTONS): number[] {
  if (pages <= 0) return [];
  const size = Math.min(maxButtons, pages);
  const current = Math.min(Math.max(1, page), pages);
  const first = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}

/** The 1-based positions of the first and last item on `page`, clipped to the total. */
export function pageRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const size = Math.max(1, pageSize);
  const from = Math.min((Math.max(1, page) - 1) * size + 1, total);
  return { from, to: Math.min(from + size - 1, total) };
}

/** The range text, e.g. '9-16 of 47'. */
export function rangeText(page: number, pageSize: number, total: number): string {
  const { from, to } = pageRange(page, pageSize, total);
  return `${from}-${to} of ${total}`;
}

/**
 * The page size of a server-paginated list: the first page's result count, falling back to the
 * current page's count when the list fits one page, else the default.
 */
export function pageSizeFromFirstPage(
  firstPageCount: number | undefined,
  fallback = DEFAULT_PAGE_SIZE,
): number {
  return firstPageCount && firstPageCount > 0 ? firstPageCount : fallback;
}
