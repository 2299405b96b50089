import { Card, Classes } from '@blueprintjs/core';
import { TimeIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';

import { BlockError } from '@/components/block-error/block-error';
import type { SyncCounts } from '@generated/api/model';

import { syncStatsQueryOptions } from '../../dashboard-queries';
import { formatCount } from '../../model/format-count';
import { SyncRunProgress } from './sync-run-progress';
import styles from './sync.module.css';
import { useNextSyncText } from './use-next-sync-text';

/**
 * Total Synced and Last Synced for leads and opportunities, the run under way if any, and the
 * next-sync countdown.
 */
export function SyncStatsCard() {
  const stats = useQuery(syncStatsQueryOptions());
  const nextSync = useNextSyncText();
  return (
    <Card className={styles.stats} elevation={1}>
      {stats.isError ? (
        <BlockError
          error={stats.error}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <div className={styles.statGroups}>
          <StatGroup id="total-synced" title="Total Synced" counts={stats.data?.total_synced} />
          <StatGroup id="last-synced" title="Last Synced" counts={stats.data?.last_synced} />
        </div>
      )}
      <SyncRunProgress />
      <p className={styles.nextSync}>
        <TimeIcon aria-hidden />
        <span>{nextSync}</span>
      </p>
    </Card>
  );
}

function StatGroup({
  id,
  title,
  counts,
}: {
  id: string;
  title: string;
  counts: SyncCounts | undefined;
}) {
  const value = (n: number | undefined) =>
    n === undefined ? <span className={Classes.SKELETON}>0000</span> : formatCount(n);
  return (
    <section aria-labelledby={id} className={styles.statGroup}>
      <h2 id={id} className={`${Classes.HEADING} ${styles.statTitle}`}>
        {title}
      </h2>
      <dl className={styles.counts} aria-busy={counts === undefined || undefined}>
        <div>
          <dt>Leads</dt>
          <dd>{value(counts?.lead)}</dd>
        </div>
        <div>
          <dt>Opportunities</dt>
          <dd>{value(counts?.opportunity)}</dd>
        </div>
      </dl>
    </section>
  );
}
