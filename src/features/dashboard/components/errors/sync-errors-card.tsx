import { Card, Classes, Tab, Tabs } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';

import { formatDateTime } from '@/lib/format-date';
import { lazyNamed } from '@/lib/lazy-named';

import {
  type DashboardTab,
  type DashboardView,
  syncStatsQueryOptions,
} from '../../dashboard-queries';
import { ERRORS_TEXT, lastSyncText } from '../../model/error-texts';
import { useOverrideDrafts } from '../overrides/use-override-form';
import { ErrorsPanel } from './errors-panel';
import styles from './errors.module.css';
import { LogsPanel } from './logs-panel';
import type { OverrideFocus } from './override-focus';

// The 'By cause' view loads when its tab is first opened: the dashboard's first screen does not
// carry it.
const CausesPanel = lazyNamed(() => import('./causes-panel'), 'CausesPanel');

export interface SyncErrorsCardProps extends DashboardView {
  onViewChange: (view: DashboardView) => void;
  /** The values mapper (the mappings) is the super_admin's: only they get its links. */
  canEditMappings?: boolean;
}

/**
 * 'ACE Sync Errors': when the last sync ran, and the Errors and All Logs tabs, each paginated by
 * the server, and the errors grouped 'By cause'. Tab and page come from the URL; typed override
 * values live here, above them all.
 */
export function SyncErrorsCard({
  tab,
  page,
  onViewChange,
  canEditMappings = false,
}: SyncErrorsCardProps) {
  const drafts = useOverrideDrafts();
  const onPageChange = (next: number) => onViewChange({ tab, page: next });
  const [overrideFocus, setOverrideFocus] = useState<OverrideFocus | null>(null);
  // A cause fixed by a dummy value: the Errors tab opens at the page of its errors, the field put
  // in their rows.
  const openOverride = (focus: OverrideFocus, errorsPage: number) => {
    setOverrideFocus(focus);
    onViewChange({ tab: 'errors', page: errorsPage });
  };
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
          panel={
            <ErrorsPanel
              page={page}
              onPageChange={onPageChange}
              drafts={drafts}
              focus={overrideFocus}
            />
          }
        />
        <Tab
          id="logs"
          title={ERRORS_TEXT.logsTab}
          panel={<LogsPanel page={page} onPageChange={onPageChange} />}
        />
        <Tab
          id="causes"
          title={ERRORS_TEXT.causesTab}
          panel={
            <Suspense
              fallback={
                <p className={Classes.SKELETON} aria-hidden="true">
                  {ERRORS_TEXT.causesTab}
                </p>
              }
            >
              <CausesPanel onOpenOverride={openOverride} canEditMappings={canEditMappings} />
            </Suspense>
          }
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
