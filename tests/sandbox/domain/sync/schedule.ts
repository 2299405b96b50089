/**
 * The schedule of syncs: every company whose set-up is complete is synced at 12:00 and 24:00 UTC
 * (the product's rule; the dashboard counts down to it). `nextSyncAt` says when a tenant's next
 * scheduled sync is due (SyncStats.next_sync_at), and the scheduler starts those syncs in the
 * running sandbox (server.ts): at each 12:00 and 24:00 UTC that passes while it runs, one run of
 * trigger `scheduled` per tenant whose set-up is complete and that has no run under way. A time
 * that passed while the sandbox was stopped is not made up at the next start: a sandbox started in
 * the afternoon does not sync every company the moment it starts, and its next scheduled sync is
 * the one `next_sync_at` says.
 */
import { nextScheduledTime, SCHEDULED_HOURS_UTC } from '../../../../generated/rules/index';
import type { State } from '../../store/state';
import { setupStep } from '../setup-progress';
import { activeRun } from './runs';

// The hours come from the contract (SyncStats.next_sync_at's x-scheduled-hours-utc), which the
// app's countdown reads too.
export { nextScheduledTime, SCHEDULED_HOURS_UTC };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** ISO date-time without milliseconds, as the contract's examples write them. */
const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The scheduled times of the UTC day of `at`, the day before and the next day, in order. */
function timesAround(at: Date): number[] {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return [day - DAY_MS, day, day + DAY_MS].flatMap((start) =>
    SCHEDULED_HOURS_UTC.map((hour) => start + hour * HOUR_MS),
  );
}

/** The last scheduled time at or before `now`. */
export function lastScheduledTime(now: Date): Date {
  const time = timesAround(now).findLast((at) => at <= now.getTime());
  return new Date(time as number);
}

/** True when the tenant is synced on the schedule: its set-up is complete. */
function isScheduled(state: State, tenantId: number): boolean {
  return state.tenants.some((row) => row.id === tenantId) && setupStep(state, tenantId) === null;
}

/** When the tenant's next scheduled sync is due; null while its set-up is not complete. */
export function nextSyncAt(state: State, tenantId: number, now: Date): string | null {
  return isScheduled(state, tenantId) ? stamp(nextScheduledTime(now)) : null;
}

export interface SyncScheduler {
  /**
   * Starts the scheduled runs of a scheduled time that passed since the last check (the first
   * check counts from the scheduler's creation); returns the tenants whose run it started.
   */
  check(): number[];
}

export function createSyncScheduler(options: {
  state: () => State;
  /** Starts a scheduled run of the tenant; false when it cannot (a run is under way). */
  start: (tenantId: number) => boolean;
  now: () => Date;
}): SyncScheduler {
  let checked = options.now().getTime();
  return {
    check() {
      const now = options.now();
      const due = lastScheduledTime(now).getTime();
      const passed = due > checked;
      checked = Math.max(checked, now.getTime());
      if (!passed) return [];
      const state = options.state();
      return state.tenants
        .map((tenant) => tenant.id)
        .filter((id) => isScheduled(state, id) && !activeRun(state, id))
        .filter((id) => options.start(id));
    },
  };
}
