import { Classes, Intent, ProgressBar } from '@blueprintjs/core';
import { useEffect, useId, useState } from 'react';

import type { SyncRun } from '@generated/api/model';

import { durationText } from '../../model/duration';
import { formatCount, recordsText } from '../../model/format-count';
import { PHASE_TEXT, runProgress } from '../../model/sync-progress';
import styles from './sync.module.css';
import { useSyncRun } from './use-sync-run';

/** The time shown moves every second, even when no new figure arrives (the bar never freezes). */
const CLOCK_MS = 1_000;

/**
 * The tenant's run under way: a progress bar with '{done} of {total} records' beside it, the
 * phase, the time elapsed and an estimate of the time left; 'Reconnecting…' while the server
 * cannot be reached. Nothing when no run lasts. (The Sync controls follow the run; this reads it.)
 */
export function SyncRunProgress() {
  const { run, reconnecting } = useSyncRun({ follow: false });
  if (!run) return null;
  return <RunUnderWay run={run} reconnecting={reconnecting} />;
}

function RunUnderWay({ run, reconnecting }: { run: SyncRun; reconnecting: boolean }) {
  const now = useNow();
  const titleId = useId();
  const { fraction, elapsedMs, remainingMs } = runProgress(run, now);
  const queued = run.state === 'queued' || fraction === undefined;
  const records = `${formatCount(run.processed)} of ${recordsText(run.total)}`;
  const details = [
    PHASE_TEXT[run.phase],
    elapsedMs === undefined ? null : `${durationText(elapsedMs)} elapsed`,
    remainingMs === undefined ? null : `about ${durationText(remainingMs, 'up')} left`,
  ].filter((part) => part !== null);
  return (
    <section aria-labelledby={titleId} className={styles.run}>
      <h2 id={titleId} className={`${Classes.HEADING} ${styles.statTitle}`}>
        Sync in progress
      </h2>
      <div className={styles.runLine}>
        <ProgressBar
          className={styles.runBar}
          aria-label="Sync progress"
          aria-valuetext={queued ? PHASE_TEXT.not_started : records}
          intent={Intent.PRIMARY}
          value={queued ? undefined : fraction}
        />
        {queued ? null : <span className={styles.runRecords}>{records}</span>}
        <span role="status" className={styles.reconnecting}>
          {reconnecting ? 'Reconnecting…' : null}
        </span>
      </div>
      <p className={styles.runDetails}>{details.join(' · ')}</p>
    </section>
  );
}

/** The current time, moved on every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
