import { Card, Classes, Tab, Tabs } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';

import {
  type DashboardTab,
  type DashboardView,
  syncStatsQueryOptions,
} from '../../dashboard-queries';
import { ERRORS_TEXT, lastSyncText } from '../../model/error-texts';
import { formatDateTime } from '../../model/format-date';
import { useOverrideDrafts } from '../overrides/use-override-form';
import { ErrorsPanel } from './errors-panel';
import styles from './errors.module.css';
import { LogsPanel } from './logs-panel';

export interface SyncErrorsCardProps extends DashboardView {
  onViewChange: (view: DashboardView) => void;
}

/**
 * 'ACE Sync Errors': when the last sync ran, and the Errors and All Logs tabs, each paginated by
 * the server. Tab and page come from the URL; typed override values live here, above both.
 */
export function SyncErrorsCard({ tab, page, onViewChange }: SyncErrorsCardProps) {
  const drafts = useOverrideDrafts();
  const onPageChange = (next: number) => onViewChange({ tab, page: next });
  return (
    <Card className={styles.card} elevation={1} role="region" aria-labelledby="sync-errors-title">
      <div className={styles.header}>
        <h2 id="sync-errors-title" className={Classes.HEADING}>
          {ERRORS_TEXT.title}
        </h2>
        <LastSyncLine />
      </div>
      <Tabs
        id="sync-errors-tabs"
        selectedTabId={tab}
        onChange={(next) => onViewChange({ tab: next as DashboardTab, page: 1 })}
        renderActiveTabPanelOnly
      >
        <Tab
          id="errors"
          title={ERRORS_TEXT.errorsTab}
          panel={<ErrorsPanel page={page} onPageChange={onPageChange} drafts={drafts} />}
        />
        <Tab
          id="logs"
          title={ERRORS_TEXT.logsTab}
          panel={<LogsPanel page={page} onPageChange={onPageChange} />}
        />
      </Tabs>
    </Card>
  );
}

function LastSyncLine() {
  const stats = useQuery(syncStatsQueryOptions());
  // A box the width of the longest line, the text at its start: the line does not move when the
  // date replaces the skeleton (a line the length of a loaded one).
  if (stats.isPending)
    return (
      <span className={`${styles.lastSync} ${Classes.SKELETON}`} aria-hidden="true">
        Last sync at Mar 00, 0000, 00:00 PM
      </span>
    );
  if (stats.isError) return <span className={styles.lastSync} />; // the statistics block says
  return (
    <span className={`${styles.lastSync} ${Classes.TEXT_MUTED}`}>
      {lastSyncText(formatDateTime(stats.data.last_synced_date))}
    </span>
  );
}
