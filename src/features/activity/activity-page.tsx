import { Card, Classes } from '@blueprintjs/core';
import { Suspense, useEffect, useState } from 'react';

import { isApiError } from '@/api/api-error';
import { BlockError } from '@/components/block-error/block-error';
import { DataTable, useDataTable } from '@/components/data-table';
import { Paginator } from '@/components/paginator/paginator';
import { usePagedList } from '@/components/paginator/use-paged-list';
import { lazyNamed } from '@/lib/lazy-named';
import type { ActivityEvent } from '@generated/api/model';

import { activityQueryOptions } from './activity-query-options';
import styles from './activity.module.css';
import { ActivityActions } from './components/activity-actions';
import { activityColumns, OpenEventContext } from './components/activity-columns';
import { ActivityFiltersBar } from './components/activity-filters';
import { isFiltered, type ActivityFilters } from './model/activity-search';
import { ACTIVITY_TEXT } from './model/activity-texts';

const NO_EVENTS: ActivityEvent[] = [];

// The event's dialog (Blueprint's overlay and its focus trap) loads when an event is first opened.
const EventDialog = lazyNamed(() => import('./components/event-dialog'), 'EventDialog');

export interface ActivityPageProps {
  filters: ActivityFilters;
  page: number;
  /** New filters: the list starts again at page 1. */
  onFiltersChange: (filters: ActivityFilters) => void;
  onPageChange: (page: number) => void;
  /** The page asked for does not exist (a shared link to page 9 of 3): back to page 1. */
  onPageGone: () => void;
}

/** Activity (/activity, super_admin): who changed what, newest first, filtered, paged, exported. */
export function ActivityPage({
  filters,
  page,
  onFiltersChange,
  onPageChange,
  onPageGone,
}: ActivityPageProps) {
  // Kept after closing, so that the dialog's text does not change while it fades out.
  const [opened, setOpened] = useState<{ event: ActivityEvent; open: boolean }>();
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={Classes.HEADING}>{ACTIVITY_TEXT.title}</h1>
        <ActivityActions filters={filters} />
      </div>
      <Card elevation={1}>
        <ActivityFiltersBar filters={filters} onChange={onFiltersChange} />
        <OpenEventContext.Provider value={(event) => setOpened({ event, open: true })}>
          <ActivityList
            filters={filters}
            page={page}
            onPageChange={onPageChange}
            onPageGone={onPageGone}
          />
        </OpenEventContext.Provider>
      </Card>
      {opened ? (
        <Suspense fallback={null}>
          <EventDialog
            event={opened.event}
            isOpen={opened.open}
            onClose={() => setOpened({ ...opened, open: false })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function ActivityList({
  filters,
  page,
  onPageChange,
  onPageGone,
}: Pick<ActivityPageProps, 'filters' | 'page' | 'onPageChange' | 'onPageGone'>) {
  const list = usePagedList((number) => activityQueryOptions(filters, number), page);
  // A page beyond the last answers 404: the log is there, the link is stale.
  const gone =
    page > 1 &&
    list.query.isError &&
    isApiError(list.query.error) &&
    list.query.error.status === 404;
  useEffect(() => {
    if (gone) onPageGone();
  }, [gone, onPageGone]);
  const table = useDataTable({
    data: list.rows ?? NO_EVENTS,
    columns: activityColumns,
    getRowId: (event) => String(event.id),
  });
  if (list.query.isError && !list.rows && !gone) {
    return <BlockError error={list.query.error} onRetry={() => void list.query.refetch()} />;
  }
  return (
    <>
      <DataTable
        table={table}
        label={ACTIVITY_TEXT.table}
        loading={list.loading}
        busy={list.query.isPlaceholderData}
        emptyMessage={isFiltered(filters) ? ACTIVITY_TEXT.empty : ACTIVITY_TEXT.none}
        skeletonRows={8}
      />
      <div className={styles.footer}>
        <Paginator
          page={page}
          pageSize={list.pageSize}
          total={list.total}
          onPageChange={onPageChange}
          disabled={list.query.isPlaceholderData}
          label={ACTIVITY_TEXT.pages}
        />
      </div>
    </>
  );
}
