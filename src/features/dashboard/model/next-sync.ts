import { countOf } from '@/lib/plural';
import type { SyncStats } from '@generated/api/model';
import { nextScheduledTime } from '@generated/rules';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const HOURS = { one: 'hr', other: 'hrs' };
const MINUTES = { one: 'min', other: 'mins' };

/** The words of the next-sync line under the counts. */
const NEXT_SYNC_TEXT = {
  /** 'Next sync in 8 hrs', 'Next sync due now'. */
  next: (when: string) => `Next sync ${when}`,
  /** The server schedules no sync (a company whose set-up is not complete). */
  noneScheduled: 'No sync scheduled',
  /**
   * A company that never synced: saying only 'Next sync in 8 hrs' would read as if syncs had
   * run before.
   */
  neverSynced: (when: string) => `Not synced yet · next sync ${when}`,
  neverSyncedNoneScheduled: 'Not synced yet · no sync scheduled',
} as const;

/**
 * The schedule's rule, for a backend that does not say when its next sync is: the next of the
 * contract's scheduled hours (12:00 and 24:00 UTC).
 */
export const nextSyncAt = (now: Date): Date => nextScheduledTime(now);

/**
 * When the next sync is due: the server's `next_sync_at`, which knows the company's schedule;
 * null when the server says none is scheduled. Only a backend that does not send the field (or
 * sends something that is not a time) gets the 12:00/24:00 UTC rule.
 */
export function nextSyncDue(stats: Pick<SyncStats, 'next_sync_at'>, now: Date): Date | null {
  if (stats.next_sync_at === null) return null;
  const due = stats.next_sync_at === undefined ? Number.NaN : Date.parse(stats.next_sync_at);
  return Number.isNaN(due) ? nextSyncAt(now) : new Date(due);
}

/**
 * How far off `due` is: 'in N hrs', or 'in N mins' in the last hour (whole units, rounded down,
 * never '0 mins'); 'due now' once the time has come and the run has not shown yet.
 */
function countdown(due: Date, now: Date): string {
  const left = due.getTime() - now.getTime();
  if (left >= HOUR_MS) return `in ${countOf(Math.floor(left / HOUR_MS), HOURS)}`;
  if (left > 0) return `in ${countOf(Math.max(1, Math.floor(left / MINUTE_MS)), MINUTES)}`;
  return 'due now';
}

/**
 * The next-sync line: 'Next sync in N hrs' (mins in the last hour) to the server's next sync, 'No
 * sync scheduled' when there is none, and 'Not synced yet · …' first for a company that never
 * synced.
 */
export function nextSyncText(
  stats: Pick<SyncStats, 'next_sync_at' | 'last_synced_date'>,
  now: Date,
): string {
  const due = nextSyncDue(stats, now);
  if (stats.last_synced_date === null)
    return due
      ? NEXT_SYNC_TEXT.neverSynced(countdown(due, now))
      : NEXT_SYNC_TEXT.neverSyncedNoneScheduled;
  return due ? NEXT_SYNC_TEXT.next(countdown(due, now)) : NEXT_SYNC_TEXT.noneScheduled;
}
