import { Button, ButtonGroup, Classes, Intent } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';

import { MAX_PAGE_BUTTONS, pageCount, pageWindow, rangeText } from './pagination';
import styles from './paginator.module.css';

export interface PaginatorProps {
  /** The current page, 1-based. */
  page: number;
  /**
   * Items per page. For a server-paginated list this is the first page's result count (see
   * `pageSizeFromFirstPage`), since the server decides it.
   */
  pageSize: number;
  /** Total number of items (the server's `count`). */
  total: number;
  /** Called with the page the user asked for (never the current page, never out of range). */
  onPageChange: (page: number) => void;
  /** Buttons show but do nothing while the next page loads. */
  disabled?: boolean;
  /** Names the navigation landmark for screen readers, e.g. 'Sync errors pages'. */
  label?: string;
  /** At most this many numbered buttons (5 by default). */
  maxButtons?: number;
}

/**
 * Page buttons for a paginated list: previous, at most five numbered pages around the current
 * one, next, and the range text 'a-b of total'. Renders nothing when the list is empty.
 */
export function Paginator({
  page,
  pageSize,
  total,
  onPageChange,
  disabled = false,
  label = 'Pages',
  maxButtons = MAX_PAGE_BUTTONS,
}: PaginatorProps) {
  const pages = pageCount(total, pageSize);
  if (pages === 0) return null;
  const current = Math.min(Math.max(1, page), pages);
  const go = (target: number) => {
    if (!disabled && target !== current && target >= 1 && target <= pages) onPageChange(target);
  };
  return (
    <nav className={styles.paginator} aria-label={label}>
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {rangeText(current, pageSize, total)}
      </span>
      {pages > 1 ? (
        <ButtonGroup>
          <Button
            icon={<ChevronLeftIcon />}
            aria-label="Previous page"
            disabled={disabled || current === 1}
            onClick={() => go(current - 1)}
          />
          {pageWindow(current, pages, maxButtons).map((number) => (
            <Button
              key={number}
              text={String(number)}
              intent={number === current ? Intent.PRIMARY : Intent.NONE}
              active={number === current}
              aria-label={`Page ${number}`}
              aria-current={number === current ? 'page' : undefined}
              disabled={disabled && number !== current}
              onClick={() => go(number)}
            />
          ))}
          <Button
            icon={<ChevronRightIcon />}
            aria-label="Next page"
            disabled={disabled || current === pages}
            onClick={() => go(current + 1)}
          />
        </ButtonGroup>
      ) : null}
    </nav>
  );
}
