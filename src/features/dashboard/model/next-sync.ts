const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The next scheduled sync after `now`: today's 12:00 UTC, else the coming 24:00 UTC. */
export function nextSyncAt(now: Date): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const noon = Date.UTC(y, m, d, 12);
  return new Date(now.getTime() < noon ? noon : Date.UTC(y, m, d + 1, 0));
}

/**
 * 'Next sync in N hrs', or 'Next sync in N mins' in the last hour (whole units, rounded down,
 * and never '0 mins').
 */
export function nextSyncText(now: Date): string {
  const left = nextSyncAt(now).getTime() - now.getTime();
  if (left >= HOUR_MS) return `Next sync in ${Math.floor(left / HOUR_MS)} hrs`;
  return `Next sync in ${Math.max(1, Math.floor(left / MINUTE_MS))} mins`;
}
