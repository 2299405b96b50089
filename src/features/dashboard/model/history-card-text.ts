/**
 * The texts of the Sync history card itself. They load with the dashboard, apart from those of the
 * chart, the table and a run's dialog (sync-history.ts), which load with those views.
 */
export const HISTORY_CARD_TEXT = {
  title: 'Sync history',
  showAsTable: 'Show as table',
  /** The period is HISTORY_DAYS (dashboard-queries.ts). */
  empty: 'No syncs in the last 30 days.',
  chartUnavailable: 'The chart cannot be drawn in this browser. Show it as a table instead.',
  viewFailed: 'This view could not be loaded.',
  retry: 'Retry',
} as const;
