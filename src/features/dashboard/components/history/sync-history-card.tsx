import { Button, Card, Classes } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';

import { BlockError } from '@/components/block-error/block-error';
import type { SyncRun } from '@generated/api/model';

import { syncRunsQueryOptions } from '../../dashboard-queries';
import { HISTORY_CARD_TEXT } from '../../model/history-card-text';
import styles from './history-card.module.css';
import { useLazyView, type LazyView } from './use-lazy-view';
import { useOnScreen } from './use-on-screen';

// The chart (uPlot), the table and a run's dialog are chunks of their own: /dashboard loads none
// of them before the card is on screen, the table is asked for, or a run is opened.
const loadChart = () => import('./history-chart').then((module) => module.HistoryChart);
const loadTable = () => import('./history-table').then((module) => module.HistoryTable);
const loadDialog = () => import('./run-dialog').then((module) => module.RunDialog);

const NO_RUNS: SyncRun[] = [];

/** A canvas to draw on: jsdom and very old browsers have none, and uPlot needs one. */
const canDraw = () =>
  typeof CanvasRenderingContext2D !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * 'Sync history': the runs of the last 30 days as a chart (synced against failed per run, leads
 * and opportunities), or as a table; a run opens in a dialog with its counts and its errors.
 */
export function SyncHistoryCard({ canOpenActivity = false }: { canOpenActivity?: boolean }) {
  const runs = useQuery(syncRunsQueryOptions());
  const [asTable, setAsTable] = useState(false);
  const [opened, setOpened] = useState<{ run: SyncRun | null; isOpen: boolean }>({
    run: null,
    isOpen: false,
  });
  const openRun = useCallback((run: SyncRun) => setOpened({ run, isOpen: true }), []);
  const dialog = useLazyView(loadDialog, opened.isOpen);

  const list = runs.data?.results ?? NO_RUNS;
  let body;
  if (runs.isError && !runs.data)
    body = (
      <BlockError
        error={runs.error}
        onRetry={() => void runs.refetch()}
        retrying={runs.isFetching}
      />
    );
  else if (runs.isPending) body = <div className={`${styles.placeholder} ${Classes.SKELETON}`} />;
  else if (list.length === 0)
    body = <p className={`${styles.note} ${Classes.TEXT_MUTED}`}>{HISTORY_CARD_TEXT.empty}</p>;
  else if (asTable) body = <TableView runs={list} onOpen={openRun} />;
  else body = <ChartView runs={list} onOpen={openRun} />;

  return (
    <Card className={styles.card} elevation={1} role="region" aria-labelledby="sync-history-title">
      <div className={styles.header}>
        <h2 id="sync-history-title" className={Classes.HEADING}>
          {HISTORY_CARD_TEXT.title}
        </h2>
        {/* A toggle button (aria-pressed): Blueprint's Switch would bring its controls chunk
            to /dashboard for this one control. */}
        <Button
          variant="outlined"
          size="small"
          text={HISTORY_CARD_TEXT.showAsTable}
          active={asTable}
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        />
      </div>
      <div className={styles.body} aria-busy={runs.isPending || undefined}>
        {body}
      </div>
      {dialog.view && dialog.view !== 'failed' ? (
        <dialog.view.Component
          run={opened.run}
          isOpen={opened.isOpen}
          onClose={() => setOpened((state) => ({ ...state, isOpen: false }))}
          canOpenActivity={canOpenActivity}
        />
      ) : null}
    </Card>
  );
}

interface ViewProps {
  /** The runs, newest first. */
  runs: readonly SyncRun[];
  onOpen: (run: SyncRun) => void;
}

/**
 * The chart's place: a light box until it comes on screen, then the chart's module loads (where
 * the browser can draw on a canvas).
 */
function ChartView(props: ViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const drawable = canDraw();
  const onScreen = useOnScreen(box);
  const chart = useLazyView(loadChart, drawable && onScreen);
  return (
    <div ref={box}>
      {drawable ? (
        <Loaded lazy={chart}>{(Chart) => <Chart {...props} />}</Loaded>
      ) : (
        <p className={`${styles.note} ${Classes.TEXT_MUTED}`}>
          {HISTORY_CARD_TEXT.chartUnavailable}
        </p>
      )}
    </div>
  );
}

function TableView(props: ViewProps) {
  const table = useLazyView(loadTable, true);
  return <Loaded lazy={table}>{(Table) => <Table {...props} />}</Loaded>;
}

/** A view once its module is there; its room until then; a way to try again if it failed. */
function Loaded<P>({
  lazy,
  children,
}: {
  lazy: { view: LazyView<P>; retry: () => void };
  children: (Component: ComponentType<P>) => ReactNode;
}) {
  if (lazy.view === 'failed')
    return (
      <p className={styles.note}>
        {HISTORY_CARD_TEXT.viewFailed}{' '}
        <Button size="small" text={HISTORY_CARD_TEXT.retry} onClick={lazy.retry} />
      </p>
    );
  if (!lazy.view) return <div className={styles.placeholder} />;
  return children(lazy.view.Component);
}
