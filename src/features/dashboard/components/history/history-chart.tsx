import { Classes } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

import { formatDateTime, formatShortDay } from '@/lib/format-date';
import { useTheme } from '@/lib/theme';
import type { SyncRun } from '@generated/api/model';

import { HISTORY_TEXT, historyChartData, runSummary } from '../../model/sync-history';
import styles from './history.module.css';

export interface HistoryChartProps {
  /** The runs as the API lists them, newest first. */
  runs: readonly SyncRun[];
  /** A click on a run's bars. */
  onOpen: (run: SyncRun) => void;
}

/** The plot's height in CSS pixels; the card keeps this room (history.module.css, .plot). */
const CHART_HEIGHT = 200;

/** The colours the chart draws with, read from the theme's CSS variables at draw time. */
interface Palette {
  leadSynced: string;
  leadFailed: string;
  opportunitySynced: string;
  opportunityFailed: string;
  axis: string;
  grid: string;
}

/**
 * Resolves CSS colours (custom properties, Blueprint's tokens, relative colours) the way the page
 * does, for the canvas, which knows no CSS variables: a hidden probe in `host` takes each colour
 * and the computed value is read back.
 */
function readPalette(host: HTMLElement): Palette {
  const probe = document.createElement('span');
  probe.hidden = true;
  host.append(probe);
  const read = (variable: string) => {
    probe.style.color = `var(${variable})`;
    return getComputedStyle(probe).color;
  };
  const palette: Palette = {
    leadSynced: read('--history-lead-synced'),
    leadFailed: read('--history-lead-failed'),
    opportunitySynced: read('--history-opportunity-synced'),
    opportunityFailed: read('--history-opportunity-failed'),
    axis: read('--history-axis'),
    grid: read('--history-grid'),
  };
  probe.remove();
  return palette;
}

/**
 * Two bars per run, leads left of its mark and opportunities right of it, each synced below and
 * failed above. uPlot has no stacking of its own: each entity draws its total (in the failed
 * colour), then its synced part over the lower end of it.
 */
function chartOptions(
  width: number,
  palette: Palette,
  runs: readonly SyncRun[],
  onCursor: (index: number | null) => void,
): uPlot.Options {
  const bars = (align: -1 | 1) => uPlot.paths.bars?.({ size: [0.4, 28], align });
  const series = (label: string, fill: string, align: -1 | 1): uPlot.Series => ({
    label,
    fill,
    stroke: fill,
    width: 0,
    paths: bars(align),
    points: { show: false },
  });
  const axis = {
    stroke: palette.axis,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { show: false },
  };
  const day = (index: number) => formatShortDay(runs[index]?.started_at);
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false }, y: false },
    scales: {
      x: { time: false, range: () => [-0.6, runs.length - 0.4] },
      y: { range: (_u, _min, max) => uPlot.rangeNum(0, Math.max(max, 1), 0.1, true) },
    },
    axes: [
      {
        ...axis,
        size: 32,
        grid: { show: false },
        // One label per day at most: runs of the same day share their first label.
        values: (_u, splits) =>
          splits.map((split, i) => {
            const label = Number.isInteger(split) ? day(split) : '';
            const previous = i > 0 ? splits[i - 1] : undefined;
            return previous !== undefined && Number.isInteger(previous) && day(previous) === label
              ? ''
              : label;
          }),
      },
      {
        ...axis,
        values: (_u, splits) =>
          splits.map((split) => (Number.isInteger(split) ? String(split) : '')),
      },
    ],
    series: [
      {},
      series(HISTORY_TEXT.leadsFailed, palette.leadFailed, -1),
      series(HISTORY_TEXT.leadsSynced, palette.leadSynced, -1),
      series(HISTORY_TEXT.opportunitiesFailed, palette.opportunityFailed, 1),
      series(HISTORY_TEXT.opportunitiesSynced, palette.opportunitySynced, 1),
    ],
    hooks: {
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
    },
  };
}

/**
 * The runs as bars (uPlot on a canvas; this module is its own chunk, loaded when the history card
 * comes on screen). Pointing at a run reads it in the line under the chart (the newest run's when
 * the pointer is elsewhere); a click opens it. Redrawn in the new colours when the theme changes.
 */
export function HistoryChart({ runs, onOpen }: HistoryChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const { dark } = useTheme();
  const data = useMemo(() => historyChartData(runs), [runs]);
  const [hovered, setHovered] = useState<number | null>(null);
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const palette = readPalette(element);
    const totals = (synced: number[], failed: number[]) =>
      synced.map((n, i) => n + (failed[i] ?? 0));
    const plot = new uPlot(
      chartOptions(element.clientWidth || 600, palette, data.runs, setHovered),
      [
        data.x,
        totals(data.leadSynced, data.leadFailed),
        data.leadSynced,
        totals(data.opportunitySynced, data.opportunityFailed),
        data.opportunitySynced,
      ],
      element,
    );
    const onClick = () => {
      const index = plot.cursor.idx;
      const run = index === null || index === undefined ? undefined : data.runs[index];
      if (run) open.current(run);
    };
    plot.over.addEventListener('click', onClick);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            if (element.clientWidth > 0)
              plot.setSize({ width: element.clientWidth, height: CHART_HEIGHT });
          });
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.over.removeEventListener('click', onClick);
      plot.destroy();
    };
    // `dark`: the colours are read again, in the other theme.
  }, [data, dark]);

  const shown = (hovered === null ? undefined : data.runs[hovered]) ?? data.runs.at(-1);
  return (
    <div className={styles.chart}>
      <div ref={host} className={styles.plot} role="img" aria-label={HISTORY_TEXT.chart} />
      <p className={`${styles.reading} ${Classes.TEXT_MUTED}`}>
        {shown ? runSummary(shown, formatDateTime(shown.started_at)) : null}
      </p>
      <ul className={styles.legend}>
        <li>
          <span className={`${styles.swatch} ${styles.leadSynced}`} aria-hidden />
          {HISTORY_TEXT.leadsSynced}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.leadFailed}`} aria-hidden />
          {HISTORY_TEXT.leadsFailed}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.opportunitySynced}`} aria-hidden />
          {HISTORY_TEXT.opportunitiesSynced}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.opportunityFailed}`} aria-hidden />
          {HISTORY_TEXT.opportunitiesFailed}
        </li>
      </ul>
    </div>
  );
}
