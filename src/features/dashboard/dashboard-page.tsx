import { Classes } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';

import { session, type Role } from '@/api/session';
import { EnvironmentSwitch } from '@/components/environment-switch';

import { SyncErrorsCard } from './components/errors/sync-errors-card';
import { SyncFiltersCard } from './components/filters/sync-filters-card';
import { SyncHistoryCard } from './components/history/sync-history-card';
import { InboxCard } from './components/inbox/inbox-card';
import { SyncControls } from './components/sync/sync-controls';
import { SyncStatsCard } from './components/sync/sync-stats-card';
import { UnmappedRequiredNotice } from './components/unmapped/unmapped-required-notice';
import { tenantQueryOptions, type DashboardView } from './dashboard-queries';
import styles from './dashboard.module.css';

export interface DashboardPageProps extends DashboardView {
  role: Role | undefined;
  /** The tab or page changed: the route puts it in the URL. */
  onViewChange: (view: DashboardView) => void;
}

/**
 * The dashboard: sync statistics and controls, the launches inbox, the ACE sync errors and logs,
 * and the sync filters in force. Each block loads and fails on its own.
 */
export function DashboardPage({ tab, page, role, onViewChange }: DashboardPageProps) {
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <h1 className={Classes.HEADING}>Update Feed</h1>
        <div className={styles.actions}>
          {role === 'super_admin' ? <UnmappedRequiredNotice /> : null}
          {role === 'super_admin' ? <SwitchEnvironment /> : null}
          <SyncControls />
        </div>
      </div>
      <div className={styles.overview}>
        <SyncStatsCard />
        <InboxCard />
      </div>
      <SyncHistoryCard canOpenActivity={role === 'super_admin'} />
      <SyncErrorsCard
        tab={tab}
        page={page}
        onViewChange={onViewChange}
        canEditMappings={role === 'super_admin'}
      />
      <SyncFiltersCard canEdit={role === 'super_admin'} />
    </div>
  );
}

/** 'Switch to Prod' / 'Switch to Beta', only while the tenant is not production enabled. */
function SwitchEnvironment() {
  const tenantId = session.tenantId() ?? 0;
  const tenant = useQuery(tenantQueryOptions(tenantId));
  if (!tenant.data || tenant.data.is_production_enabled) return null;
  return (
    <EnvironmentSwitch
      isProductionEnabled={tenant.data.is_production_enabled}
      destination="/new-connection"
    />
  );
}
