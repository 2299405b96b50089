import { Button, Card, Classes, Switch } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';

import { BlockError } from '@/components/block-error/block-error';
import { lazyDialog } from '@/components/lazy-dialog/lazy-dialog';
import type { SyncRun } from '@generated/api/model';

import { syncRunsQueryOptions, syncStatsQueryOptions } from '../../dashboard-queries';
import { HISTORY_TEXT } from '../../model/sync-history';
import type { HistoryChartProps } from './history-chart';
import type { HistoryTableProps } from './history-table';
import styles from './history.module.css';
import { useOnScreen } from './use-on-screen';

// The chart (uPlot), the table and the run's dialog are chunks of their own: /dashboard loads
// none of them before the card is on screen, the table is asked for, or a run is opened.
const loadChart = () => import('./history-chart').then((module) => module.HistoryChart);
const loadTable = () => import('./history-table').then((module) => module.HistoryTable);
const RunDialog = lazyDialog(() => import('./run-dialog').then((module) => module.RunDialog));

const NO_RUNS: SyncRun[] = [];

/** A canvas to draw on: jsdom and very old browsers have none, and uPlot needs one. */
const canDraw = () =>
  typeof CanvasRenderingContext2D !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * 'Sync history': the runs of the last 30 days as a chart (synced against failed per run, leads
 * and opportunities), or as a table; a run opens in a dialog with its counts and its errors.
 */
export function SyncHistoryCard() {
  const runs = useQuery(syncRunsQueryOptions());
  const [asTable, setAsTable] = useState(false);
  const [opened, setOpened] = useState<SyncRun | null>(null);
  const [open, setOpen] = useState(false);
  const openRun = useCallback((run: SyncRun) => {
    setOpened(run);
    setOpen(true);
  }, []);
  useRunsFollowTheStats();

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
    body = <p className={`${styles.note} ${Classes.TEXT_MUTED}`}>{HISTORY_TEXT.empty}</p>;
  else if (asTable) body = <LazyView load={loadTable} runs={list} onOpen={openRun} />;
  else body = <ChartShell runs={list} onOpen={openRun} />;

  return (
    <Card className={styles.card} elevation={1} role="region" aria-labelledby="sync-history-title">
      <div className={styles.header}>
        <h2 id="sync-history-title" className={Classes.HEADING}>
          {HISTORY_TEXT.title}
        </h2>
        <Switch
          label={HISTORY_TEXT.showAsTable}
          checked={asTable}
          onChange={(event) => setAsTable(event.currentTarget.checked)}
        />
      </div>
      <div className={styles.body} aria-busy={runs.isPending || undefined}>
        {body}
      </div>
      <RunDialog run={opened} isOpen={open} onClose={() => setOpen(false)} />
    </Card>
  );
}

/**
 * The chart's place: a light box until it comes on screen, then the chart's module loads (where
 * the browser can draw on a canvas).
 */
function ChartShell(props: HistoryChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(box);
  const drawable = canDraw();
  return (
    <div ref={box}>
      {!drawable ? (
        <p className={`${styles.note} ${Classes.TEXT_MUTED}`}>{HISTORY_TEXT.chartUnavailable}</p>
      ) : onScreen ? (
        <LazyView load={loadChart} {...props} />
      ) : (
        <div className={styles.placeholder} />
      )}
    </div>
  );
}

type ViewProps = HistoryChartProps & HistoryTableProps;

/**
 * Loads a view's module on first render and shows it; until then the box keeps its room. A module
 * that fails to load (a new deployment, the network) says so, with a way to try again.
 */
function LazyView({
  load,
  ...props
}: ViewProps & { load: () => Promise<ComponentType<ViewProps>> }) {
  const [view, setView] = useState<{ Component: ComponentType<ViewProps> } | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (Component) => live && setView({ Component }),
      () => live && setView('failed'),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);
  if (view === 'failed')
    return (
      <p className={styles.note}>
        {HISTORY_TEXT.viewFailed}{' '}
        <Button
          size="small"
          text={HISTORY_TEXT.retry}
          onClick={() => {
            setView(null);
            setAttempt((n) => n + 1);
          }}
        />
      </p>
    );
  if (!view) return <div className={styles.placeholder} />;
  return <view.Component {...props} />;
}

/**
 * A run that ends moves the statistics' last sync date (whoever follows it: this tab's sync, the
 * dashboard's polling): the runs are asked again then, so the history's first row is that run.
 */
function useRunsFollowTheStats() {
  const queryClient = useQueryClient();
  const lastSync = useQuery({
    ...syncStatsQueryOptions(),
    select: (stats) => stats.last_synced_date,
  }).data;
  const seen = useRef(lastSync);
  useEffect(() => {
    if (seen.current !== undefined && lastSync !== seen.current)
      void queryClient.invalidateQueries({ queryKey: syncRunsQueryOptions().queryKey });
    seen.current = lastSync;
  }, [lastSync, queryClient]);
}
