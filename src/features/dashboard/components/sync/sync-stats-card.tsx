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
 * next-sync countdown. Total Synced counts the records in ACE that AceBridge created and that
 * still exist; Last Synced the last full sync's created and updated records, with the ones it
 * found unchanged under them (a backend that does not send them shows no such line).
 */
export function SyncStatsCard() {
  const stats = useQuery(syncStatsQueryOptions());
  const nextSync = useNextSyncText(stats.data);
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
          <StatGroup
            id="last-synced"
            title="Last Synced"
            counts={stats.data?.last_synced}
            unchanged={stats.data?.last_unchanged}
          />
        </div>
      )}
      <SyncRunProgress />
      {/* When the next sync is comes with the statistics: a stand-in the length of the usual line
          until they are in, nothing when they could not be had (the block above says so). */}
      {nextSync !== undefined || stats.isPending ? (
        <p className={styles.nextSync}>
          <TimeIcon aria-hidden />
          {nextSync === undefined ? (
            <span className={Classes.SKELETON} aria-hidden>
              Next sync in 00 hrs
            </span>
          ) : (
            <span>{nextSync}</span>
          )}
        </p>
      ) : null}
    </Card>
  );
}

/** The caption under a Last Synced figure: the records the sync found unchanged. */
const unchangedText = (count: number) => `${formatCount(count)} unchanged`;

function StatGroup({
  id,
  title,
  counts,
  unchanged,
}: {
  id: string;
  title: string;
  counts: SyncCounts | undefined;
  /** Records of the same sync found unchanged, a figure of their own under each count. */
  unchanged?: SyncCounts;
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
          {unchanged ? <dd className={styles.caption}>{unchangedText(unchanged.lead)}</dd> : null}
        </div>
        <div>
          <dt>Opportunities</dt>
          <dd>{value(counts?.opportunity)}</dd>
          {unchanged ? (
            <dd className={styles.caption}>{unchangedText(unchanged.opportunity)}</dd>
          ) : null}
        </div>
      </dl>
    </section>
  );
}
