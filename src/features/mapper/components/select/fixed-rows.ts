/**
 * Which rows of a list of fixed-height rows are in the DOM: those in view and `overscan` more on
 * each side. Every row is `rowHeight` tall, so a row's place is arithmetic and the work does not
 * grow with the list (a virtualizer that measures rows keeps a position for each of them: for
 * 10,000 options, a quarter of what opening a list cost under 4x CPU throttling).
 */
export interface FixedRowsWindow {
  /** First and last index rendered (last < first when the list is empty). */
  first: number;
  last: number;
  /** Height of all the rows together: the scrolled content's height. */
  totalHeight: number;
}

export function fixedRowsWindow(
  count: number,
  rowHeight: number,
  viewportHeight: number,
  scrollTop: number,
  overscan: number,
): FixedRowsWindow {
  const totalHeight = count * rowHeight;
  const top = Math.min(Math.max(scrollTop, 0), Math.max(totalHeight - viewportHeight, 0));
  const firstInView = Math.floor(top / rowHeight);
  const lastInView = Math.ceil((top + viewportHeight) / rowHeight) - 1;
  return {
    first: Math.max(firstInView - overscan, 0),
    last: Math.min(lastInView + overscan, count - 1),
    totalHeight,
  };
}

/**
 * The scroll offset that brings row `index` into view, moving as little as possible (none when it
 * is already in view): the row's top at the viewport's top when it lies above, its bottom at the
 * viewport's bottom when it lies below.
 */
export function scrollTopToReveal(
  index: number,
  rowHeight: number,
  viewportHeight: number,
  scrollTop: number,
): number {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return rowBottom - viewportHeight;
  return scrollTop;
}
